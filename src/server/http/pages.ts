/**
 * Every request no other route takes is a page: React Router renders it on the server. The
 * Fastify request becomes a web Request, the loaders get the shared services in their context,
 * and the web Response goes back through Fastify so compression and headers still apply.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { publicConfig, type Config } from "../config";
import type { Services } from "../services";
import { newNonce, pageCsp } from "./security";

export interface PageContext {
  services: Services;
  viewer: FastifyRequest["viewer"];
  config: ReturnType<typeof publicConfig>;
  nonce: string;
  /** The client's address, for rate limits in page actions. */
  ip: string;
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
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

export async function pageRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { services, config, mode } = options;
  const browserConfig = publicConfig(config);
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  const getHandler = async () => {
    if (typeof options.build === "function") return createRequestHandler(await options.build(), mode);
    handler ??= createRequestHandler(options.build, mode);
    return handler;
  };

  // Page forms post url-encoded or multipart bodies; React Router parses them itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 10 * 1024 * 1024 }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      const nonce = newNonce();
      const context: AppLoadContext = {
        services,
        viewer: request.viewer ?? null,
        config: browserConfig,
        nonce,
        ip: request.ip,
      };
      const handle = await getHandler();
      const response = await handle(toWebRequest(request, `${request.protocol}://${request.host}`), context);
      reply.header("content-security-policy", pageCsp(config, nonce, { dev: mode === "development" }));
      if (!response.headers.has("cache-control")) reply.header("cache-control", "no-cache");
      return sendWebResponse(reply, response);
    },
  });
}
