import { defineConfig } from "vitest/config";

// Integration suites run twice: on the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set (each test file then gets a fresh database of its own).
//
// Integration and browser files share their worker's modules (isolate: false): each file makes
// its own app, database and folders, so nothing a file needs lives in a module; importing the
// server and compiling PGlite's WebAssembly once per worker instead of once per file takes a
// third off the integration suites' time (decision 074).
//
// Two files at a time (Vitest's default is one per core less one: on two cores, one), and the
// browser files after all the others, one at a time, so no browser test shares the machine with
// another test file (decision 128).
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
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/support/build.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          env: { TEST_DB: "postgres" },
          sequence: { groupOrder: 0 },
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
          sequence: { groupOrder: 1 },
          isolate: false,
        },
      },
    ],
  },
});
