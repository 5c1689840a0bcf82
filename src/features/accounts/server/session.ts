/**
 * Sets request.viewer from the session cookie on every request, for routes and pages alike.
 * A request without the cookie costs nothing; one with it, a database read.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Auth } from "./auth";
import { registerAccess } from "./access";
import type { Viewer } from "./viewer";
import { roleOf } from "../../../shared/roles";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && SESSION_COOKIE.test(cookieHeader));
}

export async function viewerFromHeaders(auth: Auth, headers: Headers): Promise<Viewer | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const { user } = session;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: roleOf(user.role),
    image: user.image ?? null,
    locale: typeof user.locale === "string" ? user.locale : null,
  };
}

export const sessionPlugin = fp(async (app: FastifyInstance, { auth }: { auth: Auth }) => {
  // Who asks, on every request: null until a session says otherwise.
  app.decorateRequest("viewer", null);
  // Every route added after this one is let in by its declared access (decision 186).
  registerAccess(app);
  // A callback, not an async hook: a request without the cookie (most) then costs no promise.
  app.addHook("onRequest", (request, _reply, done) => {
    if (!hasSessionCookie(request.headers.cookie)) return done();
    if (request.url.startsWith("/assets/") || request.url.startsWith("/media/")) return done();
    const headers = new Headers();
    headers.set("cookie", request.headers.cookie!);
    viewerFromHeaders(auth, headers).then(
      (viewer) => {
        request.viewer = viewer;
        done();
      },
      (error: Error) => done(error),
    );
  });
});
