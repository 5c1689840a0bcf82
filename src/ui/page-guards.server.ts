/**
 * What every page's loader or action may ask about who is asking: a signed-in account, a family
 * past the visitor gate, and whether a form came from this site.
 */
import { data, redirect, type AppLoadContext } from "react-router";

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

/** The visitor this browser's cookie names, while its lead exists; null shows the gate. */
export async function currentVisitor(request: Request, context: AppLoadContext) {
  return context.services.leads.recognise(await context.visitorCookie.read(request.headers.get("cookie")));
}
