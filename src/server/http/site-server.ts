/**
 * The HTTP server every site is made on: Fastify with the site's options, and the hooks every
 * request runs, in their order (security headers, metrics, errors, the API's language, the
 * input guard, the cache policy, compression, cookies). The composition root adds the features'
 * routes and the pages on top.
 */
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { LogController, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import fp from "fastify-plugin";
import type { Config } from "../config";
import type { FamilyLocale } from "../../shared/i18n/locales";
import { registerApiLocale } from "../i18n/api-locale";
import { registerCachePolicy } from "./cache-policy";
import { errorBody, registerErrorHandling } from "./errors";
import { registerInputGuard } from "./input-guard";
import { metricsRoutes, type MetricsOptions } from "./metrics";
import { requestIdFor } from "./request-id";
import { registerSecurityHeaders } from "./security";

export function createSiteServer(config: Config, logger: FastifyServerOptions["logger"] = false) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Stopping (SIGTERM), a request already on an open connection is served, not answered 503:
    // a balancer retries a refused connection on another instance, but not a 503.
    return503OnClosing: false,
    // Every log line of a request and every error answer carry its id (X-Request-Id).
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: "requestId" }),
    genReqId: (request) => requestIdFor(request.headers["x-request-id"], Boolean(config.trustProxy)),
  });
  // Routes declare zod schemas: requests are checked and responses written by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`, undefined, request.id));
  });
  return app;
}

export interface GroundHooks {
  config: Config;
  metrics: Omit<MetricsOptions, "token">;
  /** The families' default language (an operator's setting): API answers without Accept-Language speak it. */
  familyLocale(): FamilyLocale;
  /** Whether a request carries a session: its answers are never kept by a shared cache. */
  hasSessionCookie(cookieHeader: string | undefined): boolean;
}

export async function registerGroundHooks(app: ReturnType<typeof createSiteServer>, ground: GroundHooks): Promise<void> {
  // The hooks every request runs take callbacks: an async hook costs each request a promise and
  // a turn of the microtask queue, which a cached API answer feels (decision 090).
  registerSecurityHeaders(app, ground.config);
  await app.register(fp(metricsRoutes), { ...ground.metrics, token: ground.config.metricsToken });
  registerErrorHandling(app);
  // Every API answer's words in the caller's language (Accept-Language; decision 120).
  registerApiLocale(app, ground.familyLocale);
  registerInputGuard(app, ground.familyLocale);
  registerCachePolicy(app, { hasSessionCookie: ground.hasSessionCookie });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(cookie);
}
