/**
 * What a page route declares beside its loader (`export const policy = …`): who may open it,
 * whether the same bytes may go to everyone, and whether search engines should list it. The
 * server reads these declarations from the build (server/http/page-policies.ts): the guards,
 * the same-origin check of every form, the page cache, the cache headers and the sitemap follow
 * them, so no list of routes is kept anywhere else (decision 093).
 */

/** What a kept public page shows, so a change drops only the pages it touches. */
export type PageShows =
  /** Listed helpers (a listing, the home page, the suppliers' counts): any listed change. */
  | "listing"
  /** One helper's biodata, named by the route's `:id`: a change of that helper. */
  | "helper"
  /** Nothing that biodata changes (the privacy policy). */
  | "fixed";

/**
 * The query parameters a kept page reads: a list, or `"listing"` for the listing's own (its
 * schema names them on the server; a page's script need not carry that schema).
 */
export type PageParams = readonly string[] | "listing";

export type PagePolicy =
  | {
      access: "public";
      /**
       * The same for everyone without a session or visitor cookie: kept by the site's page cache
       * and by shared caches under the query parameters it reads (any other is dropped from the
       * key), or `"headers"` for shared caches only (a page whose address carries a visitor's
       * choices). Absent: every answer is the visitor's own (`private, no-store`).
       */
      shared?: { params: PageParams; shows: PageShows } | "headers";
      /** Listed in the sitemap (public pages whose path has no parameter). */
      sitemap?: boolean;
      /** Asked of crawlers not to visit (robots.txt). */
      noCrawl?: boolean;
      /**
       * The visitor's own answer may be kept by their own browser, to read again offline (the
       * site's service worker keeps such a page in a cache it empties on a withdrawal):
       * `private, no-cache` instead of `private, no-store`. Never for a signed-in request.
       */
      keptOffline?: boolean;
    }
  /** Signed-in accounts; others go to /login and come back. Never crawled, never shared. */
  | { access: "signed-in" }
  /** Operators; other accounts get 403, the signed-out go to /login. Never crawled, never shared. */
  | { access: "operator" };

/** Helpers for route modules, so each declaration reads as a sentence. */
export const pagePolicy = {
  /** Public and the same for everyone: kept under `params`, dropped when what it `shows` changes. */
  shared: (shows: PageShows, params: PageParams = [], options: { sitemap?: boolean; keptOffline?: boolean } = {}): PagePolicy => ({
    access: "public",
    shared: { params, shows },
    ...options,
  }),
  /** Public, but each answer is the visitor's own (forms, pages that read a cookie). */
  personal: (options: { sitemap?: boolean; noCrawl?: boolean; sharedHeaders?: boolean; keptOffline?: boolean } = {}): PagePolicy => ({
    access: "public",
    shared: options.sharedHeaders ? "headers" : undefined,
    sitemap: options.sitemap,
    noCrawl: options.noCrawl,
    keptOffline: options.keptOffline,
  }),
  signedIn: (): PagePolicy => ({ access: "signed-in" }),
  operator: (): PagePolicy => ({ access: "operator" }),
} as const;
