import type { FastifyInstance } from "fastify";
import { PRIVATE_NO_STORE } from "../../server/http/cache-policy";
import { rawJsonRefusal } from "../../server/http/input-guard";
import { keepRawBodies, sendWebResponse, toWebRequest } from "../../server/http/web-bridge";
import { AUTH_BASE_PATH } from "./server/auth";

/** better-auth's own endpoints, given the raw request as it expects (the accounts service's `handleAuthRequest`). */
export async function authRoutes(app: FastifyInstance, { handler }: { handler: (request: Request) => Promise<Response> }) {
  keepRawBodies(app, 64 * 1024);
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      const refusal = rawJsonRefusal(request);
      if (refusal) throw refusal;
      const response = await handler(toWebRequest(request));
      // Sessions, tokens and the signed-in user: never kept by anyone but the visitor's browser.
      reply.header("cache-control", PRIVATE_NO_STORE);
      return sendWebResponse(reply, response);
    },
  });
}
