import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { describeDb } from "../support/database";
import { buildDir } from "../support/e2e";
import { createHelper, createSupplier } from "../support/factories";
import { createTestApp, useApp, type TestApp } from "../support/test-app";

const PUBLIC_URL = "https://helpers.example.sg";

/** The site as production runs it: the built pages and their browser files, on a test database. */
async function createSite(): Promise<TestApp> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  return createTestApp({
    env: { NODE_ENV: "production", PUBLIC_URL },
    pages: { build, clientDir: path.join(buildDir, "client") },
  });
}

describeDb("the site's HTTP hygiene", () => {
  const t = useApp(createSite);

  describe("caching", () => {
    it("lets browsers keep hashed build files for a year", async () => {
      const asset = readdirSync(path.join(buildDir, "client/assets")).find((name) => name.endsWith(".js"))!;
      const response = await t.app.inject({ url: `/assets/${asset}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    });

    it("lets browsers keep stored images for a year, since a new photo gets a new name", async () => {
      await t.app.storage.put("helpers/cachetest0001.webp", Buffer.from("RIFF----WEBP"), "image/webp");
      const response = await t.app.inject({ url: "/media/helpers/cachetest0001.webp" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toContain("max-age=31536000");
    });

    it("lets a public page be kept a minute, then served while it is fetched again", async () => {
      const response = await t.app.inject({ url: "/posts" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    });

    it("answers a build file that does not exist with a plain 404, not a page", async () => {
      const response = await t.app.inject({ url: "/assets/no-such-file-1234.js" });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("application/json");
    });
  });

  describe("compression", () => {
    it.each(["br", "gzip"])("sends pages %s-compressed to a browser that accepts it", async (encoding) => {
      const response = await t.app.inject({ url: "/posts", headers: { "accept-encoding": encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe(encoding);
      const html = (encoding === "br" ? brotliDecompressSync : gunzipSync)(response.rawPayload).toString();
      expect(html).toContain("<h1");
      expect(html).toContain("</html>");
    });

    it("sends a large listing gzip-compressed, and the same listing again from the cache", async () => {
      const supplier = await createSupplier(t.db);
      for (let i = 0; i < 6; i++) await createHelper(t, supplier.id, { name: `Compressed ${i}` });
      const url = `/api/helpers?supplier=${supplier.id}`;
      const first = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
      expect(first.headers["content-encoding"]).toBe("gzip");
      const body = JSON.parse(gunzipSync(first.rawPayload).toString());
      expect(body.total).toBe(6);
      const again = await t.app.inject({ url });
      expect(again.headers["content-encoding"]).toBeUndefined();
      expect(again.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(again.json()).toEqual(body);
    });
  });

  describe("security headers", () => {
    it("gives pages rendered per request a policy with a fresh nonce for their own scripts, and forbids framing", async () => {
      // (A public page kept for everyone names its inline scripts by hash: page-cache.test.ts.)
      const [one, two] = await Promise.all([t.app.inject({ url: "/login" }), t.app.inject({ url: "/login" })]);
      const csp = String(one.headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(String(two.headers["content-security-policy"])).not.toContain(nonce);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const scripts = [...one.body.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(one.headers["x-content-type-options"]).toBe("nosniff");
      expect(one.headers["referrer-policy"]).toBeTruthy();
    });

    it("lets pages load pictures from this site only, so no picture can tell another host who reads", async () => {
      const csp = String((await t.app.inject({ url: "/posts" })).headers["content-security-policy"]);
      const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1]?.split(" ");
      expect(imgSrc).toEqual(["'self'", "data:", "blob:"]);
    });

    it("closes API answers to everything", async () => {
      const response = await t.app.inject({ url: "/api/helpers?pageSize=1" });
      expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBeTruthy();
    });
  });

  describe("a shared biodata link", () => {
    it("carries the helper's name in the title and an absolute JPEG preview URL for link previews", async () => {
      const supplier = await createSupplier(t.db);
      const helper = await createHelper(t, supplier.id, { name: "Analyn Preview", photo: "helpers/previewphoto01" });
      const response = await t.app.inject({ url: `/posts/${helper.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<title>[^<]*Analyn Preview[^<]*<\/title>/);
      expect(response.body).toMatch(
        new RegExp(`<meta property="og:image" content="${PUBLIC_URL}/previews/helpers/${helper.id}\\.jpg\\?v=\\w+"/>`),
      );
      expect(response.body).toContain(`<meta property="og:image:type" content="image/jpeg"/>`);
      expect(response.body).toContain(`<meta property="og:url" content="${PUBLIC_URL}/posts/${helper.id}"/>`);
      expect(response.body).toMatch(/<meta property="og:title" content="Analyn Preview/);
    });
  });

  describe("addresses that lead nowhere", () => {
    it.each([
      ["an unknown page", "/no/such/page"],
      ["an unknown helper", "/posts/00000000-0000-4000-8000-000000000000"],
      ["a malformed helper id", "/posts/not-an-id"],
    ])("answers %s with status 404 and the not-found page", async (_what, url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain("Page not found");
      expect(response.body).toContain("Go Back Home");
    });

    it("answers an unknown API route with a JSON 404", async () => {
      const response = await t.app.inject({ url: "/api/no-such-thing?x=1" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "not_found", message: "No route for GET /api/no-such-thing", requestId: expect.any(String) },
      });
    });
  });

  it("answers liveness and readiness", async () => {
    const health = await t.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers["cache-control"]).toBe("no-store");
  });
});

describeDb("the site when its database is gone", () => {
  const t = useApp(createSite);
  beforeAll(async () => {
    await t.database.handle.close();
  });

  it("reports not ready", async () => {
    const response = await t.app.inject({ url: "/readyz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: "unavailable" });
    expect((await t.app.inject({ url: "/healthz" })).statusCode).toBe(200);
  });

  it("shows the error screen with a way home, and nothing of what went wrong inside", async () => {
    // The cause goes to the server's log, not to the visitor.
    t.expectErrorLog(/^page failed: Failed query/, "the database was closed before the tests");
    const response = await t.app.inject({ url: "/posts" });
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("Something went wrong");
    expect(response.body).toContain("Go Back Home");
    for (const internal of [/closed/i, /pool/i, /pglite/i, /select /i, /\bat \S+ \(/, /node_modules/]) {
      expect(response.body).not.toMatch(internal);
    }
  });

  it("answers an API call with a 500 that says nothing of its cause", async () => {
    t.expectErrorLog(/^request failed: Failed query/, "the database was closed before the tests");
    const response = await t.app.inject({ url: "/api/helpers?pageSize=3" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: "internal", message: "Something went wrong on our side. Please try again.", requestId: expect.any(String) },
    });
  });
});
