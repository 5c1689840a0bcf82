/**
 * The site the page benchmark measures, in a process of its own so Lighthouse's work does not
 * slow the server: the production build served by the real app in production mode, on demo
 * data in a given (fresh) data folder, on a free loopback port.
 *
 * Started by hand it prints its address, to look at a page:
 *   npx tsx scripts/bench-pages-site.ts <build folder> <empty data folder>
 * BENCH_HELPERS sets how many demo helpers (default: the demo's few dozen); BENCH_DATABASE_URL
 * serves from that (empty) PostgreSQL database instead of the embedded one; PDF_WORKERS is passed
 * on (bench-pdf-load.ts compares 0 with the default). The load benchmark
 * also gets /__bench/ceiling?path=<page>: that page's bytes and headers as first answered to a
 * browser (Brotli), sent again with no work at all, the ceiling a page is measured against.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const thisFile = fileURLToPath(import.meta.url);

async function serve(buildDir: string, dataDir: string): Promise<void> {
  // As `npm start` runs: React and the server libraries pick their production builds.
  process.env.NODE_ENV = "production";
  const [{ buildApp }, { loadConfig }, { openDatabase }, { seedDemoData }, { openStorage }] = await Promise.all([
    import("../src/composition/app"),
    import("../src/server/config"),
    import("../src/server/db/connect"),
    import("../src/features/demo/server/demo"),
    import("../src/features/media/server/open-storage"),
  ]);
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    ...(process.env.PDF_WORKERS ? { PDF_WORKERS: process.env.PDF_WORKERS } : {}),
  });
  const helpers = process.env.BENCH_HELPERS ? Number(process.env.BENCH_HELPERS) : undefined;
  const database = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL, pgliteDir: path.join(dataDir, "db") });
  await database.migrate();
  const storage = await openStorage(config);
  // A large demo shares a few drawn photos: the benchmark is about pages, not sharp.
  // A second instance on the same database (BENCH_SKIP_SEED=1) serves what the first seeded.
  if (process.env.BENCH_SKIP_SEED !== "1") await seedDemoData(database.db, storage, helpers ? { helpers, distinctPhotos: 24 } : {});
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = await buildApp({ config, database, storage, pages: { build, clientDir: path.join(buildDir, "client") } });
  const ceilings = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  app.get<{ Querystring: { path: string } }>("/__bench/ceiling", async (request, reply) => {
    const pagePath = request.query.path;
    let answer = ceilings.get(pagePath);
    if (!answer) {
      const response = await app.inject({ method: "GET", url: pagePath, headers: { "accept-encoding": "br, gzip" } });
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "content-encoding", "vary", "cache-control"]) {
        const value = response.headers[name];
        if (typeof value === "string") headers[name] = value;
      }
      answer = { status: response.statusCode, headers, body: response.rawPayload };
      ceilings.set(pagePath, answer);
    }
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
  const stopWatching = await app.services.watchListing();
  // Watching starts the search index's build (decision 072); the site is measured once it is
  // built, as a serving instance runs, and the build's own time is printed beside the seeding's.
  const indexStarted = Date.now();
  await app.services.helpers.searchIndex.ready();
  if (helpers)
    console.log(
      `search index of ${app.services.helpers.searchIndex.size} helpers built in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`,
    );
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const stop = async () => {
    await app.close();
    await stopWatching();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop());
  process.once("SIGINT", () => void stop());
  process.once("disconnect", () => void stop());
  if (process.send) process.send({ url });
  else console.log(`serving ${url}`);
}

export interface SiteProcess {
  child: ChildProcess;
  /** The site's address, once it serves. */
  ready: Promise<string>;
}

/** Starts the site; the child is returned at once, so it can be stopped whatever happens next. */
export function startSiteProcess(buildDir: string, dataDir: string): SiteProcess {
  const child = fork(thisFile, [buildDir, dataDir], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  const ready = new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve((message as { url: string }).url));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the site process stopped before serving (exit code ${code})`)));
  });
  return { child, ready };
}

/** Stops the site by its process id: politely, then firmly after ten seconds. */
export async function stopSiteProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  const [buildDir, dataDir] = process.argv.slice(2);
  if (!buildDir || !dataDir) {
    console.error("usage: bench-pages-site.ts <build folder> <empty data folder>");
    process.exit(1);
  }
  await serve(path.resolve(buildDir), path.resolve(dataDir));
}
