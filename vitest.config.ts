import { defineConfig } from "vitest/config";

// Integration suites run twice: on the embedded database, and on PostgreSQL when
// TEST_DATABASE_URL is set (each test file then gets a fresh database of its own).
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        test: {
          name: "integration-pglite",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration-postgres",
          include: ["tests/integration/**/*.test.ts"],
          env: { TEST_DB: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time: two cores, and each suite starts its own server.
          fileParallelism: false,
        },
      },
    ],
  },
});
