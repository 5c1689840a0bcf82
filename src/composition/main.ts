/**
 * Start: read the configuration, open and migrate the database, write demo data into an empty
 * embedded one (PostgreSQL only when SEED_DEMO asks), serve, and on a signal finish what is under way before closing.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import sharp from "sharp";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { buildApp } from "./app";
import { ConfigError, loadConfig, prepareDataDir, startWarnings, type Config } from "../server/config";
import { openDatabase, type DatabaseHandle } from "../server/db/connect";
import { DataDirLockedError } from "../server/db/data-lock";
import { serveOperatorSocket } from "../features/operator/server/operator-socket";
import { DEMO_PASSWORD, DEMO_SUPPLIERS, seedDemoData } from "../features/demo";
import { openStorage } from "../features/media/server/open-storage";
import { schedulePreviewSweep } from "../features/seo";
import { createOutboxWorker } from "../features/notifications/server/outbox-worker";
import { keepNewFilesPrivate } from "../server/ops/private-data-dir";
import { packageRoot } from "../server/package-root";
import { pluggedFeatures } from "./features";
import { scheduleDailySweep } from "../server/daily-sweep";

/** A start that cannot go on says why in one line and exits with 1. */
function stop(message: string): never {
  console.error(message.replace(/\s*[\r\n]+\s*/g, " "));
  process.exit(1);
}

