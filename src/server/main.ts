/**
 * Start: read the configuration, open and migrate the database, write demo data into an empty
 * one, serve, and on a signal finish what is under way before closing.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/connect";
import { seedDemoData } from "./db/seed/demo";
import { openStorage } from "./media/open-storage";
import { createOutboxWorker } from "./notify/outbox-worker";
import { packageRoot } from "./package-root";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, "db"),
  });
  await database.migrate();
  const storage = await openStorage(config);
  if (process.env.SEED_DEMO !== "false") await seedDemoData(database.db, storage, { ifEmpty: true });

  const root = packageRoot();
  const dev = !config.isProduction;
  let pages: Parameters<typeof buildApp>[0]["pages"];
  let vite: ViteDevServer | undefined;
  if (dev && process.env.DEV_SERVER === "vite") {
    const { createServer } = await import("vite");
    vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const devServer = vite;
    pages = {
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  } else {
    const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
    const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
    pages = { build, clientDir: path.join(buildDir, "client") };
  }

  const app = await buildApp({
    config,
    database,
    storage,
    pages,
    logger: { level: config.logLevel },
  });
  if (vite) {
    const devServer = vite;
    // Vite answers its own requests (modules, HMR); everything else goes on to Fastify.
    app.addHook("onRequest", async (request, reply) => {
      const handled = await new Promise<boolean>((resolve) => {
        reply.raw.once("finish", () => resolve(true));
        devServer.middlewares(request.raw, reply.raw, () => resolve(false));
      });
      if (handled) reply.hijack();
    });
  }
  const stopWatching = await app.services.watchListing();

  const outboxWorker = createOutboxWorker(database, config, { log: app.log.child({ module: "outbox" }) });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "stopping after an error");
    else app.log.info({ signal }, "stopping");
    await app.close();
    // Deliveries under way finish (or are handed back) before the database closes.
    await outboxWorker.stop();
    await stopWatching();
    await vite?.close();
    await database.close();
  });

  await app.listen({ port: config.port, host: config.host });
  await outboxWorker.start();
}

void main();
