import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { multipart } from "../support/biodata";
import { describeDb } from "../support/database";
import { buildDir } from "../support/e2e";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";

/**
 * Whatever is thrown at the site (wrong types, huge and negative numbers, NUL and control
 * characters, 100 kB strings, duplicate parameters, wrong content types), it answers 4xx or
 * better, never 5xx. Every JSON route (found from the running app), every page action (found
 * from the build) and the query parameters the site reads get the same treatment. Bounded by a
 * fixed number of runs and a seed per run, so it stays well under a minute.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

interface Target {
  method: string;
  path: string;
}

/** Fastify's route tree as printed, read back into method + path pairs. */
function routesOf(printed: string): Target[] {
  const stack: string[] = [];
  const targets: Target[] = [];
  for (const line of printed.split("\n")) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = `${stack.join("")}${match[2]}`;
    stack.push(match[2]!);
    for (const method of (match[3] ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean)) {
      if (method !== "HEAD") targets.push({ method, path: full });
    }
  }
  return targets;
}

/** The page paths that have an action, from the build's route tree. */
function pageActions(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? "";
    const parent = route.parentId ? full(route.parentId) : "";
    return `${parent.replace(/\/$/, "")}/${own}`.replace(/\/+/g, "/");
  };
  return Object.values(build.routes)
    .filter((route) => route && typeof (route.module as { action?: unknown }).action === "function")
    .map((route) => full(route!.id));
}

// better-auth's routes sit behind one wildcard: the ones the site's forms and scripts use.
const AUTH_ROUTES = [
  "sign-in/email",
  "sign-up/email",
  "update-user",
  "change-email",
  "change-password",
  "request-password-reset",
  "reset-password",
].map((name) => ({ method: "POST", path: `/api/auth/${name}` }));

const QUERY_NAMES = [
  "q",
  "page",
  "pageSize",
  "sort",
  "nationality",
  "category",
  "experience",
  "marital",
  "marriage",
  "religion",
  "neg",
  "cares",
  "ageMin",
  "ageMax",
  "salaryMax",
  "dialect",
  "languages",
  "redirectTo",
  "token",
  "purpose",
  "status",
  "id",
];
const FIELD_NAMES = [
  "name",
  "phone",
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "intent",
  "key",
  "status",
  "salary",
  "dateOfBirth",
  "nationality",
  "otherLanguages",
  "cares",
  "specialNotes",
  "photo",
  "companyName",
  "eaLicenceNumber",
  "image",
  "redirectTo",
  "token",
  "purpose",
  "role",
  "__proto__",
  "constructor",
];

const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u0001\u001f\u007f\u0085",
    "\ud800",
    "-1",
    "0",
    "1e309",
    "-99999999999999999999",
    "NaN",
    "Infinity",
    "__proto__",
    "constructor",
    "toString",
    "../../etc/passwd",
    "%00",
    "%E0%A4%A",
    "<script>alert(1)</script>",
    "'; drop table helpers;--",
    "true",
    "null",
    "[]",
    "{}",
    "+6591234567",
    "2026-02-30",
    "x".repeat(100_000),
  ),
  fc.integer().map(String),
);
const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    nastyText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER * 4, -1e308, -1, 0),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), tie("value"), { maxKeys: 5 }),
  ),
})).value;

