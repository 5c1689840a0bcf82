/**
 * How the biodata page form is read: Conform (parseWithZod) builds the nested parts from the
 * posted names (`skills.cooking.years`, `employment[0].from`) and checks them with the same
 * schema as the API and the database writes. Conform coerces nothing here: a field sent blank
 * means "not given" to the schema, so an edit clears it.
 */
import { z } from "zod";
import { LIST_FIELDS } from "../components/biodata-form-values";
import { parseWithZod } from "../../../ui/forms.server";

/** What the form leaves out when nothing is ticked or added: every list empty, so an edit clears it. */
export function withFormDefaults(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const form: Record<string, unknown> = { ...value };
  for (const name of LIST_FIELDS) form[name] ??= [];
  form.skills ??= {};
  form.employment ??= [];
  // A drop-down beside a language not ticked is hidden but still posted: its level says nothing.
  const levels = form.languageLevels;
  if (typeof levels === "object" && levels !== null && !Array.isArray(levels)) {
    const ticked = Array.isArray(form.otherLanguages) ? form.otherLanguages : [form.otherLanguages];
    form.languageLevels = Object.fromEntries(Object.entries(levels).filter(([language]) => ticked.includes(language)));
  }
  return form;
}

export function readBiodataForm(form: FormData, schema: z.ZodType) {
  return parseWithZod(form, { schema: z.preprocess(withFormDefaults, schema), disableAutoCoercion: true });
}

/**
 * The form's only intents: a job row added or removed (the buttons' `__intent__`, JSON written
 * by Conform). A hand-made post with anything else there is refused before Conform reads it,
 * which would otherwise throw on it.
 */
export function intentReadable(form: FormData): boolean {
  if (form.has("__state__")) return false;
  const raw = form.getAll("__intent__");
  if (raw.length === 0) return true;
  if (raw.length > 1 || typeof raw[0] !== "string") return false;
  try {
    const intent = JSON.parse(raw[0]) as { type?: unknown; payload?: { name?: unknown; index?: unknown } };
    if (intent.payload?.name !== "employment") return false;
    if (intent.type === "insert") return intent.payload.index === undefined;
    return intent.type === "remove" && Number.isInteger(intent.payload.index) && (intent.payload.index as number) >= 0;
  } catch {
    return false;
  }
}
