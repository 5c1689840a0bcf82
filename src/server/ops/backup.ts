/**
 * Backups of a site on the embedded database: one .tar.gz holding the database as PGlite dumps
 * it (a consistent copy, taken between two queries, while the site keeps serving), the media
 * folder, and a manifest. A restore fills an EMPTY data folder from one, so nothing is ever
 * half-overwritten. On PostgreSQL and S3 the operators' own tools do this (README, "Backups").
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const run = promisify(execFile);
const FORMAT = "direct-helpers-backup/1";
const DATABASE_FILE = "database.tar.gz";

export interface Manifest {
  format: typeof FORMAT;
  createdAt: string;
  mediaFiles: number;
}

/** What a backup needs from the running database: PGlite's own dump of its data folder. */
export interface DumpsDataDir {
  dumpDataDir(compression?: "gzip" | "none" | "auto"): Promise<Blob>;
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * Writes `file`: the database first, then the media (a picture added meanwhile comes along
 * unused; one deleted meanwhile is the only thing that can be missing).
 */
export async function writeBackup(database: DumpsDataDir, dataDir: string, file: string): Promise<Manifest> {
  const work = await mkdtemp(path.join(os.tmpdir(), "dh-backup-"));
  try {
    const dump = await database.dumpDataDir("gzip");
    await writeFile(path.join(work, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
    const media = path.join(dataDir, "media");
    if (existsSync(media)) await cp(media, path.join(work, "media"), { recursive: true });
    // The generated session secret (when AUTH_SECRET is not set): without it every session and
    // signed visitor cookie would end at the restore.
    const secret = path.join(dataDir, "auth-secret");
    if (existsSync(secret)) await cp(secret, path.join(work, "auth-secret"));
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), mediaFiles: await countFiles(media) };
    await writeFile(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const target = path.resolve(file);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed, so a backup file is never half-written.
    await run("tar", ["-czf", `${target}.partial`, "-C", work, "."]);
    await run("mv", ["-f", `${target}.partial`, target]);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {
  override name = "RestoreError";
}

/** Fills an empty (or missing) data folder from a backup; refuses anything else. */
export async function restoreBackup(file: string, dataDir: string): Promise<Manifest> {
  if (!existsSync(file)) throw new RestoreError(`No backup at ${file}`);
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new RestoreError(`${dataDir} is not empty: restore into an empty data folder (move the old one aside first)`);
  }
  const work = await mkdtemp(path.join(os.tmpdir(), "dh-restore-"));
  try {
    await run("tar", ["-xzf", path.resolve(file), "-C", work]).catch((error: unknown) => {
      throw new RestoreError(`${file} is not a readable backup (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`);
    });
    const manifest = JSON.parse(await readFile(path.join(work, "manifest.json"), "utf8").catch(() => "{}")) as Partial<Manifest>;
    if (manifest.format !== FORMAT) throw new RestoreError(`${file} is not a backup of this site (no ${FORMAT} manifest)`);
    await mkdir(dataDir, { recursive: true });
    const dump = await readFile(path.join(work, DATABASE_FILE));
    const client = await PGlite.create({
      dataDir: path.join(dataDir, "db"),
      loadDataDir: new Blob([new Uint8Array(dump)]),
      extensions: { pg_trgm },
    });
    await client.close();
    const media = path.join(work, "media");
    if (existsSync(media)) await cp(media, path.join(dataDir, "media"), { recursive: true });
    const secret = path.join(work, "auth-secret");
    if (existsSync(secret)) await cp(secret, path.join(dataDir, "auth-secret"));
    return manifest as Manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
