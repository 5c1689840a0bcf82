/**
 * What every page's loader or action may ask about who is asking: a signed-in account, a family
 * past the visitor gate, and whether a form came from this site.
 */
import { redirect, type AppLoadContext } from "react-router";

export { assertSameOrigin, loginRedirect } from "../server/http/page-policies";

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

/** The visitor this browser's cookie names, while its lead exists; null shows the gate. */
export async function currentVisitor(request: Request, context: AppLoadContext) {
  return context.services.leads.recognise(await context.visitorCookie.read(request.headers.get("cookie")));
}

/**
 * The signed-in account of a page whose policy admits accounts only: the policy's guard
 * (server/http/page-policies.ts) ran before the loader or action, so there is one.
 */
export function viewerOf(context: AppLoadContext) {
  if (!context.viewer) throw new Error("A page for signed-in accounts ran without its policy's guard");
  return context.viewer;
}
