import type { FastifyInstance } from "fastify";
import { PRIVATE_NO_STORE } from "../../server/http/cache-policy";
import { rawJsonRefusal } from "../../server/http/input-guard";
import { keepRawBodies, sendWebResponse, toWebRequest } from "../../server/http/web-bridge";
import { notFound } from "../../server/http/errors";
import { AUTH_BASE_PATH } from "./server/auth";
import { authRequestServed } from "./server/auth-served";
import { authErrorMessage } from "./server/auth-words";

/**
 * A refusal of better-auth's in the caller's language (Accept-Language, decision 120): its code
 * and fields stay, its message is the catalogue's (auth-words.ts), never its own English.
 */
async function translateRefusal(response: Response): Promise<Response> {
  if (response.ok || !(response.headers.get("content-type") ?? "").includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return new Response(text, response);
  const code = "code" in body && typeof body.code === "string" ? body.code : undefined;
  const retry = Number(response.headers.get("x-retry-after"));
  const message = authErrorMessage({
    status: response.status,
    code,
    body,
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
  });
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify({ ...body, message }), { status: response.status, statusText: response.statusText, headers });
}

/** better-auth's own endpoints, given the raw request as it expects (the accounts service's `handleAuthRequest`). */
export async function authRoutes(app: FastifyInstance, { handler }: { handler: (request: Request) => Promise<Response> }) {
  keepRawBodies(app, 64 * 1024);
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      // What the site does not use of better-auth is not there at all (auth-served.ts).
      if (!authRequestServed(request.url.slice(AUTH_BASE_PATH.length))) throw notFound();
      const refusal = rawJsonRefusal(request);
      if (refusal) throw refusal;
      const response = await translateRefusal(await handler(toWebRequest(request)));
      // Sessions, tokens and the signed-in user: never kept by anyone but the visitor's browser.
      reply.header("cache-control", PRIVATE_NO_STORE);
      return sendWebResponse(reply, response);
    },
  });
}
