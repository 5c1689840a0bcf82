/**
 * npm run seed -- [--helpers N] [--force]
 * Writes demo data into the configured database (DATABASE_URL, or the embedded one under
 * DATA_DIR). Without --force it leaves a database that already has helpers alone.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/server/config";
import { keepNewFilesPrivate } from "../src/server/ops/private-data-dir";
import { openDatabase } from "../src/server/db/connect";
import { seedDemoData } from "../src/features/demo/server/demo";
import { openStorage } from "../src/features/media/server/open-storage";

const { values } = parseArgs({
  options: { helpers: { type: "string" }, force: { type: "boolean", default: false } },
});
const helpers = values.helpers === undefined ? undefined : Number(values.helpers);
if (helpers !== undefined && (!Number.isInteger(helpers) || helpers < 1)) {
  console.error("--helpers must be a positive whole number");
  process.exit(1);
}

const config = loadConfig();
// What the embedded database writes here stays its owner's (decision 081).
keepNewFilesPrivate();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
try {
  await database.migrate();
  const storage = await openStorage(config);
  const started = Date.now();
  const written = await seedDemoData(database.db, storage, {
    ifEmpty: !values.force,
    helpers,
    log: (message) => console.log(message),
  });
  console.log(
    written === 0
      ? "The database already has helpers; nothing written (use --force to add more)."
      : `Wrote ${written} helpers in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await database.close();
}
