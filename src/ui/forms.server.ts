/**
 * The server half of every form: Conform reads the posted FormData with the form's zod schema
 * (parseWithZod), and a refusal goes back as Conform's reply, which the form's useForm takes as
 * `lastResult` to show each message beside its field and the values as they were sent.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

export { parseWithZod };
/** The services refuse by throwing an HttpError (docs/decisions/012); actions tell it this way. */
export { isHttpError } from "../server/http/errors";
import { isHttpError } from "../server/http/errors";

export interface Refusal {
  /** A message for the form as a whole, shown above it. */
  formError?: string;
  /** Messages per field name. */
  fields?: Record<string, string | undefined>;
  /** Fields never sent back (passwords). */
  hideFields?: string[];
  /** Only the form's message, not the schema's per field (a sign-in says no more than "wrong"). */
  formErrorOnly?: boolean;
  status?: number;
}

type Repliable = Pick<Submission<unknown>, "reply">;

/** Conform's reply for a refused submission: what useForm shows. */
export function replyWith(submission: Repliable, refusal: Refusal = {}): SubmissionResult<string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(refusal.fields ?? {})) if (message) fieldErrors[name] = [message];
  const result = submission.reply({
    formErrors: refusal.formError ? [refusal.formError] : undefined,
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : undefined,
    hideFields: refusal.hideFields,
  });
  if (refusal.formErrorOnly) result.error = refusal.formError ? { "": [refusal.formError] } : {};
  return result;
}

/** A refused form as the page's answer: the reply under `result`, with the status it deserves. */
export function refuse(submission: Repliable, refusal: Refusal = {}) {
  return data({ result: replyWith(submission, refusal) }, { status: refusal.status ?? 400 });
}

/**
 * For a form whose service refuses by throwing: a refusal the person can act on (400, 403, 429)
 * comes back to the form with its message per field; a 404 is the page's own answer.
 */
export async function formRefusal<T>(work: () => Promise<T>) {
  try {
    return { ok: true as const, value: await work() };
  } catch (error) {
    if (isHttpError(error) && error.statusCode !== 404) {
      // Over a limit: when to send again, as an HTTP client reads it too (the page's `headers` passes it on).
      const headers = error.retryAfter ? { "retry-after": String(error.retryAfter) } : undefined;
      return {
        ok: false as const,
        answer: data({ error: error.message, fields: error.fields ?? {} }, { status: error.statusCode, headers }),
      };
    }
    if (isHttpError(error)) throw data(error.message, { status: error.statusCode });
    throw error;
  }
}
