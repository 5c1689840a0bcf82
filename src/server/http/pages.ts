/**
 * Every request no other route takes is a page: React Router renders it on the server. The
 * Fastify request becomes a web Request, the loaders get the shared services in their context,
 * and the web Response goes back through Fastify so compression and headers still apply.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { publicConfig, type Config } from "../config";
import { pageCacheControl, sharesBytes } from "./cache-policy";
import { createFlashCookie, type FlashCookie } from "./flash-cookie";
import type { FlashStore } from "./flash-store";
import type { FamilyLocaleSetting } from "../i18n/family-locale";
import type { VisitorCookie } from "./visitor-cookie";
import { checkPageForm } from "./input-guard";
import {
  canonicalPageUrl,
  inlineScriptHashes,
  pageCacheKey,
  pagePath,
  pickEncoding,
  type CachedPage,
  type PageCache,
  type RenderedPage,
} from "./page-cache";
import type { PageTable } from "./page-policies";
import { newNonce, pageCsp } from "./security";
import { clientGone, keepRawBodies, sendWebResponse, toWebRequest } from "./web-bridge";
import { withLocale } from "../i18n/request-locale";
import { visitorLocaleOf } from "../i18n/visitor-locale";
import { localeOfPage, localeOfPath, localizePath, pageAddress, type FamilyLocale, type Locale } from "../../shared/i18n/locales";

/**
 * The services the pages' loaders and actions are given. The ground knows only the two it uses
 * itself; the composition root, which puts the features together, adds the rest by declaration
 * merging (src/composition/services.ts), so the ground imports neither it nor a feature.
 */
export interface SiteServices {
  flash: FlashStore;
  familyLocale: FamilyLocaleSetting;
}

export interface PageContext {
  services: SiteServices;
  viewer: FastifyRequest["viewer"];
  config: ReturnType<typeof publicConfig>;
  nonce: string;
  /** The client's address, for rate limits in page actions. */
  ip: string;
  /** Reads and writes the signed cookie of a visitor who passed the gate. */
  visitorCookie: VisitorCookie;
  /** Carries a confirmation across the redirect after a form (read once by the root loader). */
  flash: FlashCookie;
  /** The request's log: a page's server error goes where the API's do, with the request's id. */
  log: FastifyBaseLogger;
  /** The page's language (decision 113), and the families' default (decision 114). */
  locale: Locale;
  familyDefault: FamilyLocale;
}

declare module "react-router" {
  interface AppLoadContext extends PageContext {}
}

export interface PagesOptions {
  services: SiteServices;
  /** Public pages as compressed bytes, for visitors without a session. */
  pageCache: PageCache;
  config: Config;
  /** The pages' table (page-policies.ts): the server build with its routes' policies. */
  pages: () => Promise<PageTable>;
  mode: "production" | "development";
  /** Reads and writes the signed cookie of a visitor who passed the gate. */
  visitorCookie: VisitorCookie;
  /**
   * True when the request carries something that makes the answer this visitor's own: a session
   * (the session hook found one: a session cookie that names none, such as a hand-written or
   * badly signed one, which better-auth turns away by its signature without reading the
   * database, counts as no cookie) or a visitor cookie.
   */
  isPersonal(request: FastifyRequest): boolean;
  /** Signs the flash cookie (through a key derived from it). */
  authSecret: string;
}

const NOT_PAGES = /^\/(api|assets|media)(\/|\?|$)/;

/**
 * React Router refuses a form whose Origin is not the request's own. Behind a proxy that ends
 * TLS (and TRUST_PROXY unset) the request arrives as http://, perhaps under another Host, while
 * the browser's Origin is https://: the site's own origin is PUBLIC_URL's, so its host is allowed.
 */
export function withSiteOrigin(build: ServerBuild, publicUrl: string): ServerBuild {
  const allowed = Array.isArray(build.allowedActionOrigins) ? build.allowedActionOrigins : [];
  return { ...build, allowedActionOrigins: [...allowed, new URL(publicUrl).host] };
}

async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  page: CachedPage,
): Promise<FastifyReply> {
  reply.status(page.status).headers(page.headers).header("vary", "Accept-Encoding");
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  if (encoding) return reply.header("content-encoding", encoding).send(page[encoding]);
  return reply.send(await cache.plainBytes(key, page));
}

