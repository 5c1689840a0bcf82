/**
 * Starting and stopping a serving process, whatever it serves: the configuration read or a
 * one-line reason, the database opened and migrated, the pages' build (or Vite's sources in
 * development), listening with plain words for what usually goes wrong, and a stop that finishes
 * what is under way, step by step, on a signal. The composition root (main.ts) says what to start.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import closeWithGrace from "close-with-grace";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { ConfigError, loadConfig, prepareDataDir, startWarnings, type Config } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/connect";
import { DataDirLockedError } from "./db/data-lock";
import { keepNewFilesPrivate } from "./ops/private-data-dir";
import { packageRoot } from "./package-root";

/** A start that cannot go on says why in one line and exits with 1. */
export function stop(message: string): never {
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

/** The configuration, with the data folder made private before anything in it is opened (decision 081). */
export function readConfiguration(): { config: Config; tightened: number } {
  try {
    const config = loadConfig();
    keepNewFilesPrivate();
    return { config, tightened: prepareDataDir(config) };
  } catch (error) {
    if (error instanceof ConfigError) stop(`Configuration error: ${error.message}`);
    throw error;
  }
}

/** The configured database, migrated (one instance at a time). */
export async function openMigrated(config: Config): Promise<DatabaseHandle> {
  const where = config.databaseUrl
    ? `DATABASE_URL (${new URL(config.databaseUrl).host})`
    : `the embedded database in ${path.join(config.dataDir, "db")}`;
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
    await database.exclusive(() => database.migrate());
    return database;
  } catch (error) {
    if (error instanceof DataDirLockedError) stop(`Database error: ${error.message}`);
    stop(`Database error: could not open and migrate ${where}: ${reason(error)}`);
  }
}

export interface LoadedPages {
  pages: { build: ServerBuild | (() => Promise<ServerBuild>); clientDir?: string };
  /** In development: Vite answers its own requests (modules, hot reload) on the site's server. */
  attach(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** The pages: the build in BUILD_DIR, or the sources through Vite (VITE_DEV_SERVER). */
export async function loadPages(config: Config): Promise<LoadedPages> {
  if (!config.viteDevServer) {
    const buildDir = path.resolve(packageRoot(), config.buildDir);
    const serverBuild = path.join(buildDir, "server/index.js");
    if (!existsSync(serverBuild)) stop(`No build in ${buildDir}: run \`npm run build\` first (or set BUILD_DIR).`);
    const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    return { pages: { build, clientDir: path.join(buildDir, "client") }, attach: async () => undefined, close: async () => undefined };
  }
  let vite: ViteDevServer | undefined;
  return {
    pages: { build: () => vite!.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild> },
    async attach(app) {
      const { createServer } = await import("vite");
      // Hot-reload messages share the site's port, so several dev servers never collide.
      const devServer = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
      vite = devServer;
      app.addHook("onRequest", async (request, reply) => {
        const handled = await new Promise<boolean>((resolve) => {
          reply.raw.once("finish", () => resolve(true));
          devServer.middlewares(request.raw, reply.raw, () => resolve(false));
        });
        if (handled) reply.hijack();
      });
    },
    close: async () => vite?.close(),
  };
}

/**
 * Listens on HOST:PORT and, on a signal or a fatal error, runs `steps` in order (each logged with
 * the time it took); a start that cannot listen runs them too and says why.
 */
export async function serve(app: FastifyInstance, config: Config, steps: [string, () => unknown][], tightened: number) {
  const shutdown = async () => {
    const took: Record<string, number> = {};
    for (const [name, work] of steps) {
      const started = Date.now();
      await work();
      took[name] = Date.now() - started;
    }
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
  for (const warning of startWarnings(config)) app.log.warn(warning);
  if (tightened > 0)
    app.log.warn({ dataDir: config.dataDir, tightened }, "made files and folders in the data folder private to their owner");
}
