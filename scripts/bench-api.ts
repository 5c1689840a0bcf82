/**
 * npm run bench:api -- [--helpers 50000] [--duration 10] [--rounds 5] [--warmup 3] [--connections 10] [--only pglite|postgres]
 *
 * Seeds a fresh database, starts the real app on a loopback port and measures the helper
 * listing next to two ceilings answering the same bytes with no work: a route of the app (the
 * most Fastify with the site's hooks can do) and a bare node:http server in the same process
 * (the most Node can do), on the embedded database and, when reachable (BENCH_DATABASE_URL or
 * the local server), on a PostgreSQL database made for the run and dropped after it. The three
 * take turns in short rounds, so whatever else the machine does weighs on all alike. Exits 1
 * when a listing URL misses the target.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { daysAhead } from "../src/shared/biodata-schema";
import { buildApp } from "../src/composition/app";
import { loadConfig } from "../src/server/config";
import { seedDemoData } from "../src/features/demo/server/demo";
import { diskStorage } from "../src/features/media/server/storage";
import { DEFAULT_POSTGRES_URL, freshPglite, freshPostgres, postgresReachable, type BenchDatabase } from "./bench-database";
import { recordAnswer, startBareCeiling } from "./bench-bare-ceiling";
import { runLoad, runRounds, type LoadResult } from "./bench-load";
import { positiveOption } from "./bench-args";

const { values: args } = parseArgs({
  options: {
    helpers: { type: "string", default: "50000" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "5" },
    warmup: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
  },
});
const helperCount = positiveOption("helpers", args.helpers);
const duration = positiveOption("duration", args.duration);
const rounds = positiveOption("rounds", args.rounds);
const warmup = positiveOption("warmup", args.warmup);
const connections = positiveOption("connections", args.connections);

/** What is measured: the listing as a visitor first sees it, and a filtered later page. */
const SCENARIOS = [
  { name: "GET /api/helpers", path: "/api/helpers" },
  {
    name: "GET /api/helpers, 3 filters, page 2",
    path: "/api/helpers?nationality=philippines&marital=single&care=infant,child&page=2",
  },
  {
    // Experience in both areas, available within a month: the standard form's search.
    name: "GET /api/helpers, skill + availableBy, page 2",
    path: `/api/helpers?skill=cooking,infant&availableBy=${daysAhead(30)}&page=2`,
  },
];
const CEILING_PATH = "/__bench/ceiling/";
/** Judged against the bare Node ceiling; the Fastify one is shown beside it to tell the stack from the route. */
const TARGET = { ratio: 0.5, p99: 20 };

interface Row {
  database: string;
  route: string;
  bytes: number;
  result: LoadResult;
  /** The listing's req/s over the Fastify ceiling's and over bare Node's, in the same rounds. */
  ratios?: { fastify: number; bare: number };
}

