/**
 * npm run bench:load -- [--helpers 50000] [--connections 200] [--duration 30] [--page-rounds 1]
 *                       [--search-connections 10] [--search-duration 10] [--rounds 5] [--only pglite|postgres]
 *                       [--skip-pages] [--skip-search]
 *
 * The site under load as households meet it, on the EXISTING production build (`npm run build`
 * first), served in a process of its own (bench-pages-site.ts) on a fresh database with 50,000
 * demo helpers; autocannon runs in further processes. Two measurements, side by side:
 *
 * - Search: the cached listing (GET /api/helpers) next to searches with a different term on
 *   every request (a reference, a name, a part of a name, a misspelt name, a biodata word), at
 *   10 connections, once the site's search index is built (the site prints how long that took).
 * - Pages (embedded database only): /posts and /posts/:id as a browser asks for them
 *   (Accept-Encoding: br, gzip) next to a route answering the same bytes with no work at all,
 *   and as a client asking for no compression (its req/s against the browser's),
 *   at 200 connections for 30 s each, from two client threads (one cannot keep up: bench-load.ts).
 *
 * Each search pair takes turns in short rounds so other load on the machine falls on both alike;
 * req/s counts every round, p50 is the rounds' median and p99 the worst round's. Each page and its
 * ceiling run for the whole duration at once by default, as the target is stated (200 connections
 * for 30 s): a short round begins with 200 new connections, and that opening burst, not the
 * site, sets the worst round's p99. `--page-rounds 5` alternates them too, for a shared machine.
 * Exits with 1 when a target is missed.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_POSTGRES_URL, freshPostgres, postgresReachable, type BenchDatabase } from "./bench-database";
import { pathsTarget, runLoad, runRounds, type LoadResult } from "./bench-load";
import { searchPaths } from "./bench-search-terms";
import { startSiteProcess, stopSiteProcess } from "./bench-pages-site";
import { positiveOption } from "./bench-args";

const { values: args } = parseArgs({
  options: {
    helpers: { type: "string", default: "50000" },
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "30" },
    "search-connections": { type: "string", default: "10" },
    "search-duration": { type: "string", default: "10" },
    rounds: { type: "string", default: "5" },
    "page-rounds": { type: "string", default: "1" },
    only: { type: "string" },
    "skip-pages": { type: "boolean", default: false },
    "skip-search": { type: "boolean", default: false },
  },
});

const positive = (name: keyof typeof args) => positiveOption(name, args[name] as string | undefined);
const helperCount = positive("helpers");
const connections = positive("connections");
const duration = positive("duration");
const searchConnections = positive("search-connections");
const searchDuration = positive("search-duration");
const rounds = positive("rounds");
const pageRounds = positive("page-rounds");

const TARGETS = {
  search: { ratio: 0.25, p99: 30 },
  pages: { ratio: 0.5, p99: 100 },
  /** A client asking for no compression (a script, an old tool), against a browser on the same page: req/s only. */
  plain: { ratio: 0.5, p99: Infinity },
};
const BROWSER = { "accept-encoding": "br, gzip" };
/** What autocannon, curl or a script sends unless told otherwise: no Accept-Encoding. */
const PLAIN = {};
/** Client threads for the pages' load: one cannot keep up with the site (bench-load.ts). */
const PAGE_CLIENT_WORKERS = 2;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

interface Row {
  database: string;
  measure: string;
  route: string;
  result: LoadResult;
  bytes?: number;
  /** Against what, and the target, when this row is measured against another. */
  versus?: { ratio: number; target: { ratio: number; p99: number } };
}

/** The bytes a browser receives (fetch would hand back the decompressed body). */
function bodyBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      })
      .on("error", reject);
  });
}

