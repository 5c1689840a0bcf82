/**
 * A database for one test file: an in-memory PGlite, or (TEST_DB=postgres) a fresh PostgreSQL
 * database made from TEST_DATABASE_URL and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import type { Logger } from "drizzle-orm";
import pg from "pg";
import { describe } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/server/db/connect";

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

/** `logger` is told every statement the application sends (query-log.ts counts them). */
export async function createTestDatabase(options: { logger?: Logger } = {}): Promise<TestDatabase> {
  if (testDbKind === "pglite") {
    const handle = await openDatabase({ logger: options.logger });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  if (!postgresUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `dh_test_${randomBytes(6).toString("hex")}`;
  await serverQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, logger: options.logger });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
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
