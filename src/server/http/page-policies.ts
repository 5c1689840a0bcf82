/**
 * The page routes' own declarations (`export const policy` beside each loader, shared/page-policy.ts)
 * read from the server build: which route an address is, who may open it, whether its bytes may
 * be shared and under which parameters, what search engines are told. The build's loaders and
 * actions are wrapped here so that every signed-in or operator page is guarded, and every form
 * is checked to come from this site, in one place (decision 093).
 */
import {
  data,
  matchRoutes,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import type { PagePolicy, PageShows } from "../../shared/page-policy";
import { LISTING_PARAMS } from "../../shared/listing-query-schema";

type ServerRoutes = ServerBuild["routes"];
type RouteEntry = NonNullable<ServerRoutes[string]>;

/** A page address as a public page's cache sees it: the query parameters it reads, and what it shows. */
export interface SharedPage {
  params: ReadonlySet<string>;
  shows: PageShows;
  /** The `:id` of a biodata page (`shows: "helper"`). */
  helperId?: string;
}

export interface PageMatch {
  policy: PagePolicy;
  /** Set when the same bytes may go to everybody without a session or visitor cookie. */
  shared?: SharedPage;
  /** Shared caches may keep the answer (a page kept by the site, or one shared by headers only). */
  sharedHeaders: boolean;
}

const LISTING_PARAM_SET: ReadonlySet<string> = new Set(LISTING_PARAMS);

function policyOf(route: RouteEntry): PagePolicy | undefined {
  return (route.module as { policy?: PagePolicy }).policy;
}

/** The build's routes as a tree for `matchRoutes`, and the routes that declare no policy. */
function treeOf(routes: ServerRoutes): RouteObject[] {
  const byParent = new Map<string | undefined, RouteEntry[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: build(route.id) },
    );
  return build(undefined);
}

/** Every page route's full pattern (`/posts/:id`) and its policy; the root is not a page. */
function patternsOf(routes: ServerRoutes): { pattern: string; policy: PagePolicy }[] {
  const full = (route: RouteEntry): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const head = parent ? full(parent) : "";
    return route.path ? `${head.replace(/\/$/, "")}/${route.path}` : head || "/";
  };
  return Object.values(routes)
    .filter((route): route is RouteEntry => Boolean(route && route.parentId))
    .map((route) => ({ pattern: full(route), policy: policyOf(route)! }));
}

/** Sends a signed-out visitor to /login, and back here afterwards. */
export function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/**
 * Refuses a form posted from another site. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); a request that says nothing (a script, an old browser) passes,
 * as the session cookie is SameSite=Lax and never rides along on another site's POST.
 */
export function assertSameOrigin(request: Request, publicUrl: string): void {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw data("This form must be sent from this site.", { status: 403 });
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin && origin !== publicUrl) {
    throw data("This form must be sent from this site.", { status: 403 });
  }
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** What a policy asks before a loader or action runs: thrown as React Router answers (a redirect, a 403 page). */
function admit(policy: PagePolicy, { request, context }: Args): void {
  if (policy.access === "public") return;
  const viewer = context.viewer;
  if (!viewer) throw loginRedirect(request);
  if (policy.access === "operator" && viewer.role !== "operator") throw data("Only operators may open this page.", { status: 403 });
}

export interface PageTable {
  /** The build with every loader and action behind its route's policy. */
  build: ServerBuild;
  /** The page an address (path only, no `.data`) opens, and what its policy says of sharing it. */
  match(pathname: string): PageMatch | undefined;
  /** Public pages with no parameter in their path that ask to be in the sitemap. */
  sitemapPaths: string[];
  /** Paths crawlers are asked to leave alone (`*` for a path parameter). */
  disallowedPaths: string[];
}

/** How many addresses' matches are kept at most (then forgotten all at once). */
const MATCHES_KEPT = 10_000;

/**
 * Reads the declarations of a server build. A page route without one stops the start: what a
 * page may show to whom is never left to a default.
 */
