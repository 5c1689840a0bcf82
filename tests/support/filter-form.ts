import { readFilterForm } from "../../src/features/leads/pages/filter-form.server";
import type { FilterValues } from "../../src/features/leads/filter-form-values";

/** Apply's check of the /filters form, as the page's loader makes it: the query, or a message per field. */
export function checkFilterForm(values: FilterValues) {
  // As the browser sends the form: each ticked box is its own parameter.
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  const submission = readFilterForm(params);
  if (submission.status === "success") return { ok: true as const, query: submission.value };
  const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages?.[0]]));
  return { ok: false as const, errors };
}
