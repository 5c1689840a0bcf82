/** What the alerts' pages share on the server: a form's fields read strictly, and the service's refusals as answers. */
import { data } from "react-router";
import { isHttpError } from "../../../ui/forms.server";

export { familyCookie, familyKeyFromCookies } from "../../conversations";

/** A field sent once as text; a repeated or missing one is left for the service to refuse by name. */
export function single(form: FormData, name: string): unknown {
  const values = form.getAll(name);
  if (values.length > 1) return values;
  return values[0] ?? undefined;
}

export type FormAnswer = { error: string; fields: Record<string, string> };

/** A refusal the person can act on comes back to the form, with its message per field; 404 is the page's. */
export async function formRefusal<T>(work: () => Promise<T>) {
  try {
    return { ok: true as const, value: await work() };
  } catch (error) {
    if (isHttpError(error) && error.statusCode !== 404) {
      const headers = error.retryAfter ? { "retry-after": String(error.retryAfter) } : undefined;
      const answer: FormAnswer = { error: error.message, fields: error.fields ?? {} };
      return { ok: false as const, answer: data(answer, { status: error.statusCode, headers }) };
    }
    if (isHttpError(error)) throw data(error.message, { status: error.statusCode });
    throw error;
  }
}
