/**
 * Fresh databases for the API benchmark: an embedded one in a temporary folder, and a new
 * PostgreSQL database made for the run and dropped after it, when a server is reachable.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../src/server/db/connect";

export interface BenchDatabase {
  label: string;
  handle: DatabaseHandle;
  /** The PostgreSQL database's URL (none for the embedded one). */
  url?: string;
  /** Drops what the run made; safe to call twice. */
  dispose(): Promise<void>;
}

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export async function freshPglite(): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-db-"));
  const handle = await openDatabase({ pgliteDir: dir });
  let disposed = false;
  return {
    label: "PGlite",
    handle,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function serverQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Whether a PostgreSQL server answers at this URL; the reason when it does not. */
export async function postgresReachable(serverUrl: string): Promise<string | true> {
  try {
    await serverQuery(serverUrl, "select 1");
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function freshPostgres(serverUrl: string): Promise<BenchDatabase> {
  const name = `dh_bench_${randomBytes(5).toString("hex")}`;
  await serverQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let disposed = false;
  const drop = () => serverQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    label: "PostgreSQL",
    handle,
    url: url.toString(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close().catch(() => undefined);
      await drop();
    },
  };
}
