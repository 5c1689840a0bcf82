/**
 * Who may keep a copy of an answer. The rule: an answer to a request that carries a session or a
 * visitor cookie, or that sets a cookie, is the visitor's alone (`private, no-store`); only the
 * public pages, asked for by nobody in particular, may be kept by shared caches (and by the
 * site's own cache of rendered pages) for a short while.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hasSessionCookie } from "../auth";
import { VISITOR_COOKIE } from "../leads";

export const PRIVATE_NO_STORE = "private, no-store";
/** A minute fresh, then five more served while a fresh copy is fetched. */
export const PUBLIC_PAGE = "public, max-age=60, stale-while-revalidate=300";

/** Pages that look the same to everybody who is not signed in and has not passed the gate. */
const PUBLIC_PAGE_PATH =
  /^\/(?:|posts|posts\/categories\/[^/]+|posts\/users\/[^/]+|posts\/(?!categories$|users$)[^/]+|authors|privacy-policy|filters)\/?$/;

const VISITOR = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=`);

type PageRequest = Pick<FastifyRequest, "method" | "url" | "headers" | "viewer">;

/**
 * True when the request carries something that makes the answer this visitor's own: a session
 * (the session hook found one: a session cookie that names none, such as a hand-written or
 * badly signed one, which better-auth turns away by its signature without reading the
 * database, counts as no cookie) or a visitor cookie.
 */
export function isPersonal(request: Pick<FastifyRequest, "headers" | "viewer">): boolean {
  const cookieHeader = request.headers.cookie;
  return Boolean(request.viewer) || Boolean(cookieHeader && VISITOR.test(cookieHeader));
}

/**
 * Whether the answer to this request may be the same bytes for everybody: a read of a public
 * page by somebody with neither a session nor a visitor cookie.
 */
export function sharesBytes(request: PageRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (isPersonal(request)) return false;
  return PUBLIC_PAGE_PATH.test(request.url.split("?")[0]!);
}

/** The Cache-Control of a rendered page, from the request and what the page answered. */
export function pageCacheControl(
  request: PageRequest,
  response: { status: number; setsCookie: boolean },
): string {
  return sharesBytes(request) && response.status === 200 && !response.setsCookie ? PUBLIC_PAGE : PRIVATE_NO_STORE;
}

const NEVER_PERSONAL = /^\/(assets|media)\//;

/**
 * Whatever a route set, an answer to a signed-in request is never stored: an API answer such as
 * a draft's record depends on the session even when its route does not say so. Answers that may
 * differ by cookie say so (Vary), so a shared cache never hands one visitor's copy to another.
 */
export function registerCachePolicy(app: FastifyInstance): void {
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
