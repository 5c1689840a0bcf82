/**
 * Page actions talk to better-auth through its HTTP handler, not its `auth.api` functions:
 * the handler is where its rate limits and origin checks live, and a form posted to /login
 * must count against the same limits as a call to /api/auth/sign-in/email.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { CLIENT_IP_HEADER } from "../../server/http/web-bridge";

// The same as the server's AUTH_BASE_PATH; importing it would pull better-auth into the page build.
const AUTH_BASE_PATH = "/api/auth";

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

export async function callAuth(
  context: AppLoadContext,
  path: string,
  options: { body?: Record<string, unknown>; cookie?: string | null; method?: "GET" | "POST" } = {},
): Promise<AuthResult> {
  const origin = context.config.publicUrl;
  const headers = new Headers({ origin, [CLIENT_IP_HEADER]: context.ip });
  if (options.cookie) headers.set("cookie", options.cookie);
  const method = options.method ?? "POST";
  if (method === "POST") headers.set("content-type", "application/json");
  const response = await context.services.accounts.handleAuthRequest(
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

/**
 * Refuses a form posted from another site. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); a request that says nothing (a script, an old browser) passes,
 * as the session cookie is SameSite=Lax and never rides along on another site's POST.
 */
export function assertSameOrigin(request: Request, context: AppLoadContext): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw data("This form must be sent from this site.", { status: 403 });
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin && origin !== context.config.publicUrl) {
    throw data("This form must be sent from this site.", { status: 403 });
  }
}

/** Where to go after signing in: a path on this site only, never another host. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters could be read as a scheme or host by some browsers, and anything beyond
  // printable ASCII cannot go into a Location header at all (a link the site wrote is encoded).
  if ([...to].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) >= 0x7f)) return fallback;
  return to;
}

/** A redirect that carries better-auth's cookies (a session set, or cleared). */
export function redirectWithCookies(to: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return redirect(to, { headers });
}

/** Sends a signed-out visitor to /login, and back here afterwards. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in user, or a trip to /login that comes back here. */
export function requireViewer(request: Request, context: AppLoadContext) {
  if (!context.viewer) throw loginRedirect(request);
  return context.viewer;
}

/** Operators only: others get the 403 page (the API checks the same on its side). */
export function requireOperator(request: Request, context: AppLoadContext) {
  const viewer = requireViewer(request, context);
  if (viewer.role !== "admin") throw data("Only operators may open this page.", { status: 403 });
  return viewer;
}


export type ResendResult = { ok: boolean; status: number; message: string };

/**
 * Mails the signed-in supplier a new link to confirm their e-mail, through better-auth's handler
 * (the account guard limits how often: once a minute, a few times an hour).
 */
export async function resendConfirmation(request: Request, context: AppLoadContext, email: string): Promise<ResendResult> {
  assertSameOrigin(request, context);
  const result = await callAuth(context, "/send-verification-email", { body: { email }, cookie: request.headers.get("cookie") });
  if (result.ok) return { ok: true, status: 200, message: `We sent a new link to ${email}. Open it within 24 hours.` };
  if (result.status === 429) return { ok: false, status: 429, message: result.code === "TOO_MANY_CONFIRMATION_MAILS" ? authMessage(result)! : tooManyAttempts(result) };
  if (result.code === "EMAIL_ALREADY_VERIFIED") return { ok: false, status: 400, message: "Your email is already confirmed: there is nothing to send." };
  return { ok: false, status: 503, message: "We could not send the link just now. Please try again in a minute." };
}