const pairs = (names: string[]) =>
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), nastyText), { maxLength: 6 });
/** Percent-encoded; a lone surrogate goes as the bytes it would be, which are not UTF-8 at all. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
};
const encodePairs = (list: [string, string][]) => list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");

type Body = { headers: Record<string, string>; payload?: string | Buffer };
const bodies: fc.Arbitrary<Body> = fc.oneof(
  nastyJson.map((value) => ({ headers: { "content-type": "application/json" }, payload: JSON.stringify(value) ?? "null" })),
  fc.dictionary(fc.constantFrom(...FIELD_NAMES), nastyJson, { maxKeys: 8 }).map((value) => ({
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(value),
  })),
  pairs(FIELD_NAMES).map((list) => ({ headers: { "content-type": "application/x-www-form-urlencoded" }, payload: encodePairs(list) })),
  pairs(FIELD_NAMES).map((list) => {
    const body = multipart(list.map(([name, value]) => ({ name: name.replace(/["\r\n]/g, "") || "x", value })));
    return { headers: body.headers, payload: body.payload };
  }),
  fc
    .tuple(
      fc.constantFrom(
        "text/plain",
        "application/xml",
        "multipart/form-data",
        "multipart/form-data; boundary=x",
        "application/json",
        "image/png",
        "",
      ),
      nastyText,
    )
    .map(([type, payload]): Body => ({ headers: type ? { "content-type": type } : {}, payload })),
  fc.constant<Body>({ headers: {} }),
);

describeDb("the site under fuzzing answers every request without a server error", () => {
  const t = usePageApp({
    authLimits: { signIn: 100_000, signUp: 100_000, resetPassword: 100_000 },
    leadLimits: { max: 100_000, windowMs: 60_000 },
  });
  let targets: Target[];
  let actions: string[];
  const cookies: string[] = [""];
  let helperId = "";
  let supplierId = "";

  beforeAll(async () => {
    const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    const supplier = await signUp(t, { name: "Fuzz Supplier" });
    const operator = await signUp(t, { name: "Fuzz Operator", role: "operator" });
    cookies.push(supplier.cookie, operator.cookie);
    supplierId = supplier.id;
    helperId = (await createHelper(t, supplier.id, { name: "Fuzz Helper" })).id;
    // Event streams stay open while their reader does (an inbox with a supplier's cookie never
    // ends): their refusals and limits have their own suites (conversation-limits, conversations).
    const api = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.path.startsWith("/api/") && !r.path.endsWith("/events"),
    );
    targets = [...api, ...AUTH_ROUTES];
    actions = pageActions(build).filter((p) => !p.includes("*"));
  });

  const pathPart = fc.oneof(fc.constant("known"), nastyText, fc.uuid());
  const fill = (route: string, part: string) =>
    route.replace(/:(\w+)/g, (_all, name: string) =>
      part === "known" ? (name === "id" && route.startsWith("/posts/users") ? supplierId : helperId) : encode(part),
    );

  const failures = (response: { statusCode: number; body: string }, what: string) =>
    response.statusCode >= 500 ? [`${response.statusCode} ${what}: ${response.body.slice(0, 200)}`] : [];

  it("found the routes to fuzz", () => {
    expect(targets.length).toBeGreaterThan(8);
    expect(actions).toEqual(expect.arrayContaining(["/filters", "/login", "/create", "/profile/:id"]));
  });

  it("answers every JSON route, with any body, parameters and cookie, below 500", async () => {
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.nat(), pathPart, pairs(QUERY_NAMES), bodies, fc.nat(2), async (pick, part, query, body, who) => {
        const target = targets[pick % targets.length]!;
        const url = `${fill(target.path, part)}${query.length ? `?${encodePairs(query)}` : ""}`;
        const hasBody = target.method !== "GET" && target.method !== "DELETE";
        const response = await t.app.inject({
          method: target.method as "GET",
          url,
          headers: { origin: "http://localhost:3000", ...(hasBody ? body.headers : {}), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
          ...(hasBody && body.payload !== undefined ? { payload: body.payload } : {}),
        });
        seen.push(...failures(response, `${target.method} ${url.slice(0, 120)}`));
        return response.statusCode < 500;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 7) },
    );
    expect(seen).toEqual([]);
  }, 60_000);

  it("answers every page action and every page's query parameters below 500", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        pathPart,
        pairs(QUERY_NAMES),
        bodies,
        fc.nat(2),
        fc.boolean(),
        async (pick, part, query, body, who, post) => {
          const url = `${fill(actions[pick % actions.length]!, part)}${query.length ? `?${encodePairs(query)}` : ""}`;
          const response = await t.app.inject({
            method: post ? "POST" : "GET",
            url,
            headers: { origin: "http://localhost", ...(post ? body.headers : {}), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
            ...(post && body.payload !== undefined ? { payload: body.payload } : {}),
          });
          if (response.statusCode >= 500) throw new Error(failures(response, `${post ? "POST" : "GET"} ${url.slice(0, 120)}`)[0]);
          return true;
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 7) },
    );
  }, 60_000);

  /**
   * Bodies built to be expensive rather than wrong: a list position of a billion, thousands of
   * list rows, one name sent tens of thousands of times, tens of thousands of names, a name of
   * 100,000 characters, names and JSON nested thousands deep. Each request is timed on its own:
   * none may take a second, so none can stall the site for everyone else.
   */
  const form = (payload: string): Body => ({ headers: { "content-type": "application/x-www-form-urlencoded" }, payload });
  const json = (payload: string): Body => ({ headers: { "content-type": "application/json" }, payload });
  const repeated = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i)).join("&");
  const SHAPES: Record<string, Body> = {
    "a list position of a billion": form("h[999999999]=7"),
    "5,000 list rows": form(repeated(5_000, (i) => `row[${i}].name=x`)),
    "one field 40,000 times": form(repeated(40_000, () => "intent=x")),
    "99 fields 100 times each": form(repeated(9_900, (i) => `f${i % 99}=x`)),
    "20,000 distinct fields": form(repeated(20_000, (i) => `field${i}=x`)),
    "a field name of 100,000 characters": form(`${"n".repeat(100_000)}=x`),
    "a name nested 5,000 deep in brackets": form(`a${"[b]".repeat(5_000)}=x`),
    "a name nested 5,000 deep in dots": form(`${Array(5_000).fill("a").join(".")}=x`),
    "multipart, one field 5,000 times": multipart(Array.from({ length: 5_000 }, () => ({ name: "intent", value: "x" }))),
    "multipart, a list position of a billion": multipart([{ name: "employment[999999999].from", value: "2020-01" }]),
    "JSON arrays 5,000 deep": json(`${"[".repeat(5_000)}${"]".repeat(5_000)}`),
    "JSON objects 5,000 deep": json(`${'{"name":'.repeat(5_000)}"x"${"}".repeat(5_000)}`),
    "a JSON list of 200,000 items": json(`{"otherLanguages":[${Array(200_000).fill('"english"').join(",")}]}`),
    "a JSON object of 50,000 keys": json(JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])))),
  };
  const QUERIES: Record<string, string> = {
    "a list position of a billion": "apply=1&ageMin=x&h[999999999]=7",
    "one parameter 3,000 times": `apply=1&${repeated(3_000, () => "nationality=x")}`,
    "a parameter nested 1,000 deep": `apply=1&a${"[0]".repeat(1_000)}=x`,
  };

  it("answers oversized and deeply nested input on every page action and JSON route below 500, none stalling", async () => {
    // A stall is seconds; two cores shared by two suites make a fast answer take most of a second now and then.
    const STALL_MS = 2_000;
    const problems: string[] = [];
    let slowest = 0;
    const send = async (method: string, url: string, body?: Body, what = "") => {
      const started = performance.now();
      const response = await t.app.inject({
        method: method as "POST",
        url,
        headers: { origin: url.startsWith("/api/") ? "http://localhost:3000" : "http://localhost", cookie: cookies[1]!, ...body?.headers },
        ...(body?.payload !== undefined ? { payload: body.payload } : {}),
      });
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      problems.push(...failures(response, `${method} ${url.slice(0, 80)} (${what})`));
      if (took > STALL_MS) problems.push(`${Math.round(took)} ms: ${method} ${url.slice(0, 80)} (${what})`);
    };
    for (const action of actions) {
      const url = fill(action, "known");
      for (const [what, body] of Object.entries(SHAPES)) await send("POST", url, body, what);
      for (const [what, query] of Object.entries(QUERIES)) await send("GET", `${url}?${query}`, undefined, what);
    }
    for (const target of targets.filter((r) => r.method !== "GET" && r.method !== "DELETE")) {
      for (const [what, body] of Object.entries(SHAPES)) await send(target.method, fill(target.path, "known"), body, what);
    }
    expect(problems).toEqual([]);
    expect(slowest).toBeLessThan(STALL_MS);
  }, 60_000);

  it("answers the listing pages' query parameters below 500", async () => {
    const pages = [
      "/",
      "/posts",
      "/posts/categories/Filipines",
      `/posts/users/${supplierId}`,
      `/posts/${helperId}`,
      "/authors",
      "/admin/leads",
      "/admin/outbox",
      "/dashboard",
      "/reset-password",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), pairs(QUERY_NAMES), fc.nat(2), async (page, query, who) => {
        const url = `${page}?${encodePairs(query)}`;
        const response = await t.app.inject({ url, headers: cookies[who] ? { cookie: cookies[who] } : {} });
        if (response.statusCode >= 500) throw new Error(failures(response, `GET ${url.slice(0, 120)}`)[0]);
        return true;
      }),
      { numRuns: Math.ceil(RUNS / 2), seed: Number(process.env.FUZZ_SEED ?? 7) },
    );
  }, 60_000);
});
