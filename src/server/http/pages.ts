/**
 * Every request no other route takes is a page: React Router renders it on the server. The
 * Fastify request becomes a web Request, the loaders get the shared services in their context,
 * and the web Response goes back through Fastify so compression and headers still apply.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { publicConfig, type Config } from "../config";
import { createVisitorCookie, type VisitorCookie } from "../leads/visitor-cookie";
import type { Services } from "../services";
import { pageCacheControl } from "./cache-policy";
import { newNonce, pageCsp } from "./security";
import { keepRawBodies, sendWebResponse, toWebRequest } from "./web-bridge";

export interface PageContext {
  services: Services;
  viewer: FastifyRequest["viewer"];
  config: ReturnType<typeof publicConfig>;
  nonce: string;
  /** The client's address, for rate limits in page actions. */
  ip: string;
  /** Reads and writes the signed cookie of a visitor who passed the gate. */
  visitorCookie: VisitorCookie;
}

declare module "react-router" {
  interface AppLoadContext extends PageContext {}
}

export interface PagesOptions {
  services: Services;
  config: Config;
  /** The server build, or a function that loads it afresh (development, with hot reload). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** Signs the visitor cookie (through a key derived from it). */
  authSecret: string;
}

const NOT_PAGES = /^\/(api|assets|media)(\/|\?|$)/;

export async function pageRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { services, config, mode } = options;
  const browserConfig = publicConfig(config);
  const visitorCookie = createVisitorCookie(options.authSecret, { secure: config.publicUrl.startsWith("https:") });
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    if (typeof options.build === "function") return createRequestHandler(await options.build(), mode);
    handler ??= createRequestHandler(options.build, mode);
    return handler;
  };

  // Page forms post url-encoded or multipart bodies; React Router parses them itself.
  keepRawBodies(app, 10 * 1024 * 1024);

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      // An API call or a build file nobody serves is not a page: it gets the JSON 404, not HTML.
      if (NOT_PAGES.test(request.url)) return reply.callNotFound();
      const nonce = newNonce();
      const context: AppLoadContext = {
        services,
        viewer: request.viewer ?? null,
        config: browserConfig,
        nonce,
        ip: request.ip,
        visitorCookie,
      };
      const handle = await getHandler();
      const response = await handle(toWebRequest(request), context);
      reply.header("content-security-policy", pageCsp(config, nonce, { dev: mode === "development" }));
      // The site decides, not the page: a page cannot know whether its answer was personal.
      response.headers.delete("cache-control");
      const setsCookie = response.headers.getSetCookie().length > 0;
      reply.header("cache-control", pageCacheControl(request, { status: response.status, setsCookie }));
      return sendWebResponse(reply, response);
    },
  });
}