export function readPageTable(build: ServerBuild, publicUrl: string): PageTable {
  const missing = Object.values(build.routes).filter((route) => route && route.parentId && !policyOf(route));
  if (missing.length > 0) throw new Error(`Page routes without a policy: ${missing.map((route) => route!.id).join(", ")}`);
  for (const route of Object.values(build.routes)) {
    if (route && route.parentId && policyOf(route)!.access !== "public" && !route.module.loader) {
      throw new Error(`Page route ${route.id} is for ${policyOf(route)!.access} accounts but has no loader to guard`);
    }
  }

  const routes: ServerRoutes = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const policy = policyOf(route);
    const { loader, action } = route.module;
    const module = { ...route.module };
    if (policy && loader) module.loader = (args) => (admit(policy, args), loader(args));
    if (action) {
      module.action = (args) => {
        assertSameOrigin(args.request, publicUrl);
        if (policy) admit(policy, args);
        return action(args);
      };
    }
    routes[id] = { ...route, module };
  }

  const tree = treeOf(build.routes);
  const patterns = patternsOf(build.routes);
  const toRobots = (pattern: string) => pattern.replace(/:[^/]+/g, "*").replace(/\*$/, "");
  const closed = ({ policy }: { policy: PagePolicy }) => policy.access !== "public" || Boolean(policy.noCrawl);
  // A first segment under which every page is closed is asked of crawlers once (`/admin/`).
  const closedFolders = new Set(
    patterns
      .filter(({ pattern }) => pattern.split("/").length > 2)
      .map(({ pattern }) => pattern.split("/")[1]!)
      .filter((folder) => patterns.filter(({ pattern }) => pattern.split("/")[1] === folder).every(closed)),
  );
  const matchPage = (pathname: string): PageMatch | undefined => {
    const leaf = matchRoutes(tree, pathname)?.at(-1);
    const route = leaf ? build.routes[leaf.route.id!] : undefined;
    const policy = route ? policyOf(route) : undefined;
    if (!leaf || !policy) return undefined;
    if (policy.access !== "public" || !policy.shared) return { policy, sharedHeaders: false };
    if (policy.shared === "headers") return { policy, sharedHeaders: true };
    const { params, shows } = policy.shared;
    return {
      policy,
      sharedHeaders: true,
      shared: {
        params: params === "listing" ? LISTING_PARAM_SET : new Set(params),
        shows,
        helperId: shows === "helper" ? leaf.params.id : undefined,
      },
    };
  };
  // React Router's matchRoutes flattens and ranks the whole route tree on every call: three
  // quarters of the work of sending a kept page. An address's match is kept instead (bounded:
  // addresses are the visitors' to choose).
  const matched = new Map<string, PageMatch | undefined>();
  return {
    build: { ...build, routes },
    match(pathname) {
      if (matched.has(pathname)) return matched.get(pathname);
      const found = matchPage(pathname);
      if (matched.size >= MATCHES_KEPT) matched.clear();
      matched.set(pathname, found);
      return found;
    },
    sitemapPaths: patterns
      .filter(({ pattern, policy }) => policy.access === "public" && policy.sitemap && !pattern.includes(":"))
      .map(({ pattern }) => pattern),
    disallowedPaths: [
      ...new Set(
        patterns.filter(closed).map(({ pattern }) => {
          const folder = pattern.split("/")[1]!;
          // A folder's own page (`/dashboard`) is named as well: `/dashboard/` does not cover it.
          return closedFolders.has(folder) && pattern.split("/").length > 2 ? `/${folder}/` : toRobots(pattern);
        }),
      ),
    ],
  };
}

/**
 * The page table of a build that is given once (production), or of each fresh build a function
 * returns (development, with hot reload).
 */
export function pageTables(build: ServerBuild | (() => Promise<ServerBuild>), publicUrl: string): () => Promise<PageTable> {
  if (typeof build === "function") return async () => readPageTable(await build(), publicUrl);
  const table = readPageTable(build, publicUrl);
  return async () => table;
}
