/**
 * Calls to better-auth through its HTTP handler, not its `auth.api` functions: the handler is
 * where its rate limits and origin checks live, and a form posted to /login must count against
 * the same limits as a call to /api/auth/sign-in/email.
 */
import { CLIENT_IP_HEADER } from "../../../server/http/web-bridge";

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
}

export async function callAuth(handler: (request: Request) => Promise<Response>, path: string, options: AuthCall): Promise<AuthResult> {
  const origin = options.origin;
  const headers = new Headers({ origin, [CLIENT_IP_HEADER]: options.ip });
  if (options.cookie) headers.set("cookie", options.cookie);
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

/** The message better-auth (or the site's account guard) answered with, for a form to show. */
export function authMessage(result: AuthResult): string | undefined {
  const body = result.body;
  return body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : undefined;
}

export function tooManyAttempts(result: AuthResult): string {
  const wait = result.retryAfter ? `in ${result.retryAfter} seconds` : "in a minute";
  return `Too many attempts from your connection. Please try again ${wait}.`;
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
  if (result.ok) return { ok: true, status: 200, message: `We sent a new link to ${email}. Open it within 24 hours.` };
  if (result.status === 429)
    return {
      ok: false,
      status: 429,
      message: result.code === "TOO_MANY_CONFIRMATION_MAILS" ? authMessage(result)! : tooManyAttempts(result),
    };
  if (result.code === "EMAIL_ALREADY_VERIFIED")
    return { ok: false, status: 400, message: "Your email is already confirmed: there is nothing to send." };
  return { ok: false, status: 503, message: "We could not send the link just now. Please try again in a minute." };
}
