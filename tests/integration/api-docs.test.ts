import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes, type RegisteredRoute } from "../../src/server/http/api-docs";
import { signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Json[];
  parameters?: { name: string; in: string; description?: string; schema?: Json }[];
  requestBody?: Json;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
}

const ERROR_REF = "#/components/schemas/Error";
/** better-auth answers its own refusals, in its own shape. */
const AUTH = "/api/auth/";
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/** What is wrong with the document for the routes the app registered: empty when nothing is. */
function problemsOf(document: Document, routes: readonly RegisteredRoute[]): string[] {
  const problems: string[] = [];
  const tags = new Set(document.tags.map((tag) => tag.name));
  const apiRoutes = routes.filter(({ url, method }) => url.startsWith("/api/") && method !== "HEAD" && url !== "/api/auth/*");
  for (const { method, url } of apiRoutes) {
    const name = `${method} ${url}`;
    const operation = document.paths[openapiPath(url)]?.[method.toLowerCase()];
    if (!operation) {
      problems.push(`${name} is not in the document`);
      continue;
    }
    if (!operation.summary?.trim()) problems.push(`${name} has no summary`);
    if (!operation.tags?.length || !operation.tags.every((tag) => tags.has(tag))) problems.push(`${name} has no declared tag`);
    const statuses = Object.keys(operation.responses ?? {});
    if (!statuses.some((status) => /^2\d\d$/.test(status))) problems.push(`${name} declares no successful answer`);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schema = response.content?.["application/json"]?.schema;
      if (/^[45]\d\d$/.test(status) && schema?.$ref !== ERROR_REF) problems.push(`${name} answers ${status} without the error shape`);
    }
    for (const [, param] of url.matchAll(/:(\w+)/g)) {
      if (!operation.parameters?.some((p) => p.in === "path" && p.name === param)) problems.push(`${name} does not declare :${param}`);
    }
    if (["POST", "PATCH", "PUT"].includes(method) && !operation.requestBody && !url.endsWith("/retry")) {
      problems.push(`${name} declares no body`);
    }
  }
  // Nothing is documented that the app does not serve.
  const served = new Set(routes.map(({ method, url }) => `${method.toLowerCase()} ${openapiPath(url)}`));
  for (const [path, item] of Object.entries(document.paths)) {
    if (path.startsWith(AUTH)) continue;
    for (const method of Object.keys(item)) if (!served.has(`${method} ${path}`)) problems.push(`${method} ${path} is not served`);
  }
  return problems;
}