async function measure(database: BenchDatabase): Promise<Row[]> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-data-"));
  try {
    await database.handle.migrate();
    const storage = diskStorage(path.join(dataDir, "media"));
    const started = Date.now();
    // A small pool of drawn photos is shared: the benchmark is about the listing, not sharp.
    await seedDemoData(database.handle.db, storage, { helpers: helperCount, distinctPhotos: 24 });
    console.log(`${database.label}: seeded ${helperCount} helpers in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      HOST: "127.0.0.1",
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0",
    });
    const app = await buildApp({ config, database: database.handle, storage });
    const ceilingBodies = new Map<string, Buffer>();
    // Registered by the benchmark only: the same bytes as a listing answer, no work at all.
    app.get<{ Params: { name: string } }>(`${CEILING_PATH}:name`, async (request, reply) => {
      const body = ceilingBodies.get(request.params.name);
      if (body === undefined) return reply.status(404).send();
      return reply.type("application/json; charset=utf-8").send(body);
    });
    const stopWatching = await app.services.watchListing();
    const origin = await app.listen({ port: 0, host: "127.0.0.1" });
    // In the same process as the site, so both carry the same heap (50,000 cards and all).
    const bare = await startBareCeiling();
    const rows: Row[] = [];
    try {
      for (const [index, scenario] of SCENARIOS.entries()) {
        const listingUrl = `${origin}${scenario.path}`;
        const answer = await recordAnswer(listingUrl);
        if (answer.status !== 200) throw new Error(`${scenario.path} answered ${answer.status}: ${answer.body.toString()}`);
        const page = JSON.parse(answer.body.toString()) as { total: number; pageSize: number; items: unknown[] };
        if (page.items.length === 0 || page.total <= page.pageSize) {
          throw new Error(`${scenario.path} has fewer than two pages (${page.total} helpers)`);
        }
        ceilingBodies.set(String(index), answer.body);
        bare.answer(scenario.path, answer);
        const bytes = answer.body.length;
        const ceilingUrl = `${origin}${CEILING_PATH}${index}`;
        const bareUrl = `${bare.origin}${scenario.path}`;
        const urls = [bareUrl, ceilingUrl, listingUrl];
        for (const url of urls) await runLoad({ url, connections, durationSeconds: warmup });
        const [bareNode, ceiling, listing] = (await runRounds(urls, {
          connections,
          durationSeconds: duration,
          rounds,
          cpu: true,
        })) as [LoadResult, LoadResult, LoadResult];
        const measured = [
          ["bare Node", bareNode],
          ["ceiling", ceiling],
          [scenario.name, listing],
        ] as const;
        for (const [label, result] of measured) {
          if (result.failures > 0) throw new Error(`${label}: ${result.failures} failed requests`);
        }
        rows.push({ database: database.label, route: `bare Node (same bytes and headers)`, bytes, result: bareNode });
        rows.push({ database: database.label, route: `Fastify (same bytes, site's hooks)`, bytes, result: ceiling });
        rows.push({
          database: database.label,
          route: scenario.name,
          bytes,
          result: listing,
          ratios: {
            fastify: listing.requestsPerSecond / ceiling.requestsPerSecond,
            bare: listing.requestsPerSecond / bareNode.requestsPerSecond,
          },
        });
        console.log(`${database.label}: measured ${scenario.name} (${page.total} matching helpers)`);
      }
    } finally {
      await bare.close();
      await app.close();
      await stopWatching();
    }
    return rows;
  } finally {
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const met = (row: Row) => row.ratios !== undefined && row.ratios.bare >= TARGET.ratio && row.result.p99 < TARGET.p99;

function table(rows: Row[]): string {
  const head = ["database", "route", "body", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "vs Fastify", "vs bare Node", "target"];
  const percent = (ratio: number | undefined) => (ratio === undefined ? "" : `${Math.round(ratio * 100)}%`);
  const lines = rows.map((row) => [
    row.database,
    row.route,
    `${(row.bytes / 1024).toFixed(1)} kB`,
    Math.round(row.result.requestsPerSecond).toLocaleString("en"),
    row.result.p50.toFixed(0),
    row.result.p99.toFixed(0),
    row.result.cpuMicros === undefined ? "" : row.result.cpuMicros.toFixed(1),
    percent(row.ratios?.fastify),
    percent(row.ratios?.bare),
    row.ratios === undefined ? "" : met(row) ? "met" : "MISSED",
  ]);
  const widths = head.map((cell, i) => Math.max(cell.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [format(head), format(widths.map((w) => "-".repeat(w))), ...lines.map(format)].join("\n");
}

async function main() {
  const cpus = os.cpus();
  console.log(
    `${helperCount} helpers, ${connections} connections, ${warmup} s warm-up then ${duration} s per route ` +
      `in ${rounds} alternating rounds; ` +
      `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}; ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(", ")}`,
  );
  const targets: (() => Promise<BenchDatabase>)[] = [];
  if (args.only !== "postgres") targets.push(freshPglite);
  if (args.only !== "pglite") {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
    const reachable = await postgresReachable(serverUrl);
    if (reachable === true) targets.push(() => freshPostgres(serverUrl));
    else console.log(`PostgreSQL: skipped, no server at ${new URL(serverUrl).host} (${reachable})`);
  }

  const open: BenchDatabase[] = [];
  // An interrupted run still drops the databases it made.
  const onSignal = () => void Promise.all(open.map((db) => db.dispose())).finally(() => process.exit(130));
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);

  const rows: Row[] = [];
  for (const target of targets) {
    const database = await target();
    open.push(database);
    rows.push(...(await measure(database)));
  }
  console.log(`\n${table(rows)}\n`);
  console.log(`Target: every listing URL at ≥ ${TARGET.ratio * 100}% of bare Node's req/s with p99 < ${TARGET.p99} ms.`);
  console.log("req/s over all rounds; p50 the rounds' median, p99 the worst round's.");
  console.log("CPU µs/req: this process's CPU time (the server's, and the bare Node one's) per request answered.");
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(", ");
  console.log(`Load average at the end: ${load} (${os.cpus().length} CPUs).`);
  if (!rows.every((row) => row.ratios === undefined || met(row))) process.exitCode = 1;
}

await main();
