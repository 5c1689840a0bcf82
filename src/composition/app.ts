/**
 * buildApp: the whole HTTP application on the dependencies it is given: the ground's server and
 * hooks, the session, every feature's routes (features.ts) and the pages. main.ts starts it on
 * the configured database; tests build it on their own database and call it with inject().
 */
import type { FastifyServerOptions } from "fastify";
import type { ServerBuild } from "react-router";
import { createAuth, type AuthLimits } from "../features/accounts/server/auth";
import { authApiPaths } from "../features/accounts/server/auth-docs";
import { createPasswordCheckLimiter, type PasswordCheckLimits } from "../features/accounts/server/password-check-limit";
import { hasSessionCookie, sessionPlugin } from "../features/accounts/server/session";
import "../features/accounts/server/viewer";
import type { MediaStorage } from "../features/media";
import { undeliveredCounts } from "../features/notifications";
import { resolveAuthSecret } from "../server/config";
import { registerApiDocs } from "../server/http/api-docs";
import { healthRoutes } from "../server/http/health";
import { PageCache } from "../server/http/page-cache";
import { pageTables } from "../server/http/page-policies";
import { pageRoutes } from "../server/http/pages";
import { createSiteServer, registerGroundHooks } from "../server/http/site-server";
import { staticFiles } from "../server/http/static-files";
import { createVisitorCookie, hasVisitorCookie } from "../server/http/visitor-cookie";
import { closeFeatures, featureTags, registerFeatureRoutes } from "../server/plug";
import { siteFeatures } from "./features";
import { createServices, type ServiceDeps, type Services } from "./services";

export interface AppDeps extends Omit<ServiceDeps, "auth" | "pageCache" | "passwordChecks" | "log" | "authSecret"> {
  /** Pages: the server build (or a loader of it in development) and the browser build's folder. */
  pages?: { build: ServerBuild | (() => Promise<ServerBuild>); clientDir?: string };
  logger?: FastifyServerOptions["logger"];
  /** Sign-ins and password checks per address and account (tests raise or lower them). */
  authLimits?: AuthLimits;
  passwordCheckLimits?: PasswordCheckLimits;
}

export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = createSiteServer(config, deps.logger);
  const authSecret = resolveAuthSecret(config);
  const passwordChecks = createPasswordCheckLimiter(database.db, deps.passwordCheckLimits);
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  // A confirmed account's trigger announced it; delivered here at once.
  const auth = createAuth(config, database.db, authSecret, {
    limits: deps.authLimits,
    passwordChecks,
    log,
    accountConfirmed: () => services.announced(),
  });
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes });
  const services: Services = createServices({ ...deps, auth, pageCache, passwordChecks, authSecret, log: app.log });
  // Work started after an answer (a save's PDFs, a reset request) ends before the database it uses.
  app.addHook("onClose", async () => {
    await services.closeListening();
    await closeFeatures(siteFeatures, services);
  });
  app.decorate("services", services);
  app.decorate("storage", deps.storage);
  app.decorate("pageCache", pageCache);

  const metrics = { database, pageCache, pdfLoad: () => services.pdfs.load(), undelivered: () => undeliveredCounts(database.db) };
  await registerGroundHooks(app, { config, metrics, familyLocale: () => services.familyLocale.current(), hasSessionCookie });
  await app.register(sessionPlugin, { auth });
  // Before the routes: the document is made from them as they are added.
  await registerApiDocs(app, { extraPaths: authApiPaths(auth), publicUrl: config.publicUrl, extraTags: featureTags(siteFeatures) });
  await app.register(healthRoutes, { database });
  // Read once at start from the build: a page route without a policy stops the start.
  const pages = deps.pages ? pageTables(deps.pages.build, config.publicUrl) : undefined;
  // Only read here (pages write it), so its Secure flag does not matter.
  const visitorCookie = createVisitorCookie(authSecret);
  await registerFeatureRoutes(app, siteFeatures, services, {
    // A cookie counts while its lead exists: after a withdrawal it opens nothing more.
    visitorLead: async (cookieHeader) => (await services.leads.recognise(await visitorCookie.read(cookieHeader)))?.leadId ?? null,
    pagePolicies: pages,
  });
  if (deps.pages && pages) {
    if (deps.pages.clientDir) await app.register(staticFiles, { root: deps.pages.clientDir });
    await app.register(pageRoutes, {
      ...{ services, pageCache, config, pages, authSecret, mode: config.isProduction ? "production" : "development" },
      visitorCookie: createVisitorCookie(authSecret, { secure: config.publicUrl.startsWith("https:") }),
      isPersonal: (request) => Boolean(request.viewer) || hasVisitorCookie(request.headers.cookie),
    });
  }
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
