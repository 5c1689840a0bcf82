/**
 * One error shape for every API answer: `{ error: { code, message, fields? } }`. Client errors
 * say what to fix; server errors say nothing of their cause (it goes to the log).
 *
 * Services refuse by throwing an HttpError (the one convention, docs/decisions/012): the API
 * answers it as it is, and page actions turn it into their page (a form with messages, /login,
 * the 403 or 404 page).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { m } from "../../shared/i18n/compiled/messages.js";
import { apiLocaleOf, isApiRequest } from "../i18n/api-locale";
import { withLocale } from "../i18n/request-locale";

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** Seconds before trying again is worth it (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * Whether an error is an HttpError. Pages are a separate bundle with their own copy of this
 * class, so an error thrown by the services fails `instanceof` there: the name and status tell.
 */
export function isHttpError(error: unknown): error is HttpError {
  return (
    error instanceof HttpError ||
    (error instanceof Error && error.name === "HttpError" && typeof (error as Partial<HttpError>).statusCode === "number")
  );
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, "bad_request", message, fields);
// The default words are read when the error is made, in the request's language (decision 120).
export const unauthorized = (message: string = m.server_error_log_in_first()) => new HttpError(401, "unauthorized", message);
export const forbidden = (message: string = m.server_error_forbidden()) => new HttpError(403, "forbidden", message);
export const notFound = (message: string = m.server_error_not_found()) => new HttpError(404, "not_found", message);
export const tooManyRequests = (message: string, retryAfter?: number, fields?: FieldErrors) =>
  new HttpError(429, "too_many_requests", message, fields, retryAfter);

/** `requestId` names the request in the logs, so a person reporting a problem can quote it. */
export function errorBody(code: string, message: string, fields?: FieldErrors, requestId?: string) {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) } };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) =>
    // An error raised before the request reached its locale (a body too large, a broken form)
    // is answered in the caller's language too.
    isApiRequest(request)
      ? withLocale({ locale: apiLocaleOf(request), familyDefault: "en" }, () => answer(error, request, reply))
      : answer(error, request, reply),
  );
}

function answer(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.retryAfter) reply.header("retry-after", String(error.retryAfter));
    return reply.status(error.statusCode).send(errorBody(error.code, error.message, error.fields, request.id));
  }
  if (error.validation) {
    // A route's zod schema refused the request: one message per field, the first for each.
    const fields: FieldErrors = {};
    for (const issue of error.validation) {
      const field = (issue.instancePath || "").replace(/^\//, "").replace(/\//g, ".");
      if (field && !Object.hasOwn(fields, field)) fields[field] = issue.message ?? m.server_error_field_invalid();
    }
    const invalidInput = request.routeOptions.config.invalidInput;
    const message = typeof invalidInput === "function" ? invalidInput(fields) : (invalidInput ?? m.server_error_invalid_input());
    return reply.status(400).send(errorBody("bad_request", message, fields, request.id));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 429 ? "too_many_requests" : status === 413 ? "too_large" : "bad_request";
    return reply.status(status).send(errorBody(code, error.message, undefined, request.id));
  }
  request.log.error({ err: error }, "request failed");
  return reply.status(500).send(errorBody("internal", m.server_error_internal(), undefined, request.id));
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a 400 says when the route's request schema refuses the input (or makes it of the fields' messages). */
    invalidInput?: string | ((fields: FieldErrors) => string);
  }
}
