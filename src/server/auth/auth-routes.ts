import type { FastifyInstance } from "fastify";
import { keepRawBodies, sendWebResponse, toWebRequest } from "../http/web-bridge";
import type { Auth } from "./auth";
import { AUTH_BASE_PATH } from "./auth";

/** better-auth's own endpoints, given the raw request as it expects. */
export async function authRoutes(app: FastifyInstance, { auth }: { auth: Auth }) {
  keepRawBodies(app, 64 * 1024);
  app.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => {
      const response = await auth.handler(toWebRequest(request));
      reply.header("cache-control", "no-store");
      return sendWebResponse(reply, response);
    },
  });
}
