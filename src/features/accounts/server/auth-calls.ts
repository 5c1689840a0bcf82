/**
 * Calls to better-auth through its HTTP handler, not its `auth.api` functions: the handler is
 * where its rate limits and origin checks live, and a form posted to /login must count against
 * the same limits as a call to /api/auth/sign-in/email.
 */
import { m } from "../../../shared/i18n/compiled/messages.js";
import { CLIENT_IP_HEADER } from "../../../server/http/web-bridge";
import type { SignUpRole } from "../../../shared/roles";
import { authErrorMessage, tooManyAttempts as tooManyAttemptsIn } from "./auth-words";

/**
 * The page's language, sent with a page's call: a new account made on the sign-up page keeps
 * the language its visitor chose there (decision 123). A script's call may send it for its own
 * new account; it is checked against the supplier side's languages.
 */
export const PAGE_LOCALE_HEADER = "x-dh-page-locale";

/**
 * The role a new account asks for at sign-up: "helper" for a helper signing up herself (a
 * direct hire); anything else, or nothing, a supplier. A script may send it too: it gives no
 * power a supplier has not, and an operator is never made this way.
 */
export const SIGN_UP_AS_HEADER = "x-dh-sign-up-as";

export function signsUpAsHelper(headers: Headers | null | undefined): boolean {
  return headers?.get(SIGN_UP_AS_HEADER) === "helper";
}

/** Where better-auth answers (auth.ts mounts it there). */
export const AUTH_BASE_PATH = "/api/auth";

export interface AuthResult {
  ok: boolean;
  status: number;
  /** better-auth's error code (INVALID_EMAIL_OR_PASSWORD, USER_ALREADY_EXISTS_…), when it failed. */
  code?: string;
  /** Seconds to wait, when rate limited. */
  retryAfter?: number;
  /** The Set-Cookie headers it answered with (a new session, a cleared one). */
  cookies: string[];
  body: unknown;
}

export interface AuthCall {
  body?: Record<string, unknown>;
  cookie?: string | null;
  method?: "GET" | "POST";
  /** The client's address, for better-auth's rate limits. */
  ip: string;
  /** The site's own origin: the handler checks that a form came from it. */
  origin: string;
  /** The page's language, when a page calls. */
  locale?: string;
  /** The role a new account asks for (sign-up only). */
  signUpAs?: SignUpRole;
}

export async function callAuth(handler: (request: Request) => Promise<Response>, path: string, options: AuthCall): Promise<AuthResult> {
  const origin = options.origin;
  const headers = new Headers({ origin, [CLIENT_IP_HEADER]: options.ip });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (options.locale) headers.set(PAGE_LOCALE_HEADER, options.locale);
  if (options.signUpAs) headers.set(SIGN_UP_AS_HEADER, options.signUpAs);
  const method = options.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const response = await handler(
    new Request(`${origin}${AUTH_BASE_PATH}${path}`, {
      method,
      headers,
      body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
    }),
  );
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const code = body && typeof body === "object" && "code" in body ? String(body.code) : undefined;
  const retry = Number(response.headers.get("x-retry-after"));
  return {
    ok: response.ok,
    status: response.status,
    code: response.ok ? undefined : code,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    cookies: response.headers.getSetCookie(),
    body,
  };
}

/**
 * What a refusal of better-auth (or of the site's account guard) says to a form, in the page's
 * language: never better-auth's own English (auth-words.ts). None when it did not refuse.
 */
export function authMessage(result: AuthResult): string | undefined {
  return result.ok ? undefined : authErrorMessage(result);
}

export function tooManyAttempts(result: AuthResult): string {
  return tooManyAttemptsIn(result.retryAfter);
}

export type ResendResult = { ok: boolean; status: number; message: string };

/**
 * Mails the signed-in supplier a new link to confirm their e-mail, through better-auth's handler
 * (the account guard limits how often: once a minute, a few times an hour).
 */
export async function resendConfirmation(
  handler: (request: Request) => Promise<Response>,
  email: string,
  call: AuthCall,
): Promise<ResendResult> {
  const result = await callAuth(handler, "/send-verification-email", { ...call, body: { email } });
  if (result.ok) return { ok: true, status: 200, message: m.server_error_auth_link_sent({ email }) };
  if (result.status === 429)
    return {
      ok: false,
      status: 429,
      message: authMessage(result)!,
    };
  if (result.code === "EMAIL_ALREADY_VERIFIED") return { ok: false, status: 400, message: m.server_error_auth_email_already_confirmed() };
  return { ok: false, status: 503, message: m.server_error_auth_link_not_sent() };
}
