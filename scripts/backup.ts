/**
 * npm run backup -- <file.tar.gz>    the embedded database and the media folder, in one file
 * npm run restore -- <file.tar.gz>   into an EMPTY data folder (DATA_DIR)
 *
 * The backup is PGlite's own consistent dump of its data folder. On PostgreSQL and S3 use
 * pg_dump and the bucket's tools instead (README, "Backups").
 */
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/connect";
import { restoreBackup, RestoreError, writeBackup } from "../src/server/ops/backup";

const [command, file, ...rest] = process.argv.slice(2);
if ((command !== "backup" && command !== "restore") || !file || rest.length > 0) {
  console.error("Usage: npm run backup -- <file.tar.gz> | npm run restore -- <file.tar.gz>");
  process.exit(1);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error("This site runs on PostgreSQL (DATABASE_URL): back it up with pg_dump, and the bucket with its own tools (README, Backups).");
  process.exit(1);
}

if (command === "backup") {
  const database = await openDatabase({ pgliteDir: path.join(config.dataDir, "db") });
  try {
    const manifest = await writeBackup({ dumpDataDir: database.dumpDataDir! }, config.dataDir, file);
    console.log(`Backed up the database and ${manifest.mediaFiles} media files to ${path.resolve(file)}`);
  } finally {
    await database.close();
  }
} else {
  try {
    const manifest = await restoreBackup(file, config.dataDir);
    console.log(`Restored the backup of ${manifest.createdAt} (${manifest.mediaFiles} media files) into ${config.dataDir}`);
  } catch (error) {
    if (!(error instanceof RestoreError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
