/**
 * Backups of a site on the embedded database: one .tar.gz holding the database as PGlite dumps
 * it (a consistent copy, taken between two queries, while the site keeps serving), the media
 * folder, and a manifest. A restore fills an EMPTY data folder from one, so nothing is ever
 * half-overwritten. On PostgreSQL and S3 the operators' own tools do this (README, "Backups").
 */
import { execFile } from "node:child_process";
import { constants, existsSync } from "node:fs";
import { access, chmod, cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { makePrivate, PRIVATE_FOLDER } from "./private-data-dir";

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

/** A backup refused for where it was to be written (nothing was written). */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

const isInside = (dir: string, file: string) => !path.relative(dir, file).startsWith("..") && !path.isAbsolute(path.relative(dir, file));

/**
 * Where a backup may go: an absolute path in an existing folder the writing process may write
 * to, outside the data folder (whose media are served to the public, and which a later backup
 * would copy again), and not an existing folder or other non-file.
 */
async function checkTarget(dataDir: string, file: string): Promise<void> {
  if (!path.isAbsolute(file)) throw new BackupRefused(`${file} is not an absolute path`);
  const folder = path.dirname(file);
  const realFolder = await realpath(folder).catch(() => {
    throw new BackupRefused(`${folder} does not exist: create it first`);
  });
  const realData = await realpath(dataDir).catch(() => path.resolve(dataDir));
  if (isInside(realData, path.join(realFolder, path.basename(file)))) {
    throw new BackupRefused(`${file} is inside the data folder ${dataDir}: write the backup somewhere else`);
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing && !existing.isFile()) throw new BackupRefused(`${file} exists and is not a file`);
  await access(realFolder, constants.W_OK).catch(() => {
    throw new BackupRefused(`the site's user (uid ${process.getuid?.() ?? "?"}) may not write to ${folder}`);
  });
}

/**
 * Writes `file` (an absolute path), readable by its owner alone, as it holds password hashes and
 * private details: the database first, then the media (a picture added meanwhile comes along
 * unused; one deleted meanwhile is the only thing that can be missing).
 */
/** The secrets the site generates into the data folder when they are not configured (config.ts). */
const KEPT_SECRETS = ["auth-secret", "vapid-keys.json"];

export async function writeBackup(database: DumpsDataDir, dataDir: string, file: string): Promise<Manifest> {
  await checkTarget(dataDir, file);
  const work = await mkdtemp(path.join(os.tmpdir(), "dh-backup-"));
  try {
    const dump = await database.dumpDataDir("gzip");
    await writeFile(path.join(work, DATABASE_FILE), Buffer.from(await dump.arrayBuffer()));
    const media = path.join(dataDir, "media");
    if (existsSync(media)) await cp(media, path.join(work, "media"), { recursive: true });
    // The generated session secret (when AUTH_SECRET is not set): without it every session and
    // signed visitor cookie would end at the restore.
    // The generated web push keys too: the browsers' subscriptions are tied to them.
    for (const name of KEPT_SECRETS) {
      const secret = path.join(dataDir, name);
      if (existsSync(secret)) await cp(secret, path.join(work, name));
    }
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), mediaFiles: await countFiles(media) };
    await writeFile(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed, so a backup file is never half-written; made empty
    // and owner-only first, so no other user can open it while tar fills it.
    const partial = `${file}.partial`;
    await rm(partial, { force: true });
    await writeFile(partial, "", { mode: 0o600 });
    await chmod(partial, 0o600);
    await run("tar", ["-czf", partial, "-C", work, "."]);
    await run("mv", ["-f", partial, file]);
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
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
    const dump = await readFile(path.join(work, DATABASE_FILE));
    const client = await PGlite.create({
      dataDir: path.join(dataDir, "db"),
      loadDataDir: new Blob([new Uint8Array(dump)]),
      extensions: { pg_trgm },
    });
    await client.close();
    const media = path.join(work, "media");
    if (existsSync(media)) await cp(media, path.join(dataDir, "media"), { recursive: true });
    for (const name of KEPT_SECRETS) {
      const secret = path.join(work, name);
      if (existsSync(secret)) await cp(secret, path.join(dataDir, name));
    }
    // The archive keeps the modes its files had (and PGlite writes its own): the restored folder
    // is made owner-only like a running site's (decision 081).
    makePrivate(dataDir);
    return manifest as Manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
