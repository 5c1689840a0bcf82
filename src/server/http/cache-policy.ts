/**
 * Who may keep a copy of an answer. The rule: an answer to a request that carries a session or a
 * visitor cookie, or that sets a cookie, is the visitor's alone (`private, no-store`); only the
 * public pages, asked for by nobody in particular, may be kept by shared caches (and by the
 * site's own cache of rendered pages) for a short while.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";

export const PRIVATE_NO_STORE = "private, no-store";
/** The visitor's own page, which their browser may keep to read offline (asked again each time online). */
export const PRIVATE_KEPT_OFFLINE = "private, no-cache";
/** A minute fresh, then five more served while a fresh copy is fetched. */
export const PUBLIC_PAGE = "public, max-age=60, stale-while-revalidate=300";

type PageRequest = Pick<FastifyRequest, "method">;

/**
 * Whether the answer to this request may be the same bytes for everybody: a read of a page whose
 * route says it may be shared (`sharedHeaders`, from its policy), by somebody with neither a
 * session nor a visitor cookie (`personal`: the request carries one of them).
 */
export function sharesBytes(request: PageRequest, page: { sharedHeaders: boolean } | undefined, personal: boolean): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !personal && Boolean(page?.sharedHeaders);
}

/**
 * The Cache-Control of a rendered page, from the request and what the page answered. A page that
 * may be kept offline (its policy's `keptOffline`) lets the visitor's own browser keep its own
 * copy; a signed-in request's answer is `no-store` whatever the page says (registerCachePolicy).
 */
export function pageCacheControl(
  request: PageRequest,
  page: { sharedHeaders: boolean; policy?: { access: string; keptOffline?: boolean } } | undefined,
  personal: boolean,
  response: { status: number; setsCookie: boolean },
): string {
  const plain = response.status === 200 && !response.setsCookie;
  if (sharesBytes(request, page, personal) && plain) return PUBLIC_PAGE;
  const keptOffline = page?.policy?.access === "public" && page.policy.keptOffline === true;
  return keptOffline && plain && (request.method === "GET" || request.method === "HEAD") ? PRIVATE_KEPT_OFFLINE : PRIVATE_NO_STORE;
}

const NEVER_PERSONAL = /^\/(assets|media)\//;

/**
 * Whatever a route set, an answer to a signed-in request is never stored: an API answer such as
 * a draft's record depends on the session even when its route does not say so. Answers that may
 * differ by cookie say so (Vary), so a shared cache never hands one visitor's copy to another.
 */
export function registerCachePolicy(
  app: FastifyInstance,
  { hasSessionCookie }: { hasSessionCookie(cookieHeader: string | undefined): boolean },
): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (NEVER_PERSONAL.test(request.url)) return done(null, payload);
    if (hasSessionCookie(request.headers.cookie)) {
      reply.header("cache-control", PRIVATE_NO_STORE);
    } else {
      const current = reply.getHeader("cache-control");
      if (typeof current === "string" && current.startsWith("public")) reply.header("vary", appendVary(reply.getHeader("vary"), "Cookie"));
    }
    done(null, payload);
  });
}

function appendVary(current: unknown, name: string): string {
  const list = typeof current === "string" && current !== "" ? current.split(",").map((v) => v.trim()) : [];
  if (!list.some((v) => v.toLowerCase() === name.toLowerCase() || v === "*")) list.push(name);
  return list.join(", ");
}
