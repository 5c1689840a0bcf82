/**
 * Opens the database: PostgreSQL when a URL is given, otherwise the embedded PGlite with its
 * files under the data folder. Both speak the same SQL and take the same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type Logger } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { makePrivate, PRIVATE_FOLDER } from "../ops/private-data-dir";
import { packageRoot } from "../package-root";
import { lockDataDir } from "./data-lock";

/**
 * The database as every query sees it, without a schema: no query is relational (`db.query`),
 * so the connection needs no table, and the ground imports none of the features' (decision 187).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** A query runner: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies every migration not yet applied. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other instance on this database runs its own (start-up: migrations and
   * demo data, which two instances starting together must not both do).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Calls `onNotify` for every NOTIFY on `channel`, from this or any other instance. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's own consistent copy of its files (backups); PostgreSQL has pg_dump. */
  dumpDataDir?(compression?: "gzip" | "none" | "auto"): Promise<Blob>;
  /**
   * The embedded database rewrites these tables without their deleted rows and lets go of the
   * write-ahead log that held them (VACUUM FULL, a new log segment, CHECKPOINT), so nothing
   * deleted stays readable in its files (decision 154). PostgreSQL is the operator's server:
   * its autovacuum reclaims the space, and its files are not in the data folder.
   */
  compact?(tables: readonly string[]): Promise<void>;
  /** The PostgreSQL pool's connections (for /metrics); the embedded database has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export const migrationsFolder = path.join(packageRoot(), "src", "server", "db", "migrations");

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for the embedded database's files; in memory when omitted. */
  pgliteDir?: string;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /** Told every statement the application sends (tests count what a request costs). */
  logger?: Logger;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.logger)
    : openPglite(options.pgliteDir, options.logger);
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in the process's own memory here, and a
 * buffer once touched stays resident: with the demo data that was 130 MB of a 510 MB idle site.
 * The embedded database's pages are also in the operating system's file cache, so a smaller
 * pool costs a system call where it missed, not a disk read (decision 129).
 */
const PGLITE_SETTINGS = [
  "shared_buffers = 16MB",
  // A log segment no longer needed is removed, not renamed for reuse with its old contents in
  // it: after a withdrawal's compaction the rows it deleted are in no file (decision 154).
  "wal_recycle = off",
];

async function openPglite(dir: string | undefined, logger?: Logger): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  // Before the first read of the folder: a second process stops here, naming the first.
  const lock = dir ? lockDataDir(dir) : undefined;
  // pg_trgm backs the search indexes (a migration creates the extension in the database).
  const extensions = { pg_trgm };
  let client: PGlite;
  try {
    client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions, postgresqlconf: PGLITE_SETTINGS });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const handle = pgliteHandle(client, logger);
  if (!dir || !lock) return handle;
  // PGlite sets modes of its own, whatever the umask: 0666 on the files its first start copies
  // in, 0644 on the catalog cache it rewrites at every open. Made owner-only once open and again
  // at close; the folder's own 0700 keeps them from other users meanwhile (decision 081).
  makePrivate(dir);
  return {
    ...handle,
    async close() {
      try {
        await handle.close();
        makePrivate(dir);
      } finally {
        lock.release();
      }
    },
  };
}

/** A handle on an open PGlite instance (tests clone one migrated instance per suite). */
export function pgliteHandle(client: PGlite, logger?: Logger): DatabaseHandle {
  const db = drizzlePglite(client, { logger }) as unknown as Database;
  let compacting: Promise<void> = Promise.resolve();
  return {
    db,
    kind: "pglite",
    dumpDataDir: (compression) => client.dumpDataDir(compression),
    // One process owns the embedded database: nobody to wait for.
    exclusive: (work) => work(),
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
      // PGlite runs no autovacuum: without this the planner would guess at every table's size
      // and could read all helpers where an index answers.
      await client.exec("analyze");
    },
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, onNotify);
      return () => unsubscribe();
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    compact: (tables) => {
      // One at a time, each after the last: a withdrawal during another's compaction gets its own.
      compacting = compacting.catch(() => undefined).then(() => compactPglite(client, tables));
      return compacting;
    },
    async close() {
      await compacting.catch(() => undefined);
      if (!client.closed) await client.close();
    },
  };
}

/** Table names as the application's own tables are named: letters, digits and underscores. */
const TABLE_NAME = /^[a-z_][a-z0-9_]*$/;

async function compactPglite(client: PGlite, tables: readonly string[]): Promise<void> {
  if (client.closed) return;
  const names = tables.filter((name) => TABLE_NAME.test(name));
  if (names.length === 0) return;
  // New files without the deleted rows (and new indexes); the old files are removed.
  await client.exec(`vacuum full ${names.map((name) => `"${name}"`).join(", ")}`);
  // The log segment that holds the rows' inserts and deletes is closed, and the checkpoint
  // after it removes it (wal_recycle is off above).
  await client.query("select pg_switch_wal()");
  await client.exec("checkpoint");
}

/** The advisory lock instances take while they migrate and seed ("DH" and a date). */
const START_LOCK = 0x4448_2026;

async function openPostgres(url: string, max: number, logger?: Logger): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  // A pool error (a server restart, a dropped idle connection) must not end the process.
  pool.on("error", () => undefined);
  const db = drizzlePg(pool, { logger }) as unknown as Database;
  const listeners: pg.Client[] = [];
  let closed = false;
  return {
    db,
    kind: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exclusive(work) {
      const holder = await pool.connect();
      try {
        // A session-level advisory lock, held on its own connection while `work` uses the pool.
        await holder.query("select pg_advisory_lock($1)", [START_LOCK]);
        return await work();
      } finally {
        await holder.query("select pg_advisory_unlock($1)", [START_LOCK]).catch(() => undefined);
        holder.release();
      }
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    async listen(channel, onNotify) {
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on("notification", (message) => {
          if (message.channel === channel) onNotify(message.payload ?? "");
        });
        next.on("error", () => {
          // Reconnect after a lost connection; notifications missed meanwhile are covered by
          // telling the subscriber that anything may have changed.
          void next.end().catch(() => undefined);
          if (!stopped) setTimeout(() => void connect().then(() => onNotify("reconnected"), retry), 1000);
        });
        await next.connect();
        await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
        client = next;
        listeners.push(next);
      };
      const retry = (): void => {
        if (!stopped) setTimeout(() => void connect().catch(retry), 2000);
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => undefined);
      };
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(listeners.map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