export async function pageRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { services, config, mode } = options;
  const browserConfig = publicConfig(config);
  const secure = config.publicUrl.startsWith("https:");
  const { visitorCookie, isPersonal } = options;
  const flash = createFlashCookie(options.authSecret, services.flash, { secure });
  // One request handler per table: its build's loaders and actions are wrapped in their guards.
  const handlers = new WeakMap<PageTable, ReturnType<typeof createRequestHandler>>();
  const pages = async () => {
    const table = await options.pages();
    let handler = handlers.get(table);
    if (!handler) handlers.set(table, (handler = createRequestHandler(withSiteOrigin(table.build, config.publicUrl), mode)));
    return { table, handler };
  };

  // Page forms post url-encoded or multipart bodies; React Router parses them itself.
  keepRawBodies(app, 10 * 1024 * 1024);

  app.route({
    method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    url: "/*",
    handler: async (request, reply) => {
      // An API call or a build file nobody serves is not a page: it gets the JSON 404, not HTML.
      if (NOT_PAGES.test(request.url)) return reply.callNotFound();
      const familyDefault = await services.familyLocale.refresh();
      await checkPageForm(request, () => toWebRequest(request), familyDefault);
      const { table, handler } = await pages();
      const pathname = pagePath(request.url);
      // The default language has the plain addresses: its prefix leads there (not kept, as the
      // default may change).
      const address = pageAddress(pathname);
      if (localeOfPath(address) === familyDefault && !pathname.endsWith(".data") && request.method === "GET") {
        const at = request.url.indexOf("?");
        const query = at === -1 ? "" : request.url.slice(at);
        return reply.header("cache-control", "no-store").redirect(localizePath(address, familyDefault, familyDefault) + query, 302);
      }
      const chosen = visitorLocaleOf(request, pathname, secure);
      const locale = localeOfPage(pathname, request.viewer?.locale, familyDefault, chosen.locale);
      // A `.data` request (a navigation in the page) is never shared: its route's loader still guards it.
      const page = pathname.endsWith(".data") ? undefined : table.match(pathname);
      const personal = isPersonal(request);
      const context = (nonce: string): AppLoadContext => ({
        services,
        viewer: request.viewer ?? null,
        config: browserConfig,
        nonce,
        ip: request.ip,
        visitorCookie,
        flash,
        log: request.log,
        locale,
        familyDefault,
      });
      // A page rendered for the cache is for everyone waiting on it: only the visitor's own
      // render stops when they leave.
      const render = async (nonce: string, signal?: AbortSignal, shared?: { url: string }) =>
        withLocale({ locale, familyDefault }, () =>
          handler(toWebRequest(request, signal, shared), shared ? { ...context(nonce), viewer: null } : context(nonce)),
        );
      const csp = (nonce: string) => pageCsp(config, nonce, { dev: mode === "development" });
      // The site decides, not the page: a page cannot know whether its answer was personal.
      const cacheControl = (response: Response) => {
        response.headers.delete("cache-control");
        const setsCookie = response.headers.getSetCookie().length > 0;
        return pageCacheControl(request, page, personal, { status: response.status, setsCookie });
      };

      // A public page asked for by nobody in particular is the same for everyone: kept bytes.
      const cache = options.pageCache;
      const shared = page?.shared;
      const canonical =
        cache.enabled && request.method === "GET" && shared && sharesBytes(request, page, personal)
          ? canonicalPageUrl(request.url, shared.params)
          : undefined;
      if (canonical !== undefined) {
        const key = pageCacheKey(canonical);
        const hit = cache.lookup(key);
        if (hit && !hit.stale) return sendCached(request, reply, cache, key, hit);
        let own: RenderedPage | undefined;
        const renderForCache = async (): Promise<RenderedPage> => {
          const nonce = newNonce();
          // Rendered as anybody asking for the canonical address: what else this request carries
          // (a cookie that named no session, parameters no page reads) is not in the bytes.
          const response = await render(nonce, undefined, { url: canonical });
          const headers = new Headers(response.headers);
          headers.set("cache-control", cacheControl(response));
          const body = Buffer.from(await response.arrayBuffer());
          // Kept bytes are sent to many: their inline scripts are allowed by hash, not by a nonce.
          const hashes = inlineScriptHashes(body.toString("utf8")).join(" ");
          headers.set("content-security-policy", csp(nonce).replace(`'nonce-${nonce}'`, hashes));
          return { status: response.status, headers, body };
        };
        if (hit) {
          // Changed since it was kept: sent as it is while its successor is rendered (once, however
          // many ask), so a supplier's saves never make visitors wait for a rendering.
          void cache.fill(key, renderForCache, () => undefined, shared).catch(() => undefined);
          return sendCached(request, reply, cache, key, hit);
        }
        const held = await cache.fill(key, renderForCache, (rendered) => (own = rendered), shared);
        if (held) return sendCached(request, reply, cache, key, held);
        if (own) {
          reply.status(own.status);
          for (const [name, value] of own.headers) if (name !== "set-cookie") reply.header(name, value);
          const cookies = own.headers.getSetCookie();
          if (cookies.length > 0) reply.header("set-cookie", cookies);
          return reply.send(own.body);
        }
      }

      const nonce = newNonce();
      const response = await render(nonce, clientGone(reply));
      if (chosen.remember) response.headers.append("set-cookie", chosen.remember);
      reply.header("content-security-policy", csp(nonce));
      reply.header("cache-control", cacheControl(response));
      return sendWebResponse(reply, response);
    },
  });
}
