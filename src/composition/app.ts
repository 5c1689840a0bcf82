/**
 * buildApp: the whole HTTP application on the dependencies it is given. main.ts starts it on
 * the configured database; tests build it on their own database and call it with inject().
 */
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import Fastify, { LogController, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import fp from "fastify-plugin";
import type { ServerBuild } from "react-router";
import { createAuth, type AuthLimits } from "../features/accounts/server/auth";
import { authRoutes } from "../features/accounts/api";
import { createPasswordCheckLimiter, type PasswordCheckLimits } from "../features/accounts/server/password-check-limit";
import { hasSessionCookie, sessionPlugin } from "../features/accounts/server/session";
import { authApiPaths } from "../features/accounts/server/auth-docs";
import { resolveAuthSecret, type Config } from "../server/config";
import type { DatabaseHandle } from "../server/db/connect";
import { operatorRoutes } from "../features/operator";
import { helperRoutes, helperWriteRoutes, type WriteWindow } from "../features/helpers";
import type { LeadLimits } from "../features/leads";
import type { ChatLimits } from "../features/conversations";
import { createVisitorCookie, hasVisitorCookie } from "../server/http/visitor-cookie";
import { seoRoutes } from "../features/seo/api";
import { registerApiDocs } from "../server/http/api-docs";
import { registerApiLocale } from "../server/i18n/api-locale";
import { registerErrorHandling, errorBody } from "../server/http/errors";
import { healthRoutes } from "../server/http/health";
import { registerInputGuard } from "../server/http/input-guard";
import { undeliveredCounts } from "../features/notifications";
import { metricsRoutes } from "../server/http/metrics";
import { PageCache } from "../server/http/page-cache";
import { requestIdFor } from "../server/http/request-id";
import { pageRoutes } from "../server/http/pages";
import { pageTables } from "../server/http/page-policies";
import { registerCachePolicy } from "../server/http/cache-policy";
import { registerSecurityHeaders } from "../server/http/security";
import { staticFiles } from "../server/http/static-files";
import type { MediaStorage } from "../features/media";
import { createServices, type Services } from "./services";
import { pluggedFeatures } from "./features";
import type { Feature } from "../server/feature";

/** A plugged feature seen without its own types (each is given its own service by name). */
type AnyFeature = Feature<string, unknown, object>;
import { supplierRoutes } from "../features/suppliers";
import { createPdfRenderer, pdfRoutes } from "../features/pdf";
import "../features/accounts/server/viewer";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  storage: MediaStorage;
  /** Pages: the server build (or a loader of it in development) and the browser build's folder. */
  pages?: { build: ServerBuild | (() => Promise<ServerBuild>); clientDir?: string };
  logger?: FastifyServerOptions["logger"];
  /** Sign-in and sign-up attempts per minute per address (tests raise them). */
  authLimits?: AuthLimits;
  /** Checks of the current password per account and per address (tests lower them). */
  passwordCheckLimits?: PasswordCheckLimits;
  /** Lead submissions per window per address (tests lower or raise them). */
  leadLimits?: LeadLimits;
  /** Biodata writes per account (tests raise them). */
  helperWriteLimits?: readonly WriteWindow[];
  /** Conversations' limits per family, address and supplier (tests raise some). */
  chatLimits?: Partial<ChatLimits>;
}