describeDb("the API describes itself at /api/docs", () => {
  const t = useTestApp();
  let document: Document;
  let raw: string;
  beforeAll(async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    raw = response.body;
    document = JSON.parse(raw) as Document;
  });

  it("is a valid OpenAPI 3.1 document whose references all resolve", async () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Direct Helpers API");
    expect(document.info.version).toBeTruthy();
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Json);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
    for (const [, name] of raw.matchAll(/"#\/components\/schemas\/([^"]+)"/g))
      expect(document.components.schemas, name).toHaveProperty(name!);
  });

  it("passes Redocly's recommended rules: a server, an operationId and who may call for every operation", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: raw, absoluteRef: "openapi.json", config });
    const said = (severity: string) =>
      problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ""})`);
    expect(said("error")).toEqual([]);
    // Warnings left as they are: the site publishes no licence, the tests' site is at localhost,
    // and the suppliers' list and the open job posts take no input that could be refused.
    const understood = [
      "info-license:",
      "no-server-example.com:",
      "operation-4xx-response: Operation must have at least one `4XX` response. (#/paths/~1api~1suppliers/get/responses)",
      "operation-4xx-response: Operation must have at least one `4XX` response. (#/paths/~1api~1jobs/get/responses)",
    ];
    expect(said("warn").filter((warning) => !understood.some((known) => warning.startsWith(known)))).toEqual([]);
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        expect((operation as { operationId?: string }).operationId, `${method} ${path}`).toBeTruthy();
        expect(operation.security, `${method} ${path}`).toBeDefined();
      }
    expect(document.paths["/api/helpers/{id}"]?.get).toMatchObject({ operationId: "getHelpersById", security: [] });
  });

  it("lists only the better-auth endpoints the site serves, and serves none of the others", async () => {
    for (const unused of ["/api/auth/sign-in/social", "/api/auth/callback/{id}", "/api/auth/link-social", "/api/auth/list-accounts"])
      expect(document.paths, unused).not.toHaveProperty([unused]);
    for (const url of ["/api/auth/sign-in/social", "/api/auth/callback/google", "/api/auth/list-accounts", "/api/auth/account-info?x=1"]) {
      const refused = await t.app.inject({
        method: url.includes("social") ? "POST" : "GET",
        url,
        payload: url.includes("social") ? {} : undefined,
      });
      expect(refused.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: "/api/auth/get-session" })).statusCode).toBe(200);
  });

  it("describes every /api route the site registers, with a summary, a feature tag, its parameters and the error shape", () => {
    const routes = registeredRoutes(t.app);
    expect(routes.filter(({ url }) => url.startsWith("/api/")).length).toBeGreaterThan(15);
    expect(problemsOf(document, routes)).toEqual([]);
  });

  it("would catch a route added without its description", () => {
    const routes = [...registeredRoutes(t.app), { method: "GET", url: "/api/helpers/:id/notes" }];
    expect(problemsOf(document, routes)).toEqual(["GET /api/helpers/:id/notes is not in the document"]);
    const bare = structuredClone(document);
    delete bare.paths["/api/suppliers"]!.get!.summary;
    bare.paths["/api/suppliers/{id}"]!.get!.parameters = [];
    expect(problemsOf(bare, registeredRoutes(t.app))).toEqual([
      "GET /api/suppliers has no summary",
      "GET /api/suppliers/:id does not declare :id",
    ]);
  });

  it("documents the bodies the handlers check themselves, the listing's parameters and who may call", () => {
    const create = document.paths["/api/helpers"]!.post!;
    const body = (create.requestBody as { content: Record<string, { schema: Json }> }).content["application/json"]!.schema;
    expect(Object.keys(body.properties as Json)).toEqual(
      expect.arrayContaining(["name", "salary", "skills", "employment", "availableFrom"]),
    );
    expect(JSON.stringify(body)).toContain("philippines");
    expect(create.security).toEqual([{ session: [] }]);
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" });
    const upload = document.paths["/api/uploads"]!.post!.requestBody as { content: Json };
    expect(Object.keys(upload.content)).toEqual(["multipart/form-data"]);

    const listing = document.paths["/api/helpers"]!.get!.parameters ?? [];
    expect(listing.map((param) => param.name)).toEqual(expect.arrayContaining(["skill", "availableBy", "interview", "page", "pageSize"]));
    for (const param of listing) expect(param.description ?? param.schema?.description, param.name).toBeTruthy();
    expect(document.paths["/api/admin/leads.csv"]!.get!.responses!["200"]!.content).toHaveProperty("text/csv");
    expect(document.paths["/posts/{id}/biodata.pdf"]!.get!.responses!["200"]!.content).toHaveProperty("application/pdf");
  });

  it("lists better-auth's endpoints under /api/auth, and none of the site's pages or files", () => {
    expect(document.paths["/api/auth/sign-in/email"]?.post?.tags).toEqual(["accounts"]);
    expect(document.paths["/api/auth/sign-up/email"]?.post?.requestBody).toBeDefined();
    // The site's own rules on better-auth's endpoints are said where they apply.
    expect(document.paths["/api/auth/update-user"]?.post?.description).toContain("`companyName`");
    expect(document.paths["/api/auth/get-session"]?.get).toBeDefined();
    expect(document.paths["/api/auth/request-password-reset"]?.post).toBeDefined();
    expect(document.paths["/api/auth/reset-password/{token}"]?.get?.parameters).toContainEqual(
      expect.objectContaining({ name: "token", in: "path" }),
    );
    expect(Object.keys(document.paths).filter((path) => !path.startsWith("/api/"))).toEqual(["/posts/{id}/biodata.pdf"]);
  });

  describe("the page", () => {
    it("shows every operation of the document as plain HTML that its own policy allows", async () => {
      const response = await t.app.inject({ url: "/api/docs" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      const html = response.body;
      for (const [path, item] of Object.entries(document.paths)) {
        for (const method of Object.keys(item))
          expect(html, `${method} ${path}`).toContain(`${method.toUpperCase()}</span><code>${path}</code>`);
      }
      expect(html).toContain("<h3>Error</h3>");

      const csp = String(response.headers["content-security-policy"]);
      const directives = new Map(
        csp
          .split(";")
          .map((part) => part.trim().split(/\s+/))
          .map(([name, ...values]) => [name!, values]),
      );
      expect(directives.get("default-src")).toEqual(["'none'"]);
      expect(directives.has("script-src")).toBe(false);
      expect(csp).not.toContain("unsafe-inline");
      // No script at all, so nothing to allow; every inline stylesheet by its hash; no style attribute.
      expect(html).not.toMatch(/<script\b/i);
      expect(html).not.toMatch(/\son\w+\s*=/i);
      expect(html).not.toMatch(/\sstyle\s*=/i);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) {
        expect(directives.get("style-src")).toContain(`'sha256-${createHash("sha256").update(style).digest("base64")}'`);
      }
      // Nothing fetched from anywhere: no images, frames, fonts or stylesheets by address.
      expect(html).not.toMatch(/<(?:img|iframe|link|object|embed)\b/i);
    });
  });

  describe("answers", () => {
    it("are the same bytes each time, kept by any cache and revalidated by their ETag", async () => {
      for (const url of ["/api/docs/json", "/api/docs"]) {
        const first = await t.app.inject({ url });
        const second = await t.app.inject({ url });
        expect(second.body, url).toBe(first.body);
        expect(first.headers["cache-control"], url).toBe("public, max-age=300");
        expect(String(first.headers.vary), url).toMatch(/Accept-Encoding/);
        const etag = String(first.headers.etag);
        expect(etag, url).toMatch(/^"[\w-]+"$/);
        const again = await t.app.inject({ url, headers: { "if-none-match": `W/"other", ${etag}` } });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe("");
        expect((await t.app.inject({ url, headers: { "if-none-match": '"other"' } })).statusCode, url).toBe(200);
        const head = await t.app.inject({ method: "HEAD", url });
        expect(head.statusCode, url).toBe(200);
        expect(head.body, url).toBe("");
      }
    });

    it("are sent compressed as the browser accepts, from bytes compressed once", async () => {
      const br = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "gzip, br" } });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(raw);
      const gzip = await t.app.inject({ url: "/api/docs", headers: { "accept-encoding": "gzip" } });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString("utf8")).toContain("<h1>Direct Helpers API</h1>");
      const none = await t.app.inject({ url: "/api/docs/json", headers: { "accept-encoding": "br;q=0, gzip;q=0" } });
      expect(none.headers["content-encoding"]).toBeUndefined();
      expect(none.body).toBe(raw);
    });

    it("are the signed-in visitor's own when a session comes with the request", async () => {
      const supplier = await signUp(t, { name: "Docs Reader" });
      const response = await t.app.inject({ url: "/api/docs", headers: { cookie: supplier.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    });

    it("never fail on odd requests", async () => {
      const odd: { method?: "GET" | "POST" | "DELETE"; url: string; headers?: Record<string, string>; status: number }[] = [
        { url: "/api/docs/", status: 200 },
        { url: "/api/docs/json/", status: 200 },
        { url: "/api/docs?x=1&x=2&a[b]=c&%ZZ", status: 200 },
        { url: "/api/docs/json?format=yaml&ref=..%2F..%2Fetc", status: 200 },
        { url: "/api/docs?q=%00", status: 400 },
        { url: "/api/docs/json", headers: { "if-none-match": "x".repeat(8000), "accept-encoding": "*;q=oops, br;q=" }, status: 200 },
        { url: "/api/docs/yaml", status: 404 },
        { url: "/api/docs/json/..%2f..%2fpackage.json", status: 404 },
        { method: "POST", url: "/api/docs", status: 404 },
        { method: "DELETE", url: "/api/docs/json", status: 404 },
      ];
      for (const { method = "GET", url, headers, status } of odd) {
        const response = await t.app.inject({ method, url, headers });
        expect(response.statusCode, `${method} ${url}`).toBe(status);
        if (status >= 400) expect(response.json(), `${method} ${url}`).toHaveProperty("error.code");
      }
    });
  });
});
