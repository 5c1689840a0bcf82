import { describe, expect, it } from "vitest";
import type { AppLoadContext, ServerBuild } from "react-router";
import { readPageTable } from "../../src/server/http/page-policies";
import { pagePolicy, type PagePolicy } from "../../src/shared/page-policy";

const SITE = "https://helpers.example.com";

type Module = { policy?: PagePolicy; loader?: () => unknown; action?: () => unknown };

/** A server build of a few routes, as React Router writes one: a root and pages below it. */
function buildOf(pages: Record<string, { path?: string; index?: boolean; module: Module }>): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const [id, page] of Object.entries(pages))
    routes[id] = { id, parentId: "root", path: page.path, index: page.index, module: page.module };
  return { routes } as unknown as ServerBuild;
}

const ok = () => "ran";
const site = buildOf({
  home: { index: true, module: { policy: pagePolicy.shared("listing", [], { sitemap: true }), loader: ok } },
  listing: { path: "posts", module: { policy: pagePolicy.shared("listing", "listing", { sitemap: true }), loader: ok } },
  biodata: { path: "posts/:id", module: { policy: pagePolicy.shared("helper"), loader: ok, action: ok } },
  edit: { path: "posts/:id/edit", module: { policy: pagePolicy.signedIn(), loader: ok, action: ok } },
  filters: { path: "filters", module: { policy: pagePolicy.personal({ sitemap: true, sharedHeaders: true }), loader: ok, action: ok } },
  logout: { path: "logout", module: { policy: pagePolicy.personal({ noCrawl: true }), loader: ok, action: ok } },
  leads: { path: "admin/leads", module: { policy: pagePolicy.operator(), loader: ok } },
  outbox: { path: "admin/outbox", module: { policy: pagePolicy.operator(), loader: ok } },
  missing: { path: "*", module: { policy: pagePolicy.personal(), loader: ok } },
});

function call(
  table: ReturnType<typeof readPageTable>,
  id: string,
  kind: "loader" | "action",
  request: Request,
  viewer: { role: string } | null,
) {
  const module = table.build.routes[id]!.module;
  const run = module[kind] as (args: { request: Request; context: AppLoadContext; params: object }) => unknown;
  return run({ request, context: { viewer } as unknown as AppLoadContext, params: {} });
}

/** What a guard threw, as the status React Router answers with. */
function statusOf(thrown: unknown): number | undefined {
  if (thrown instanceof Response) return thrown.status;
  return (thrown as { init?: { status?: number } }).init?.status;
}

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to refuse");
}

describe("the pages' own policies, read from the build", () => {
  const table = readPageTable(site, SITE);

  it("tells which addresses may be shared, under which parameters, and what each shows", () => {
    expect(table.match("/")?.shared).toMatchObject({ shows: "listing", params: new Set() });
    expect(table.match("/posts")?.shared?.params.has("nationality")).toBe(true);
    expect(table.match("/posts/abc")?.shared).toMatchObject({ shows: "helper", helperId: "abc" });
    expect(table.match("/filters")?.sharedHeaders).toBe(true);
    expect(table.match("/filters")?.shared).toBeUndefined();
    for (const path of ["/posts/abc/edit", "/admin/leads", "/logout", "/anything/else"]) {
      expect(table.match(path)?.sharedHeaders, path).toBe(false);
      expect(table.match(path)?.shared, path).toBeUndefined();
    }
  });

  it("sends the signed-out to log in, and back, before a signed-in page's loader or action runs", () => {
    const request = new Request(`${SITE}/posts/abc/edit?x=1`);
    const thrown = thrownBy(() => call(table, "edit", "loader", request, null));
    expect(statusOf(thrown)).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/login?redirectTo=%2Fposts%2Fabc%2Fedit%3Fx%3D1");
    expect(call(table, "edit", "loader", request, { role: "supplier" })).toBe("ran");
  });

  it("answers 403 to an account that is not an operator's on an operator's page", () => {
    const request = new Request(`${SITE}/admin/leads`);
    expect(statusOf(thrownBy(() => call(table, "leads", "loader", request, { role: "supplier" })))).toBe(403);
    expect(call(table, "leads", "loader", request, { role: "operator" })).toBe("ran");
  });

  it("refuses every form posted from another site, on public pages too", () => {
    const post = (headers: Record<string, string>) => new Request(`${SITE}/filters`, { method: "POST", headers });
    expect(statusOf(thrownBy(() => call(table, "filters", "action", post({ origin: "https://evil.example" }), null)))).toBe(403);
    expect(statusOf(thrownBy(() => call(table, "biodata", "action", post({ "sec-fetch-site": "cross-site" }), null)))).toBe(403);
    expect(call(table, "filters", "action", post({ origin: SITE, "sec-fetch-site": "same-origin" }), null)).toBe("ran");
  });

  it("lists in the sitemap the public pages that ask for it, and closes to crawlers what is not public", () => {
    expect(table.sitemapPaths.sort()).toEqual(["/", "/filters", "/posts"]);
    expect(table.disallowedPaths.sort()).toEqual(["/admin/", "/logout", "/posts/*/edit"]);
  });

  it("will not start with a page route that declares no policy, or an account's page with no loader to guard", () => {
    expect(() => readPageTable(buildOf({ bare: { path: "x", module: { loader: ok } } }), SITE)).toThrow(/without a policy: bare/);
    expect(() => readPageTable(buildOf({ open: { path: "x", module: { policy: pagePolicy.signedIn() } } }), SITE)).toThrow(
      /no loader to guard/,
    );
  });
});