export async function buildApp(deps: AppDeps) {
  const { config, database, storage } = deps;
  const app = Fastify({
    logger: deps.logger ?? false,
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
  const authSecret = resolveAuthSecret(config);
  const passwordChecks = createPasswordCheckLimiter(database.db, deps.passwordCheckLimits);
  const auth = createAuth(config, database.db, authSecret, {
    limits: deps.authLimits,
    passwordChecks,
    log: { error: (details, message) => app.log.error(details, message) },
    // The user row's trigger announced it; delivered here at once.
    accountConfirmed: () => services.announced(),
  });
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes });
  // A serving site starts its PDF workers at once, so the first PDF after a restart waits for none.
  const pdfRenderer = createPdfRenderer(config.pdf);
  app.addHook("onClose", async () => {
    // Work started after an answer (a save's PDFs, a reset request) ends before the workers and
    // the database it uses.
    await auth.settled();
    await services.stopBackgroundWork();
    await pdfRenderer.close();
  });
  const services: Services = createServices({ ...deps, auth, pageCache, pdfRenderer, passwordChecks, authSecret, log: app.log });
  app.decorate("services", services);
  app.decorate("storage", storage);
  app.decorate("pageCache", pageCache);
  app.decorateRequest("viewer", null);
  // Routes declare zod schemas: requests are checked and responses written by them.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The hooks every request runs take callbacks: an async hook costs each request a promise and
  // a turn of the microtask queue, which a cached API answer feels (decision 090).
  registerSecurityHeaders(app, config);
  await app.register(fp(metricsRoutes), {
    token: config.metricsToken,
    database,
    pageCache,
    undelivered: () => undeliveredCounts(database.db),
    pdfLoad: () => pdfRenderer.load,
  });
  registerErrorHandling(app);
  // Every API answer's words in the caller's language (Accept-Language; decision 120).
  registerApiLocale(app, () => services.familyLocale.current());
  registerInputGuard(app, () => services.familyLocale.current());
  registerCachePolicy(app, { hasSessionCookie });
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip", "deflate"] });
  await app.register(cookie);
  await app.register(sessionPlugin, { auth });
  // Before the routes: the document is made from them as they are added.
  await registerApiDocs(app, {
    extraPaths: authApiPaths(auth),
    publicUrl: config.publicUrl,
    extraTags: pluggedFeatures.flatMap((feature) => (feature.tag ? [feature.tag] : [])),
  });

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { handler: services.accounts.handleAuthRequest });
  await app.register(helperRoutes, { helpers: services.helpers });
  await app.register(supplierRoutes, { suppliers: services.suppliers });
  await app.register(helperWriteRoutes, { helpers: services.helpers });
  // Only read here (pages write it), so its Secure flag does not matter.
  const visitorCookie = createVisitorCookie(authSecret);
  await app.register(pdfRoutes, {
    pdfs: services.pdfs,
    // A cookie passes while its lead exists: after a withdrawal it shows nothing more.
    passedGate: async (cookieHeader) => (await services.leads.recognise(await visitorCookie.read(cookieHeader))) !== null,
  });
  await app.register(operatorRoutes, { operator: services.operator, leads: services.leads });
  const visitorLead = async (cookieHeader: string | undefined) =>
    (await services.leads.recognise(await visitorCookie.read(cookieHeader)))?.leadId ?? null;
  for (const feature of pluggedFeatures as readonly AnyFeature[]) {
    if (feature.api) await app.register(feature.api, { service: services[feature.name as keyof Services], visitorLead });
  }

  // Read once at start from the build: a page route without a policy stops the start.
  const pages = deps.pages ? pageTables(deps.pages.build, config.publicUrl) : undefined;
  await app.register(seoRoutes, { previews: services.previews, seo: services.seo, publicUrl: config.publicUrl, pages });

  if (deps.pages && pages) {
    if (deps.pages.clientDir) await app.register(staticFiles, { root: deps.pages.clientDir });
    const mode = config.isProduction ? "production" : "development";
    await app.register(pageRoutes, {
      services,
      pageCache,
      config,
      pages,
      mode,
      authSecret,
      visitorCookie: createVisitorCookie(authSecret, { secure: config.publicUrl.startsWith("https:") }),
      isPersonal: (request) => Boolean(request.viewer) || hasVisitorCookie(request.headers.cookie),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0]}`, undefined, request.id));
  });

  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    /** Where media files live; for scripts and tests that seed images (pages never see it). */
    storage: MediaStorage;
    /** Public pages kept as bytes; its counts are for the metrics and tests (pages never see it). */
    pageCache: PageCache;
  }
}