async function measureSite(label: string, databaseUrl: string | undefined, withPages: boolean): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-load-"));
  const env = { BENCH_HELPERS: String(helperCount), ...(databaseUrl ? { BENCH_DATABASE_URL: databaseUrl } : {}) };
  Object.assign(process.env, env);
  const started = Date.now();
  const site = startSiteProcess(buildDir, dataDir);
  const rows: Row[] = [];
  try {
    const origin = await site.ready;
    console.log(`${label}: ${helperCount} helpers seeded and serving in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const listing = (await (await fetch(`${origin}/api/helpers`)).json()) as { items: { id: string; ref: string }[] };
    const first = listing.items[0];
    if (!first) throw new Error("the listing is empty");

    if (!args["skip-search"]) {
      // Search: a different term on every request, next to the cached listing.
      const termsFile = path.join(dataDir, "search-paths.txt");
      const paths = searchPaths(helperCount, 20_000);
      await writeFile(termsFile, paths.join("\n"));
      const listingUrl = `${origin}/api/helpers`;
      await runLoad({ url: listingUrl, connections: searchConnections, durationSeconds: 2 });
      await runLoad({ url: origin, pathsFile: termsFile, connections: searchConnections, durationSeconds: 2 });
      const [cached, search] = (await runRounds([listingUrl, pathsTarget(termsFile, origin)], {
        connections: searchConnections,
        durationSeconds: searchDuration,
        rounds,
      })) as [LoadResult, LoadResult];
      rows.push({ database: label, measure: `search, ${searchConnections} conn.`, route: "GET /api/helpers (cached)", result: cached });
      rows.push({
        database: label,
        measure: `search, ${searchConnections} conn.`,
        route: "GET /api/helpers?q=<new term each request>",
        result: search,
        versus: { ratio: search.requestsPerSecond / cached.requestsPerSecond, target: TARGETS.search },
      });
      console.log(`${label}: search measured (${new Set(paths).size} distinct terms of ${paths.length})`);
    }

    if (withPages) {
      for (const [name, pagePath] of [
        ["GET /posts", "/posts"],
        ["GET /posts/:id", `/posts/${first.id}`],
      ] as const) {
        const pageUrl = `${origin}${pagePath}`;
        const ceilingUrl = `${origin}/__bench/ceiling?path=${encodeURIComponent(pagePath)}`;
        const bytes = await bodyBytes(pageUrl);
        await bodyBytes(ceilingUrl);
        for (const url of [ceilingUrl, pageUrl])
          await runLoad({ url, connections, durationSeconds: 3, headers: BROWSER, workers: PAGE_CLIENT_WORKERS });
        await runLoad({ url: pageUrl, connections, durationSeconds: 3, headers: PLAIN, workers: PAGE_CLIENT_WORKERS });
        const [ceiling, page, plain] = (await runRounds([ceilingUrl, pageUrl, pageUrl], {
          connections,
          durationSeconds: duration,
          rounds: pageRounds,
          headers: BROWSER,
          headersFor: [undefined, undefined, PLAIN],
          workers: PAGE_CLIENT_WORKERS,
        })) as [LoadResult, LoadResult, LoadResult];
        const measure = `pages, ${connections} conn.`;
        rows.push({ database: label, measure, route: `ceiling (${name}, same bytes)`, result: ceiling, bytes });
        rows.push({
          database: label,
          measure,
          route: name,
          result: page,
          bytes,
          versus: { ratio: page.requestsPerSecond / ceiling.requestsPerSecond, target: TARGETS.pages },
        });
        rows.push({
          database: label,
          measure,
          route: `${name}, no compression asked (vs Brotli)`,
          result: plain,
          versus: { ratio: plain.requestsPerSecond / page.requestsPerSecond, target: TARGETS.plain },
        });
        console.log(`${label}: ${name} measured`);
      }
    }
    return rows;
  } finally {
    await stopSiteProcess(site.child);
    for (const name of Object.keys(env)) delete process.env[name];
    await rm(dataDir, { recursive: true, force: true });
  }
}

function met(row: Row): boolean {
  return (
    row.versus === undefined ||
    (row.versus.ratio >= row.versus.target.ratio && row.result.p99 < row.versus.target.p99 && row.result.failures === 0)
  );
}

function table(rows: Row[]): string {
  const head = ["database", "measure", "route", "body", "req/s", "p50 ms", "p99 ms", "errors", "vs", "target"];
  const lines = rows.map((row) => [
    row.database,
    row.measure,
    row.route,
    row.bytes === undefined ? "" : `${(row.bytes / 1024).toFixed(1)} kB br`,
    Math.round(row.result.requestsPerSecond).toLocaleString("en"),
    row.result.p50.toFixed(0),
    row.result.p99.toFixed(0),
    String(row.result.failures),
    row.versus ? `${Math.round(row.versus.ratio * 100)}%` : "",
    row.versus ? (met(row) ? "met" : "MISSED") : "",
  ]);
  const widths = head.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(head), format(widths.map((w) => "-".repeat(w))), ...lines.map(format)].join("\n");
}

async function main() {
  const cpus = os.cpus();
  console.log(
    `${helperCount} helpers; search at ${searchConnections} connections, ${searchDuration} s a route; pages at ` +
      `${connections} connections, ${duration} s a route in ${pageRounds} round(s); search in ${rounds} alternating rounds; ` +
      `Node ${process.version}, ` +
      `${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}`,
  );
  const rows: Row[] = [];
  if (args.only !== "postgres") rows.push(...(await measureSite("PGlite", undefined, !args["skip-pages"])));
  // PostgreSQL runs the search only (the pages' cache does not depend on the database).
  if (args.only !== "pglite" && !args["skip-search"]) {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
    const reachable = await postgresReachable(serverUrl);
    if (reachable !== true) console.log(`PostgreSQL: skipped, no server at ${new URL(serverUrl).host} (${reachable})`);
    else {
      const database: BenchDatabase = await freshPostgres(serverUrl);
      const onSignal = () => void database.dispose().finally(() => process.exit(130));
      process.once("SIGINT", onSignal);
      try {
        // The pages' cache does not depend on the database; PostgreSQL runs the search only.
        rows.push(...(await measureSite("PostgreSQL", database.url, false)));
      } finally {
        process.off("SIGINT", onSignal);
        await database.dispose();
      }
    }
  }
  console.log(`\n${table(rows)}\n`);
  console.log(
    `Targets: search ≥ ${TARGETS.search.ratio * 100}% of the cached listing with p99 < ${TARGETS.search.p99} ms; ` +
      `pages ≥ ${TARGETS.pages.ratio * 100}% of the same-bytes ceiling with p99 < ${TARGETS.pages.p99} ms; ` +
      `pages asked for with no compression ≥ ${TARGETS.plain.ratio * 100}% of the req/s of Brotli; no errors or time-outs.`,
  );
  const missed = rows.filter((row) => !met(row));
  if (missed.length > 0) {
    console.log(`Missed: ${missed.map((row) => `${row.database} ${row.route}`).join("; ")}`);
    process.exitCode = 1;
  }
}

await main();
