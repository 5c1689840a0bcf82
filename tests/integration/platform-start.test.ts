import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DEMO_SUPPLIERS } from "../../src/features/demo/server/demo";
import { createTestDatabase, describeDb, type TestDatabase } from "../support/database";
import { runServer, startServer } from "../support/server-process";

describeDb("starting and stopping the built server", () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  /** Where the started server keeps its data: a fresh folder, and a fresh database on PostgreSQL. */
  let env: Record<string, string>;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-start-"));
    env = { DATA_DIR: dataDir };
    if (process.env.TEST_DB === "postgres") {
      database = await createTestDatabase();
      // The demo goes into PostgreSQL only when asked.
      env.DATABASE_URL = database.url!;
      env.SEED_DEMO = "true";
    }
  });
  afterEach(async () => {
    await database?.drop();
    database = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a bad PORT with one line naming it, and exit code 1", async () => {
    const exit = await runServer({ ...env, PORT: "abc" });
    expect(exit.code).toBe(1);
    expect(exit.stdout).toBe("");
    expect(exit.stderr.trimEnd().split("\n")).toEqual(['Configuration error: PORT must be a port number (0-65535) (got "abc")']);
  });

  it("writes the demo data on the first start only, and stops cleanly on SIGTERM and SIGINT", { timeout: 180_000 }, async () => {
    const counts = async (url: string) => {
      const helpers = (await (await fetch(`${url}/api/helpers?pageSize=1`)).json()) as { total: number };
      const suppliers = (await (await fetch(`${url}/api/suppliers`)).json()) as { items: unknown[] };
      return { helpers: helpers.total, suppliers: suppliers.items.length };
    };

    const first = await startServer(env);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    const seeded = await counts(first.url);
    expect(seeded.helpers).toBeGreaterThanOrEqual(60);
    expect(seeded.suppliers).toBe(DEMO_SUPPLIERS.length);
    const page = await fetch(`${first.url}/posts`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${seeded.helpers} helpers`);
    const stopped = await first.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain('"signal":"SIGTERM"');

    const second = await startServer(env);
    expect(await counts(second.url)).toEqual(seeded);
    const interrupted = await second.stop("SIGINT");
    expect(interrupted.code).toBe(0);
  });
});
