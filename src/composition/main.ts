/**
 * Start: read the configuration, open and migrate the database, write the demo into an empty
 * embedded one, serve every feature, and on a signal finish what is under way before closing.
 */
import sharp from "sharp";
import { buildApp } from "./app";
import { siteFeatures } from "./features";
import { sayDemoSignIns, writeDemoOnStart } from "../features/demo";
import { openStorage } from "../features/media";
import { serveOperatorSocket } from "../features/operator";
import { startFeatures } from "../server/plug";
import { loadPages, openMigrated, readConfiguration, serve } from "../server/start";

async function main() {
  // libvips keeps the results of recent image operations (50 MB by default) for a program that
  // repeats them; the site reads each photo once, so the cache only held memory (decision 129).
  sharp.cache(false);
  const { config, tightened } = readConfiguration();
  const database = await openMigrated(config);
  const storage = await openStorage(config);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const demoHelpers = await writeDemoOnStart(config, database, storage, say);
  const pages = await loadPages(config);
  const app = await buildApp({ config, database, storage, pages: pages.pages, logger: { level: config.logLevel } });
  await pages.attach(app);
  const stopWatching = await app.services.watchListing(app.log.child({ module: "events" }));

  let closeSocket = async () => {};
  let stopFeatures = async () => {};
  await serve(
    app,
    config,
    [
      ["operatorSocket", () => closeSocket()],
      ["http", () => app.close()],
      // Deliveries under way finish (or are handed back) before the database closes.
      ["features", () => stopFeatures()],
      ["listingWatch", stopWatching],
      ["vite", pages.close],
      ["database", () => database.close()],
    ],
    tightened,
  );
  // The embedded database is this process's alone: operator commands come to it over a socket.
  if (database.kind === "pglite") {
    const dumps = { db: database.db, dumpDataDir: database.dumpDataDir! };
    closeSocket = (await serveOperatorSocket(config.dataDir, dumps, app.log.child({ module: "operator" }))).close;
  }
  app.log.info({ url: config.publicUrl, database: database.kind }, `site ready at ${config.publicUrl}`);
  sayDemoSignIns(config.publicUrl, demoHelpers, say);
  stopFeatures = startFeatures(siteFeatures, app.services, app.log);
}

void main();
