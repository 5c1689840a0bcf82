/** What the alerts' pages share on the server: a form's fields read strictly, and the service's refusals as answers. */
export { formRefusal } from "../../../ui/forms.server";

export { familyCookie, familyKeyFromCookies } from "../../conversations";

/** A field sent once as text; a repeated or missing one is left for the service to refuse by name. */
export function single(form: FormData, name: string): unknown {
  const values = form.getAll(name);
  if (values.length > 1) return values;
  return values[0] ?? undefined;
}

export type FormAnswer = { error: string; fields: Record<string, string> };
