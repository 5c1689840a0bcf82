/**
 * Apply on /filters, checked on the server like every form (docs/decisions/013). The form's
 * fields are the listing's own URL parameters, so its schema reads them with the listing
 * query's schema; it refuses besides what a link may carry (a choice not in the list, a salary
 * below any helper's) and words each refusal for the person at the form, beside the field.
 */
import { redirect } from "react-router";
import { localHref } from "../../../shared/i18n/page-locale";
import { z } from "zod";
import { HELPER_LIMITS } from "../../../shared/helper-limits";
import { toListingSearchParams, type HelperFilter } from "../../../shared/listing-query";
import { readLeniently, type QueryIssueParams } from "../../../shared/listing-query-schema";
import { APPLY_FIELD, filterFieldNames, numberFields } from "../filter-form-values";
import { parseWithZod } from "../../../ui/forms.server";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { formatSalary } from "../../../shared/format";

const AGE = HELPER_LIMITS.age;

/** What to say at a field whose value the listing's schema refused, by the kind of refusal. */
function reworded(param: string, issue: z.core.$ZodIssue): { field: string; message: string } {
  const params = (issue.code === "custom" ? issue.params : undefined) as QueryIssueParams | undefined;
  if (params?.kind === "order") return { field: "ageMax", message: m.leads_error_age_order({ from: String(params.from) }) };
  if (param === "ageMin" || param === "ageMax") {
    const message = params?.kind === "range" ? m.leads_error_age_range({ min: AGE.min, max: AGE.max }) : m.leads_error_age_number();
    return { field: param, message };
  }
  if (param === "salaryMax") {
    const message =
      params?.kind === "range"
        ? m.leads_error_salary_range({ amount: formatSalary(HELPER_LIMITS.salary.min)! })
        : m.leads_error_salary_number();
    return { field: param, message };
  }
  if (param === "availableBy") return { field: param, message: m.leads_error_date() };
  return { field: param, message: unknownChoice(param) };
}

function unknownChoice(param: string): string {
  if (param === "skill") return m.leads_error_skill();
  if (param === "interview") return m.leads_error_interview();
  return m.leads_error_choice();
}

/** "$1,200" and " 25 " are what people type for 1200 and 25. */
const asNumberText = (value: unknown) => (typeof value === "string" ? value.replace(/[$,\s]/g, "") : value);

export const filterFormSchema = z.record(z.string(), z.unknown()).transform((sent, ctx): HelperFilter => {
  // Only the form's own fields: the listing's order, page or supplier are not the form's to set.
  const values: Record<string, string | string[]> = {};
  for (const name of filterFieldNames) {
    const value = (numberFields as readonly string[]).includes(name) ? asNumberText(sent[name]) : sent[name];
    if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"))) values[name] = value;
  }
  const { query, unknown, issues } = readLeniently(values);
  let refused = false;
  const refuse = (field: string, message: string) => {
    refused = true;
    ctx.issues.push({ code: "custom", message, input: sent[field], path: [field] });
  };
  for (const issue of issues) {
    const { field, message } = reworded(String(issue.path[0]), issue);
    refuse(field, message);
  }
  for (const { param } of unknown) refuse(param, unknownChoice(param));
  if (query.salaryMax !== undefined && query.salaryMax < HELPER_LIMITS.salary.min) {
    refuse("salaryMax", `Enter a monthly salary of at least $${HELPER_LIMITS.salary.min}`);
  }
  if (refused) return z.NEVER;
  const { sort: _sort, page: _page, pageSize: _pageSize, ...chosen } = query;
  return chosen;
});

/** Conform's reading of the form's values (a refusal has one message per field, beside it). */
export function readFilterForm(values: URLSearchParams | FormData) {
  return parseWithZod(values, { schema: filterFormSchema, disableAutoCoercion: true });
}

/**
 * Apply sends the form to /filters itself (a GET, so it works before the script has loaded):
 * the chosen values go on to /posts under the listing's names, a refusal comes back to the form.
 * A link that only pre-fills the form (no Apply) is not checked.
 */
/** The listing's heading, where a family lands with the results of the filters it applied. */
const RESULTS_ANCHOR = "listing-heading";

export async function applyFilterForm(url: URL, onApplied?: (filter: HelperFilter) => Promise<void>) {
  if (!url.searchParams.has(APPLY_FIELD)) return undefined;
  const submission = readFilterForm(url.searchParams);
  if (submission.status === "success") {
    await onApplied?.(submission.value);
    // On to the listing in the form's own language (/zh/filters leads to /zh/posts), at its
    // results: the listing takes the focus there (helper-listing.tsx), the browser scrolls there.
    throw redirect(`${localHref(paths.listing(toListingSearchParams(submission.value)))}#${RESULTS_ANCHOR}`);
  }
  // Not a 400: like the listing's notes, a search page says what it could not use and stays a page.
  return submission.reply();
}
