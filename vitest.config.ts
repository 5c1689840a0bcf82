import { defineConfig } from "vitest/config";

// Integration suites run twice: on the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set (each test file then gets a fresh database of its own).
//
// Integration and browser files share their worker's modules (isolate: false): each file makes
// its own app, database and folders, so nothing a file needs lives in a module; importing the
// server and compiling PGlite's WebAssembly once per worker instead of once per file takes a
// third off the integration suites' time (decision 074).
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          env: { TEST_DB: "pglite" },
          isolate: false,
          testTimeout: 30_000,
          // A worker's first file also migrates the worker's template database: on a loaded machine over a minute.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          env: { TEST_DB: "postgres" },
          isolate: false,
          testTimeout: 30_000,
          // A worker's first file also migrates the worker's template database: on a loaded machine over a minute.
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: two cores, and each suite starts its own server.
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