/** The innermost cause: a driver's "connection refused" rather than the query it broke. */
function reason(error: unknown): string {
  while (error instanceof Error && error.cause !== undefined) error = error.cause;
  if (error instanceof AggregateError && error.errors.length > 0) error = error.errors[0];
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

async function main() {
  // libvips keeps the results of recent image operations (50 MB by default) for a program that
  // repeats them; the site reads each photo once, so the cache only held memory (decision 129).
  sharp.cache(false);
  let config: Config;
  let tightened: number;
  try {
    config = loadConfig();
    // Before anything in the data folder is created or opened (decision 081).
    keepNewFilesPrivate();
    tightened = prepareDataDir(config);
  } catch (error) {
    if (error instanceof ConfigError) stop(`Configuration error: ${error.message}`);
    throw error;
  }

  const where = config.databaseUrl
    ? `DATABASE_URL (${new URL(config.databaseUrl).host})`
    : `the embedded database in ${path.join(config.dataDir, "db")}`;
  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
    await database.exclusive(() => database.migrate());
  } catch (error) {
    if (error instanceof DataDirLockedError) stop(`Database error: ${error.message}`);
    stop(`Database error: could not open and migrate ${where}: ${reason(error)}`);
  }
  const storage = await openStorage(config);
  // What the start does with the demo is said in plain lines, for whoever runs it for the first time.
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let demoHelpers = 0;
  if (config.seedDemo) {
    demoHelpers = await database.exclusive(() =>
      seedDemoData(database.db, storage, { ifEmpty: true, log: (message) => say(`Demo data: ${message}`) }),
    );
  } else {
    say(
      config.databaseUrl
        ? "Demo data: not written, as DATABASE_URL is set (SEED_DEMO=true writes it into an empty database)"
        : "Demo data: not written (SEED_DEMO=false)",
    );
  }

  const root = packageRoot();
  let pages: Parameters<typeof buildApp>[0]["pages"];
  let vite: ViteDevServer | undefined;
  if (config.viteDevServer) {
    // Pages come from the sources through Vite, created once the HTTP server exists (below).
    pages = {
      build: () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  } else {
    const buildDir = path.resolve(root, config.buildDir);
    const serverBuild = path.join(buildDir, "server/index.js");
    if (!existsSync(serverBuild)) stop(`No build in ${buildDir}: run \`npm run build\` first (or set BUILD_DIR).`);
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    pages = { build, clientDir: path.join(buildDir, "client") };
  }

  const app = await buildApp({
    config,
    database,
    storage,
    pages,
    logger: { level: config.logLevel },
  });
  if (config.viteDevServer) {
    const { createServer } = await import("vite");
    // Hot-reload messages share the site's port, so several dev servers never collide.
    vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
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

  const outboxWorker = createOutboxWorker(database, config, {
    log: app.log.child({ module: "outbox" }),
    // A supplier who blocked the bot: their Telegram notices are turned off, and their page says so.
    onChatRefused: (chatId) => app.services.conversations.telegram.refused(chatId),
  });
  let stopPreviewSweep = () => {};
  const stopFeatures: (() => void)[] = [];

  let closeSocket = async () => {};
  const shutdown = async () => {
    // How long each step took is logged, so a slow stop says where its time went.
    const took: Record<string, number> = {};
    const step = async (name: string, work: () => unknown) => {
      const started = Date.now();
      await work();
      took[name] = Date.now() - started;
    };
    await step("operatorSocket", closeSocket);
    await step("http", () => app.close());
    // Deliveries under way finish (or are handed back) before the database closes.
    await step("outbox", () => outboxWorker.stop());
    stopPreviewSweep();
    for (const stopFeature of stopFeatures) stopFeature();
    await step("listingWatch", stopWatching);
    await step("vite", () => vite?.close());
    await step("database", () => database.close());
    app.log.info({ tookMs: took }, "stopped");
  };
  // PGlite writes its files as it closes: on a busy machine the whole stop has taken over 10 s.
  const grace = closeWithGrace({ delay: 25_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, "stopping after an error");
    else app.log.info({ signal }, "stopping");
    await shutdown();
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    grace.uninstall();
    await shutdown();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") stop(`Configuration error: PORT ${config.port} is already in use on ${config.host}; choose a free PORT`);
    if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND")
      stop(`Configuration error: HOST ${config.host} is not an address of this machine`);
    if (code === "EACCES") stop(`Configuration error: PORT ${config.port} needs privileges this process lacks; choose a PORT above 1023`);
    stop(`Could not listen on ${config.host}:${config.port}: ${reason(error)}`);
  }
  // The embedded database is this process's alone: operator commands come to it over a socket.
  if (database.kind === "pglite") {
    const socket = await serveOperatorSocket(
      config.dataDir,
      { db: database.db, dumpDataDir: database.dumpDataDir! },
      app.log.child({ module: "operator" }),
    );
    closeSocket = socket.close;
  }
  for (const warning of startWarnings(config)) app.log.warn(warning);
  if (tightened > 0)
    app.log.warn({ dataDir: config.dataDir, tightened }, "made files and folders in the data folder private to their owner");
  app.log.info({ url: config.publicUrl, database: database.kind }, `site ready at ${config.publicUrl}`);
  if (demoHelpers > 0) {
    say(`Demo data: ${demoHelpers} helpers written.`);
    say(`The demo suppliers log in at ${config.publicUrl}/login with the password ${DEMO_PASSWORD}:`);
    for (const supplier of DEMO_SUPPLIERS) say(`  ${supplier.email}  (${supplier.companyName})`);
    say("An operator: sign up, then run `npm run operator -- promote <email>` with the site's DATA_DIR and DATABASE_URL.");
    say(`Open ${config.publicUrl}`);
  }
  await outboxWorker.start();
  for (const feature of pluggedFeatures) {
    if (feature.background)
      stopFeatures.push(feature.background(app.services[feature.name] as never, app.log.child({ module: feature.name })));
  }
  stopPreviewSweep = schedulePreviewSweep({ sweep: app.services.previews.sweep }, app.log.child({ module: "preview-sweep" }));
  // Every instance has read a day-old event long since (decision 189).
  stopFeatures.push(
    scheduleDailySweep(async () => ({ deleted: await app.services.events.prune() }), app.log.child({ module: "events" }), {
      removed: "deleted the site's events of more than a day ago",
      failed: "deleting old events failed",
    }),
  );
}

void main();
