/**
 * npm run bench:pdf-load -- [--connections 20] [--duration 15] [--pdfs-at-once 2] [--helpers 400]
 *
 * What a burst of new biodata PDFs costs everybody else: /posts (the cached listing page, as a
 * browser asks for it) under 20 connections while PDFs of biodata nobody asked for before are
 * requested two at a time, as after a restart. Run twice on the EXISTING production build (`npm
 * run build` first), each on a fresh site in a process of its own (bench-pages-site.ts): with the
 * PDFs laid out on the main thread (PDF_WORKERS=0), then by the PDF workers (the default), and
 * /posts alone first as the baseline. Prints /posts p50 and p99 and how long the PDFs took.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { runLoad, type LoadResult } from "./bench-load";
import { startSiteProcess, stopSiteProcess } from "./bench-pages-site";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "20" },
    duration: { type: "string", default: "15" },
    "pdfs-at-once": { type: "string", default: "2" },
    helpers: { type: "string", default: "400" },
  },
});
const connections = Number(args.connections);
const duration = Number(args.duration);
const pdfsAtOnce = Number(args["pdfs-at-once"]);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Requests each biodata's PDF once (so every one is cold), `pdfsAtOnce` at a time, until stopped. */
function coldPdfs(origin: string, ids: string[]) {
  const times: number[] = [];
  let refused = 0;
  let stopped = false;
  const queue = [...ids];
  const lane = async () => {
    for (let id = queue.shift(); id && !stopped; id = queue.shift()) {
      const started = performance.now();
      const response = await fetch(`${origin}/posts/${id}/biodata.pdf`);
      await response.arrayBuffer();
      if (response.status === 503) refused += 1;
      else if (response.ok) times.push(performance.now() - started);
      else throw new Error(`PDF answered ${response.status}`);
    }
  };
  const lanes = Array.from({ length: pdfsAtOnce }, lane);
  return {
    async stop() {
      stopped = true;
      await Promise.all(lanes);
      return { times: times.sort((a, b) => a - b), refused };
    },
  };
}

async function measure(label: string, pdfWorkers: string | undefined): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-pdf-load-"));
  process.env.BENCH_HELPERS = args.helpers;
  if (pdfWorkers === undefined) delete process.env.PDF_WORKERS;
  else process.env.PDF_WORKERS = pdfWorkers;
  const site = startSiteProcess(path.resolve("build"), dataDir);
  try {
    const origin = await site.ready;
    const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
    const ids = [...sitemap.matchAll(/\/posts\/([0-9a-f-]{36})</g)].map((match) => match[1]!);
    const posts = { url: `${origin}/posts`, connections, durationSeconds: duration, headers: { "accept-encoding": "br, gzip" } };
    // Warm: the listing page cached, the fonts read, a worker started.
    await runLoad({ ...posts, durationSeconds: 2 });
    await (await fetch(`${origin}/posts/${ids.pop()}/biodata.pdf`)).arrayBuffer();
    const alone = await runLoad(posts);
    const pdfs = coldPdfs(origin, ids);
    const loaded = await runLoad(posts);
    const made = await pdfs.stop();
    const line = (name: string, r: LoadResult) =>
      `${name}: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.failures ? `, ${r.failures} FAILED` : ""}`;
    console.log(`\n${label}`);
    console.log(`  ${line("/posts alone", alone)}`);
    console.log(`  ${line(`/posts with ${pdfsAtOnce} cold PDFs at a time`, loaded)}`);
    console.log(
      `  cold PDFs meanwhile: ${made.times.length} made, p50 ${percentile(made.times, 50).toFixed(0)} ms, p95 ${percentile(made.times, 95).toFixed(0)} ms${made.refused ? `, ${made.refused} answered 503` : ""}`,
    );
  } finally {
    await stopSiteProcess(site.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await measure("PDFs on the main thread (PDF_WORKERS=0)", "0");
await measure(`PDFs in worker threads (PDF_WORKERS default: ${Math.max(1, Math.min(4, os.availableParallelism() - 1))})`, undefined);
console.log(`\nload average: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
