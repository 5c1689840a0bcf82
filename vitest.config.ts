import { defineConfig } from "vitest/config";

// Integration suites run on the embedded database, and most of them again on PostgreSQL when
// TEST_DATABASE_URL is set (each test file then gets a fresh database of its own).
//
// Integration and browser files share their worker's modules (isolate: false): each file makes
// its own app, database and folders, so nothing a file needs lives in a module; importing the
// server and compiling PGlite's WebAssembly once per worker instead of once per file takes a
// third off the integration suites' time (decision 074).
//
// Two files at a time, of any project (Vitest's default is one per core less one: on two cores,
// one; decision 128): a browser file runs beside another file, browser or not. Its waits poll
// for what they expect, so a busy machine makes it slower, not wrong (decision 198).
/**
 * Integration suites that run on the embedded database only. PGlite is PostgreSQL's own engine:
 * what a PostgreSQL server changes is how the site reaches it (a pool of connections, other
 * processes and instances on one database, node-postgres's types). These suites reach the
 * database as the others do and check something else: pages and their words, HTTP, files,
 * pictures and PDFs, rules kept in code (decision 198).
 */
const embeddedOnly = [
  // Pages and their words.
  "api-docs",
  "biodata-filters-pages",
  "family-pages-chinese",
  "goods-words",
  "languages-errors-mail",
  "page-languages",
  "refusals-in-language",
  "seo",
  "signed-out-language",
  "supplier-catalogue-words",
  "supplier-pages-in-language",
  "valid-pages",
  "wording",
  "zh-links-stay-chinese",
  "zh-pages-english-left",
  // HTTP: headers, proxies, bodies, and requests of every wrong shape.
  "bad-input",
  "behind-tls-proxy",
  "cache-headers",
  "form-limits",
  "fuzz",
  "platform-http",
  "static-assets",
  "trusted-proxy",
  // Files, pictures and PDFs, and rules kept in code.
  "biodata-pdf",
  "link-preview",
  "notes-sanitising",
  "password-rules",
  "pdf-workers",
  "s3-storage",
].map((name) => `tests/integration/${name}.test.ts`);

export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    maxWorkers: 2,
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          env: { TEST_DB: "pglite" },
          sequence: { groupOrder: 0 },
          isolate: false,
          testTimeout: 30_000,
          // A worker's first file also migrates the worker's template database: on a loaded machine over a minute.
          hookTimeout: 120_000,
          // As the browser files' polls (below): a busy machine makes a wait longer, not wrong.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          exclude: embeddedOnly,
          globalSetup: ["tests/support/build.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          env: { TEST_DB: "postgres" },
          sequence: { groupOrder: 0 },
          isolate: false,
          testTimeout: 30_000,
          // A worker's first file also migrates the worker's template database: on a loaded machine over a minute.
          hookTimeout: 120_000,
          // As the browser files' polls (below): a busy machine makes a wait longer, not wrong.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll passes as soon as the page shows what it waits for; on a busy machine (another
          // file beside it) that may take longer than Vitest's 1 s, so a poll waits up to 10 s.
          expect: { poll: { timeout: 10_000 } },
          sequence: { groupOrder: 0 },
          isolate: false,
        },
      },
    ],
  },
});
