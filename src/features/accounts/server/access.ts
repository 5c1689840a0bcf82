/**
 * Who may call an API route, declared once in the route's config (`config: { access }`): the
 * same declaration makes the check, made before the body is read, and the route's OpenAPI
 * `security`, so the description cannot say one thing and the server do another (decision 186).
 * A route under /api/ that declares nothing stops the start. Checks that need the row (is this
 * the owner's biodata?) stay in the services, which check the role again themselves.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { requireOperator, requireSupplier, requireUser } from "./guards";
import type { Viewer } from "./viewer";

/**
 * - `anyone`: open, the caller proves nothing by a session (a family proves itself by its own
 *   cookie where a route says so);
 * - `signed-in`: any account (a supplier, a helper or an operator);
 * - `supplier`: a supplier's or an operator's account, not a helper's own (decision 197);
 * - `operator`: the site's operators only.
 */
export type Access = "anyone" | "signed-in" | "supplier" | "operator";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
}

const SESSION_SECURITY = [{ session: [] }];

/** Routes another declaration covers: the auth library's own (described apart) and the description itself. */
const DECLARED_ELSEWHERE = /^\/api\/(auth\/|docs(\/|$))/;

function mustDeclare(url: string): boolean {
  return url.startsWith("/api/") && !DECLARED_ELSEWHERE.test(url);
}

const checks: Record<Exclude<Access, "anyone">, (request: FastifyRequest) => void> = {
  "signed-in": (request) => void requireUser(request.viewer),
  supplier: (request) => void requireSupplier(request.viewer),
  operator: (request) => void requireOperator(request.viewer),
};

/** What a route's `access` makes of it: its security in the description and its check. */
export function applyAccess(route: RouteOptions): void {
  const access = route.config?.access;
  if (!access) {
    if (mustDeclare(route.url)) throw new Error(`${route.method} ${route.url} declares no access (config: { access })`);
    return;
  }
  if (route.schema) {
    if ("security" in route.schema) throw new Error(`${route.method} ${route.url} writes its security by hand: its access makes it`);
    route.schema = { ...route.schema, security: access === "anyone" ? [] : SESSION_SECURITY };
  }
  if (access === "anyone") return;
  const check = checks[access];
  // A callback hook, run after the session's (global hooks run first): no promise per request.
  const hook = (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    try {
      check(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  };
  const existing = route.onRequest;
  route.onRequest = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : hook;
}

/** Applies every route's declared access; registered before the routes, as the session is. */
export function registerAccess(app: FastifyInstance): void {
  app.addHook("onRoute", applyAccess);
}

/** The account a route declared for accounts runs for: its access check let it in. */
export function actor(request: FastifyRequest): Viewer {
  return requireUser(request.viewer);
}
