/**
 * npm run backup -- <file.tar.gz>    the embedded database and the media folder, in one file
 * npm run restore -- <file.tar.gz>   into an EMPTY data folder (DATA_DIR), with the site stopped
 *
 * The backup is PGlite's own consistent dump of its data folder. While the site runs it holds
 * that folder, so the command asks it over its operator socket to write the file (the site writes
 * it as its own user); with no site running, the command opens the folder itself. On PostgreSQL
 * and S3 use pg_dump and the bucket's tools instead (README, "Backups").
 */
import path from "node:path";
import { askRunningSiteForBackup } from "../src/features/operator/server/operator-socket";
import { loadConfig } from "../src/server/config";
import { keepNewFilesPrivate } from "../src/server/ops/private-data-dir";
import { openDatabase } from "../src/server/db/connect";
import { DataDirLockedError, lockHolder } from "../src/server/db/data-lock";
import { BackupRefused, restoreBackup, RestoreError, writeBackup, type Manifest } from "../src/server/ops/backup";

const [command, given, ...rest] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !given || rest.length > 0) {
  console.error("Usage: npm run backup -- <file.tar.gz> | npm run restore -- <file.tar.gz>");
  process.exit(1);
}
const file = path.resolve(given);
const config = loadConfig();
// What the embedded database writes here stays its owner's (decision 081).
keepNewFilesPrivate();
if (config.databaseUrl) {
  console.error(
    "This site runs on PostgreSQL (DATABASE_URL): back it up with pg_dump, and the bucket with its own tools (README, Backups).",
  );
  process.exit(1);
}
const dbDir = path.join(config.dataDir, "db");

async function directly(): Promise<Manifest> {
  const database = await openDatabase({ pgliteDir: dbDir });
  try {
    return await writeBackup({ dumpDataDir: database.dumpDataDir! }, config.dataDir, file);
  } finally {
    await database.close();
  }
}

async function backup(): Promise<{ manifest: Manifest; via?: number }> {
  if (lockHolder(dbDir) === undefined) {
    try {
      return { manifest: await directly() };
    } catch (error) {
      // The site started meanwhile: ask it instead.
      if (!(error instanceof DataDirLockedError)) throw error;
    }
  }
  const via = lockHolder(dbDir);
  try {
    return { manifest: await askRunningSiteForBackup(config.dataDir, file), via };
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new Error(
      `The site (process ${via}) holds ${dbDir} but could not write the backup through its operator socket (${(error as Error).message}).`,
      { cause: error },
    );
  }
}

try {
  if (command === "backup") {
    const { manifest, via } = await backup();
    const through = via ? ` (written by the running site, process ${via})` : "";
    console.log(`Backed up the database and ${manifest.mediaFiles} media files to ${file}${through}`);
  } else {
    const holder = lockHolder(dbDir);
    if (holder !== undefined) {
      throw new RestoreError(
        `The site (process ${holder}) is running on ${config.dataDir}: stop it, then restore into an empty data folder.`,
      );
    }
    const manifest = await restoreBackup(file, config.dataDir);
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.mediaFiles} media files) into ${config.dataDir}`);
  }
} catch (error) {
  if (
    !(error instanceof RestoreError) &&
    !(error instanceof BackupRefused) &&
    !(error instanceof Error && error.message.startsWith("The site"))
  )
    throw error;
  console.error(error.message);
  process.exitCode = 1;
}
