/**
 * A database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a fresh PostgreSQL
 * database made from TEST_DATABASE_URL and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import type { Logger } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { describe } from "vitest";
import { openDatabase, pgliteHandle, type DatabaseHandle } from "../../src/server/db/connect";
import { templatePrefix } from "./pg-templates";

export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
const postgresUrl = process.env.TEST_DATABASE_URL;

/** describe(), skipped on the PostgreSQL project when no PostgreSQL is configured. */
export const describeDb = describe.skipIf(testDbKind === "postgres" && !postgresUrl);

export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}

async function serverQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * The embedded database as the migrations leave it, made once per worker (test files share their
 * worker's modules, decision 074) and loaded by each file: a new PGlite runs initdb and every
 * migration, seconds a file on a busy machine, where loading the image takes a fraction of that.
 */
let migratedPglite: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  migratedPglite ??= (async () => {
    const handle = await openDatabase({});
    try {
      await handle.migrate();
      return await handle.dumpDataDir!("none");
    } finally {
      await handle.close();
    }
  })();
  return migratedPglite;
}

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The same for PostgreSQL: a migrated database per worker that each file's database copies. */
let template: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `${templatePrefix(postgresUrl!)}${randomBytes(4).toString("hex")}`;
    await serverQuery(`CREATE DATABASE ${name}`);
    const handle = await openDatabase({ databaseUrl: databaseUrl(name), poolSize: 1 });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    return name;
  })();
  return template;
}

/** A copy waits while the template's last connection is still going away (55006: in use). */
async function createFromTemplate(name: string, from: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await serverQuery(`CREATE DATABASE ${name} TEMPLATE ${from}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * `logger` is told every statement the application sends (query-log.ts counts them). `image`, on
 * the embedded database only, is what to load instead of the migrated database: a copy of one a
 * suite prepared once (e2e.ts's seeded demo).
 */
export async function createTestDatabase(options: { logger?: Logger; image?: Blob } = {}): Promise<TestDatabase> {
  if (testDbKind === "pglite") {
    const client = await PGlite.create({ loadDataDir: options.image ?? (await migratedPgliteImage()), extensions: { pg_trgm } });
    const handle = pgliteHandle(client, options.logger);
    return { handle, drop: () => handle.close() };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dh_test_${randomBytes(6).toString("hex")}`;
  await createFromTemplate(name, await migratedTemplate());
  const url = databaseUrl(name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 5, logger: options.logger });
  return {
    handle,
    url,
    async drop() {
      await handle.close();
      await serverQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The same database for a second instance: its own connections to PostgreSQL, or the same
 * embedded database (one process owns it). Dropping it only closes what it opened.
 */
export async function sharedDatabase(of: TestDatabase): Promise<TestDatabase> {
  if (!of.url) return { handle: of.handle, drop: async () => undefined };
  const handle = await openDatabase({ databaseUrl: of.url, poolSize: 3 });
  return { handle, url: of.url, drop: () => handle.close() };
}

/**
 * The embedded database in a folder on disk, as a site opens it (its settings, its lock), with
 * the migrated tables of the other suites: for tests that read the database's own files.
 */
export async function pgliteOnDisk(dir: string): Promise<TestDatabase> {
  const seed = await PGlite.create({ dataDir: dir, loadDataDir: await migratedPgliteImage(), extensions: { pg_trgm } });
  await seed.close();
  const handle = await openDatabase({ pgliteDir: dir });
  return { handle, drop: () => handle.close() };
}
