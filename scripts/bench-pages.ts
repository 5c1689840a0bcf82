/**
 * npm run bench:pages -- [--runs 3] [--save <folder>]
 *
 * Lighthouse's mobile preset on the public pages of the EXISTING production build (BUILD_DIR,
 * else ./build). It builds nothing: run `npm run build` first. The real app serves the build
 * (bench-pages-site.ts); every page is measured `runs` times, each figure is the median of its
 * runs, and /posts' JavaScript is also fetched again as a browser asks for it (Brotli) to weigh it. Exits with 1, naming
 * what was missed, when a target is missed. `--save` keeps every Lighthouse report (JSON).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { editorChunks, sentBytes, lighthouseRun, readRun, stopRunningChrome, type Run } from "./bench-pages-lighthouse";
import { startSiteProcess, stopSiteProcess, type SiteProcess } from "./bench-pages-site";

/** Sizes in KiB (1024 bytes), as Lighthouse reports them. */
const KIB = 1024;
const TARGET = { score: 0.98, lcpMs: 1200, cls: 0.01, postsJsBytes: 100 * KIB };
/** Lighthouse now and then loses a run's trace (NO_NAVSTART) and asks to run again: we do. */
const ATTEMPTS = 3;

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    save: { type: "string" },
  },
});
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface PageResult {
  label: string;
  runs: Run[];
}

