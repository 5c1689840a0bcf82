/**
 * API access declared once per route (issue 31, item 4; decision 186): the route's `access` makes
 * both the check and the description's security, so every operation the description says needs a
 * session refuses a caller without one (401) and every operator operation refuses a supplier (403),
 * before the body is read; and the services that act for an operator check the role themselves,
 * whoever calls them.
 */
import Fastify, { type RouteOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { applyAccess } from "../../src/features/accounts/server/access";
import type { Viewer } from "../../src/features/accounts";
import { operatorViewer, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

type Operation = { tags?: string[]; security?: unknown[] };
type Document = { paths: Record<string, Record<string, Operation>> };

const SOME_ID = "7b0c1f52-6f3e-4a59-9a67-2f7d1c9c0e11";

describe("a route's declared access", () => {
  const route = (options: Partial<RouteOptions>): RouteOptions =>
    ({ method: "GET", url: "/api/thing", handler: () => "", ...options }) as RouteOptions;

  it("stops the start when a route under /api/ declares none, or writes its security by hand", () => {
    expect(() => applyAccess(route({}))).toThrow("GET /api/thing declares no access");
    expect(() => applyAccess(route({ config: { access: "anyone" }, schema: { security: [] } as never }))).toThrow("by hand");
    // The auth library's routes and the description are declared elsewhere; pages need nothing.
    expect(() => applyAccess(route({ url: "/api/auth/*" }))).not.toThrow();
    expect(() => applyAccess(route({ url: "/api/docs/json" }))).not.toThrow();
    expect(() => applyAccess(route({ url: "/posts" }))).not.toThrow();
  });

  it("writes the security the access means and checks it before the handler", async () => {
    const app = Fastify();
    app.decorateRequest("viewer", null);
    app.addHook("onRequest", (request, _reply, done) => {
      const role = request.headers["x-role"];
      request.viewer = role === "operator" ? operatorViewer() : role ? { ...operatorViewer(), role: "supplier" } : null;
      done();
    });
    const seen: Record<string, unknown> = {};
    app.addHook("onRoute", (options) => {
      applyAccess(options);
      seen[options.url] = (options.schema as { security?: unknown } | undefined)?.security;
    });
    for (const access of ["anyone", "signed-in", "operator"] as const) {
      app.get(`/api/${access}`, { config: { access }, schema: {} }, () => "in");
    }
    await app.ready();
    expect(seen).toEqual({ "/api/anyone": [], "/api/signed-in": [{ session: [] }], "/api/operator": [{ session: [] }] });
    const status = async (url: string, role?: string) => (await app.inject({ url, headers: role ? { "x-role": role } : {} })).statusCode;
    expect([await status("/api/anyone"), await status("/api/signed-in"), await status("/api/operator")]).toEqual([200, 401, 401]);
    expect([await status("/api/signed-in", "supplier"), await status("/api/operator", "supplier")]).toEqual([200, 403]);
    expect(await status("/api/operator", "operator")).toBe(200);
    await app.close();
  });
});

describeDb("the site's API: what the description says about access is what the server does", () => {
  const t = useTestApp();
  let supplier: SignedIn;
  let document: Document;

  beforeAll(async () => {
    supplier = await signUp(t, { name: "Access Agency" });
    document = (await t.app.inject({ url: "/api/docs/json" })).json() as Document;
  });

  /** Every described operation under /api/, with an id in place of each parameter. */
  function operations(): { method: string; url: string; path: string; operation: Operation }[] {
    return Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/api/") && !path.startsWith("/api/auth/"))
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, SOME_ID),
          path,
          operation,
        })),
      );
  }
  const needsSession = (operation: Operation) => (operation.security ?? []).some((scheme) => "session" in (scheme as object));

  it("describes the session on every route that asks for one, the supplier's EA personnel among them", () => {
    const secured = operations().filter(({ operation }) => needsSession(operation));
    expect(secured.map(({ method, path }) => `${method} ${path}`)).toEqual(
      expect.arrayContaining([
        "GET /api/me/ea-personnel",
        "POST /api/me/ea-personnel",
        "DELETE /api/me/ea-personnel/{id}",
        "POST /api/uploads",
      ]),
    );
    for (const { method, path, operation } of operations()) {
      if (operation.tags?.includes("operator")) expect(needsSession(operation), `${method} ${path}`).toBe(true);
    }
  });

  it("refuses every such route without a session (401), whatever the body, before reading it", async () => {
    for (const { method, url, operation } of operations().filter(({ operation }) => needsSession(operation))) {
      const response = await t.app.inject({
        method: method as "GET",
        url,
        payload: method === "GET" ? undefined : { junk: "\u0000".repeat(3) },
      });
      expect(response.statusCode, `${method} ${url} (${operation.tags?.join()})`).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
    }
  });

  it("refuses a supplier every operator route (403), before reading the body", async () => {
    const operatorOnes = operations().filter(({ operation }) => operation.tags?.includes("operator"));
    expect(operatorOnes.length).toBeGreaterThanOrEqual(8);
    for (const { method, url } of operatorOnes) {
      const response = await t.app.inject({
        method: method as "GET",
        url,
        headers: { cookie: supplier.cookie },
        payload: method === "GET" || method === "DELETE" ? undefined : { licence: 42 },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lets no one but an operator use the operator's services, and no one signed out change an account, whoever calls them", async () => {
    const asSupplier: Viewer = { ...operatorViewer(supplier.id), role: "supplier" };
    const services = t.app.services;
    const refusals: [string, () => unknown][] = [
      ["the operator's desk", () => services.operator.as(asSupplier)],
      ["the leads", () => services.leads.list(asSupplier)],
      ["the leads' export", () => services.leads.exportCsv(asSupplier)],
      ["the withdrawals", () => services.leads.privacy.openRequests(asSupplier)],
      ["carrying one out", () => services.leads.privacy.carryOut(asSupplier, SOME_ID)],
      ["hiding a message", () => services.conversations.hide(asSupplier, 1)],
      ["blocking a family", () => services.conversations.blockParty(asSupplier, { familyId: SOME_ID }, true, { confirmed: true })],
      ["blocking a supplier", () => services.conversations.blockParty(asSupplier, { supplierId: supplier.id }, true, { confirmed: true })],
      ["the block log", () => services.conversations.blockLog(asSupplier)],
      ["lifting a block", () => services.conversations.liftBlock(asSupplier, SOME_ID)],
      ["the families' language", () => services.familyLocale.set("zh", asSupplier)],
    ];
    for (const [what, call] of refusals) {
      await expect(Promise.resolve().then(call), what).rejects.toMatchObject({ statusCode: 403 });
    }
    // And the account's own changes need the account.
    for (const call of <(() => Promise<unknown>)[]>[
      () => services.conversations.blockLog(null),
      () => services.accounts.setLocale(null, "my"),
      () =>
        services.accounts.update(null, { name: "Nobody", email: "nobody@example.test", companyName: "", eaLicenceNumber: null, phone: "" }),
    ]) {
      await expect(Promise.resolve().then(call)).rejects.toMatchObject({ statusCode: 401 });
    }
    // The operator is let through.
    expect(Array.isArray(await services.conversations.blockLog(operatorViewer()))).toBe(true);
  });
});
