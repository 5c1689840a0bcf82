/**
 * better-auth's refusals in the reader's language (decision 123). better-auth answers with an
 * error code and English words of its own; people never read those words: each code it may
 * answer on this site's endpoints has a catalogue message (src/server/messages), read where the
 * answer is made, so a page action says it in the page's language and the API in the caller's.
 * The site's own refusals (the account guard's, the licence's) are written in the catalogue when
 * they are made and pass as they are.
 */
import { m } from "../../../shared/i18n/compiled/messages.js";

const BY_CODE: Record<string, () => string> = {
  INVALID_EMAIL_OR_PASSWORD: m.server_error_auth_wrong_login,
  INVALID_PASSWORD: m.server_error_auth_wrong_password,
  USER_ALREADY_EXISTS: m.server_error_auth_email_taken,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: m.server_error_auth_email_taken,
  INVALID_EMAIL: m.server_error_auth_invalid_email,
  PASSWORD_TOO_SHORT: m.server_error_auth_password_too_short,
  PASSWORD_TOO_LONG: m.server_error_auth_password_too_long,
  INVALID_TOKEN: m.server_error_auth_link_invalid,
  TOKEN_EXPIRED: m.server_error_auth_link_invalid,
  EMAIL_NOT_VERIFIED: m.server_error_auth_email_not_confirmed,
  EMAIL_ALREADY_VERIFIED: m.server_error_auth_email_already_confirmed,
  SESSION_EXPIRED: m.server_error_auth_session_expired,
  SESSION_NOT_FRESH: m.server_error_auth_session_expired,
  USER_NOT_FOUND: m.server_error_auth_account_missing,
  USER_EMAIL_NOT_FOUND: m.server_error_auth_account_missing,
  ACCOUNT_NOT_FOUND: m.server_error_auth_account_missing,
  CREDENTIAL_ACCOUNT_NOT_FOUND: m.server_error_auth_account_missing,
  INVALID_ORIGIN: m.server_error_auth_origin,
  MISSING_OR_NULL_ORIGIN: m.server_error_auth_origin,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: m.server_error_auth_origin,
  VALIDATION_ERROR: m.server_error_invalid_input,
  BODY_MUST_BE_AN_OBJECT: m.server_error_invalid_input,
  MISSING_FIELD: m.server_error_invalid_input,
};

/** Refusals the site makes itself, already in the catalogue's words when they are made. */
const SITE_CODES = new Set([
  "INVALID_INPUT",
  "LICENCE_TAKEN",
  "PASSWORD_TOO_COMMON",
  "TOO_MANY_CONFIRMATION_MAILS",
  "TOO_MANY_PASSWORD_CHECKS",
]);

export interface AuthRefusal {
  status: number;
  code?: string;
  body: unknown;
  /** Seconds to wait, when rate limited. */
  retryAfter?: number;
}

function fieldsOf(body: unknown): Record<string, unknown> | undefined {
  if (!body || typeof body !== "object" || !("fields" in body)) return undefined;
  const fields = body.fields;
  return fields && typeof fields === "object" ? (fields as Record<string, unknown>) : undefined;
}

function siteMessage(body: unknown): string | undefined {
  return body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : undefined;
}

export function tooManyAttempts(retryAfter: number | undefined): string {
  return retryAfter ? m.server_error_auth_too_many({ seconds: retryAfter }) : m.server_error_auth_too_many_soon();
}

/** Fields a request may not set (the account guard's refusal): the picture has a sentence of its own. */
export function fieldsNotAllowed(names: readonly string[]): { message: string; fields: Record<string, string> } {
  const message = names.includes("image")
    ? m.server_error_auth_picture_on_profile()
    : m.server_error_auth_fields_not_allowed({ fields: names.join(", ") });
  return { message, fields: Object.fromEntries(names.map((name) => [name, m.server_error_auth_field_not_allowed()])) };
}

/** What a refusal of better-auth's endpoints says to a person, in the language of the moment. */
export function authErrorMessage(refusal: AuthRefusal): string {
  const { code, body, status } = refusal;
  if (code && SITE_CODES.has(code)) return siteMessage(body) ?? m.server_error_auth_failed();
  const notAllowed = code === "FIELD_NOT_ALLOWED" ? Object.keys(fieldsOf(body) ?? {}) : [];
  if (notAllowed.length > 0) return fieldsNotAllowed(notAllowed).message;
  const words = code ? BY_CODE[code] : undefined;
  if (words) return words();
  if (status === 429) return tooManyAttempts(refusal.retryAfter);
  if (status === 401) return m.server_error_log_in_first();
  if (status === 403) return m.server_error_forbidden();
  if (status === 404) return m.server_error_not_found();
  if (status >= 500) return m.server_error_internal();
  return m.server_error_auth_failed();
}