async function measurePage(origin: string, label: string, pagePath: string, runs: number): Promise<PageResult> {
  const result: PageResult = { label, runs: [] };
  for (let i = 0; i < runs; i++) {
    let lhr = await lighthouseRun(chromePath, `${origin}${pagePath}`);
    for (let attempt = 2; lhr.runtimeError && attempt <= ATTEMPTS; attempt++) {
      console.log(`${label} run ${i + 1}: ${lhr.runtimeError.code}, measuring again`);
      lhr = await lighthouseRun(chromePath, `${origin}${pagePath}`);
    }
    if (args.save) {
      await mkdir(args.save, { recursive: true });
      const name = label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      await writeFile(path.join(args.save, `${name}-${i + 1}.json`), JSON.stringify(lhr));
    }
    const run = readRun(lhr);
    result.runs.push(run);
    console.log(
      `${label} run ${i + 1}: score ${run.score.toFixed(2)}, LCP ${Math.round(run.lcpMs)} ms, ` +
        `CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms`,
    );
  }
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The pages measured: a real helper's biodata, a shortlist of three, and the filters' gate (no visitor cookie). */
async function pagesOf(origin: string): Promise<[label: string, path: string][]> {
  const response = await fetch(`${origin}/api/helpers?pageSize=3`);
  const listing = (await response.json()) as { items?: { id: string }[] };
  const helperId = listing.items?.[0]?.id;
  const shortlisted = (listing.items ?? []).map((item) => item.id).join(",");
  if (!helperId) throw new Error("the demo data has no available helper");
  return [
    ["/", "/"],
    ["/posts", "/posts"],
    ["/posts/:id", `/posts/${helperId}`],
    ["/shortlist (3 helpers)", `/shortlist?ids=${shortlisted}`],
    ["/filters (gate)", "/filters"],
  ];
}

function report(results: PageResult[], editor: string[], postsSent: number, postsScripts: number): string[] {
  const misses: string[] = [];
  const rows = results.map((result) => {
    const m = (pick: (run: Run) => number) => median(result.runs.map(pick));
    const score = m((r) => r.score);
    const lcp = m((r) => r.lcpMs);
    const cls = m((r) => r.cls);
    if (score < TARGET.score) misses.push(`${result.label}: performance ${score.toFixed(2)} < ${TARGET.score}`);
    if (lcp > TARGET.lcpMs) misses.push(`${result.label}: LCP ${(lcp / 1000).toFixed(2)} s > ${TARGET.lcpMs / 1000} s`);
    if (cls > TARGET.cls) misses.push(`${result.label}: CLS ${cls.toFixed(3)} > ${TARGET.cls}`);
    const loaded = [...new Set(result.runs.flatMap((run) => run.scripts))].filter((url) => editor.some((name) => url.includes(name)));
    if (loaded.length) misses.push(`${result.label}: loads the editor (${loaded.join(", ")})`);
    return [
      result.label,
      score.toFixed(2),
      `${(lcp / 1000).toFixed(2)} s`,
      cls.toFixed(3),
      `${Math.round(m((r) => r.tbtMs))} ms`,
      kib(m((r) => r.jsTransferBytes)),
      result.label === "/posts" ? kib(postsSent) : "",
      loaded.length ? "LOADED" : "none",
    ];
  });
  if (postsSent > TARGET.postsJsBytes) {
    misses.push(`/posts: JavaScript ${kib(postsSent)} as sent > ${kib(TARGET.postsJsBytes)}`);
  }
  console.log(`\n${table(["page", "perf", "LCP", "CLS", "TBT", "JS transferred", "JS as sent (br)", "editor code"], rows)}\n`);
  console.log(`Editor chunk(s) in the build: ${editor.join(", ")}`);
  console.log(
    `/posts loads ${postsScripts} scripts: ${postsSent.toLocaleString("en")} bytes sent to a browser accepting Brotli (${kib(postsSent)}).`,
  );
  console.log(
    `Targets: performance ≥ ${TARGET.score}, LCP ≤ ${TARGET.lcpMs / 1000} s, CLS ≤ ${TARGET.cls}, ` +
      `/posts JavaScript ≤ ${kib(TARGET.postsJsBytes)} as a browser receives it (Brotli), no editor code on these pages.`,
  );
  return misses;
}

async function main(): Promise<number> {
  const runs = Number(args.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs must be a positive whole number");
  if (!existsSync(path.join(buildDir, "server", "index.js")) || !existsSync(path.join(buildDir, "client", "assets"))) {
    console.error(
      `No production build in ${buildDir}. This benchmark measures an existing build and builds nothing: ` +
        "run `npm run build` first (or build with BUILD_DIR=<folder> and pass the same BUILD_DIR here).",
    );
    return 1;
  }
  if (!existsSync(chromePath)) {
    console.error(`Chromium was not found at ${chromePath}: set CHROMIUM_PATH`);
    return 1;
  }
  const editor = editorChunks(buildDir);
  if (editor.length === 0) {
    console.error("The editor's chunk was not found in the build, so its absence from the pages cannot be checked.");
    return 1;
  }
  const cpus = os.cpus();
  console.log(
    `Build ${buildDir}; Lighthouse mobile preset, ${runs} run(s) a page, medians; ` +
      `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}`,
  );

  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-pages-"));
  let site: SiteProcess | undefined;
  // Interrupted, it still stops what it started and removes its data folder.
  const onSignal = () => {
    stopRunningChrome();
    void (site ? stopSiteProcess(site.child) : Promise.resolve())
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  let misses: string[];
  try {
    site = startSiteProcess(buildDir, dataDir);
    const origin = await site.ready;
    const results: PageResult[] = [];
    for (const [label, pagePath] of await pagesOf(origin)) results.push(await measurePage(origin, label, pagePath, runs));
    const postsScripts = [...new Set(results.find((r) => r.label === "/posts")!.runs.flatMap((run) => run.scripts))];
    // As a browser receives them: the build's stored Brotli copies.
    const postsSent = (await Promise.all(postsScripts.map((url) => sentBytes(url)))).reduce((a, b) => a + b, 0);
    misses = report(results, editor, postsSent, postsScripts.length);
  } finally {
    if (site) await stopSiteProcess(site.child);
    await rm(dataDir, { recursive: true, force: true });
  }
  if (misses.length) {
    console.error(`\nMISSED:\n${misses.map((miss) => `  - ${miss}`).join("\n")}`);
    return 1;
  }
  console.log("\nEvery target met.");
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(`bench:pages failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
