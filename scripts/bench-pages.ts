/**
 * npm run bench:pages -- [--runs 3] [--save <folder>]
 *
 * Lighthouse's mobile preset on the public pages of the EXISTING production build (BUILD_DIR,
 * else ./build). It builds nothing: run `npm run build` first. The real app serves the build
 * (bench-pages-site.ts); every page is measured `runs` times, each figure is the median of its
 * runs. Every locale's /posts that exists (/posts, /zh/posts) is measured, and the scripts each loads are
 * fetched again as a browser asks for them (Brotli) and weighed apart. Exits with 1, naming what
 * was missed, when a target is missed. `--save` keeps every Lighthouse report (JSON).
 *
 * /zh/posts is measured twice (decision 125): in this machine's Chromium, which has no Chinese font
 * (the page brings its own, 195 kB), and as a phone has one: the same Chromium given Noto Sans SC
 * through fontconfig, where the page must download no font at all.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { editorChunks, sentBytes, lighthouseRun, readRun, stopRunningChrome, type Run } from "./bench-pages-lighthouse";
import { startSiteProcess, stopSiteProcess, type SiteProcess } from "./bench-pages-site";
import { CHINESE_TTF } from "./page-fonts-plugin";
import { LOCALES, localizePath } from "../src/shared/i18n/locales";

/** Sizes in KiB (1024 bytes), as Lighthouse reports them. */
const KIB = 1024;
const TARGET = { score: 0.98, lcpMs: 1200, cls: 0.01, postsJsBytes: 100 * KIB };
/** The Chinese listing on a device that has a Chinese font of its own, as phones do. */
const PHONE_FONT = "/zh/posts (device's Chinese font)";
/** Issue 19: the Chinese listing's own bar (its fonts and longer data make it the heaviest public page). */
const SCORE_TARGET: Record<string, number> = { "/zh/posts": 0.95, [PHONE_FONT]: 0.95 };
/**
 * Pages whose LCP is reported, not held to the target: on a device without Chinese fonts the
 * Chinese listing's first paint waits for its words' two font files, which Lighthouse's slow
 * network makes about a second (decision 125). The same page with the device's font is held to it.
 */
const LCP_REPORTED_ONLY = new Set(["/zh/posts"]);
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

/** The scripts one locale's /posts loads, weighed as sent. */
interface PostsWeight {
  label: string;
  scripts: number;
  bytes: number;
}

async function measurePage(
  origin: string,
  label: string,
  pagePath: string,
  runs: number,
  env: Record<string, string> = {},
): Promise<PageResult> {
  const result: PageResult = { label, runs: [] };
  for (let i = 0; i < runs; i++) {
    let lhr = await lighthouseRun(chromePath, `${origin}${pagePath}`, env);
    for (let attempt = 2; lhr.runtimeError && attempt <= ATTEMPTS; attempt++) {
      console.log(`${label} run ${i + 1}: ${lhr.runtimeError.code}, measuring again`);
      lhr = await lighthouseRun(chromePath, `${origin}${pagePath}`, env);
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
        `CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms, ${run.fonts} font file(s)`,
    );
  }
  return result;
}

/**
 * A fontconfig set-up with this machine's fonts and Noto Sans SC, regular and bold (the files the
 * PDF embeds), as a phone has a Chinese font: Chromium started with it matches the faces'
 * `local()` names. Returns the environment that gives it to a browser.
 */
async function phoneChineseFont(folder: string): Promise<Record<string, string>> {
  const resolve = createRequire(import.meta.url).resolve;
  const fonts = path.join(folder, "fonts");
  await mkdir(fonts, { recursive: true });
  for (const file of Object.values(CHINESE_TTF)) await copyFile(resolve(file), path.join(fonts, path.basename(file)));
  const config = path.join(folder, "fonts.conf");
  await writeFile(
    config,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
      `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n` +
      `  <dir>${fonts}</dir>\n  <cachedir>${path.join(folder, "cache")}</cachedir>\n</fontconfig>\n`,
  );
  return { FONTCONFIG_FILE: config };
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

/** Every locale's listing address that the site answers (the others are not pages: 404 or a redirect). */
async function postsPagesOf(origin: string): Promise<string[]> {
  const paths = [...new Set(LOCALES.map((locale) => localizePath("/posts", locale, "en")))];
  const found: string[] = [];
  for (const pagePath of paths) {
    const response = await fetch(`${origin}${pagePath}`, { redirect: "manual" });
    await response.arrayBuffer();
    if (response.status === 200) found.push(pagePath);
  }
  if (!found.includes("/posts")) throw new Error("/posts did not answer 200");
  return found;
}

/** The pages measured: the listing in each locale, a real helper's biodata, a shortlist of three, and the filters' gate (no visitor cookie). */
async function pagesOf(origin: string, posts: string[]): Promise<[label: string, path: string][]> {
  const response = await fetch(`${origin}/api/helpers?pageSize=3`);
  const listing = (await response.json()) as { items?: { id: string }[] };
  const helperId = listing.items?.[0]?.id;
  const shortlisted = (listing.items ?? []).map((item) => item.id).join(",");
  if (!helperId) throw new Error("the demo data has no available helper");
  return [
    ["/", "/"],
    ...posts.map((pagePath): [string, string] => [pagePath, pagePath]),
    ["/posts/:id", `/posts/${helperId}`],
    ["/shortlist (3 helpers)", `/shortlist?ids=${shortlisted}`],
    ["/filters (gate)", "/filters"],
  ];
}

function report(results: PageResult[], editor: string[], posts: PostsWeight[]): string[] {
  const misses: string[] = [];
  const sentOf = (label: string) => {
    const weight = posts.find((p) => p.label === label);
    return weight ? kib(weight.bytes) : "";
  };
  const rows = results.map((result) => {
    const m = (pick: (run: Run) => number) => median(result.runs.map(pick));
    const score = m((r) => r.score);
    const lcp = m((r) => r.lcpMs);
    const cls = m((r) => r.cls);
    const scoreTarget = SCORE_TARGET[result.label] ?? TARGET.score;
    if (score < scoreTarget) misses.push(`${result.label}: performance ${score.toFixed(2)} < ${scoreTarget}`);
    if (lcp > TARGET.lcpMs && !LCP_REPORTED_ONLY.has(result.label))
      misses.push(`${result.label}: LCP ${(lcp / 1000).toFixed(2)} s > ${TARGET.lcpMs / 1000} s`);
    if (cls > TARGET.cls) misses.push(`${result.label}: CLS ${cls.toFixed(3)} > ${TARGET.cls}`);
    if (result.label === PHONE_FONT && result.runs.some((run) => run.fonts > 0)) {
      misses.push(`${result.label}: downloaded a font although the device has one`);
    }
    const loaded = [...new Set(result.runs.flatMap((run) => run.scripts))].filter((url) => editor.some((name) => url.includes(name)));
    if (loaded.length) misses.push(`${result.label}: loads the editor (${loaded.join(", ")})`);
    return [
      result.label,
      score.toFixed(2),
      `${(lcp / 1000).toFixed(2)} s`,
      cls.toFixed(3),
      `${Math.round(m((r) => r.tbtMs))} ms`,
      kib(m((r) => r.jsTransferBytes)),
      sentOf(result.label),
      loaded.length ? "LOADED" : "none",
      String(m((r) => r.fonts)),
    ];
  });
  for (const weight of posts) {
    if (weight.bytes > TARGET.postsJsBytes) {
      misses.push(
        `${weight.label}: JavaScript ${weight.bytes.toLocaleString("en")} B as sent > ${TARGET.postsJsBytes.toLocaleString("en")} B`,
      );
    }
  }
  console.log(`\n${table(["page", "perf", "LCP", "CLS", "TBT", "JS transferred", "JS as sent (br)", "editor code", "fonts"], rows)}\n`);
  console.log(`Editor chunk(s) in the build: ${editor.join(", ")}`);
  for (const weight of posts) {
    console.log(
      `${weight.label} loads ${weight.scripts} scripts: ${weight.bytes.toLocaleString("en")} bytes sent to a browser accepting Brotli (${kib(weight.bytes)}).`,
    );
  }
  const special = Object.entries(SCORE_TARGET).map(([label, score]) => `, ${label} ≥ ${score}`);
  console.log(
    `Targets: performance ≥ ${TARGET.score}${special.join("")}, LCP ≤ ${TARGET.lcpMs / 1000} s ` +
      `(reported only: ${[...LCP_REPORTED_ONLY].join(", ")}), CLS ≤ ${TARGET.cls}, no font downloaded by ${PHONE_FONT}, ` +
      `every locale's /posts JavaScript ≤ ${TARGET.postsJsBytes.toLocaleString("en")} bytes (${kib(TARGET.postsJsBytes)}) as a browser receives it (Brotli), no editor code on these pages.`,
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
    const posts = await postsPagesOf(origin);
    for (const [label, pagePath] of await pagesOf(origin, posts)) results.push(await measurePage(origin, label, pagePath, runs));
    if (posts.includes("/zh/posts")) {
      const env = await phoneChineseFont(path.join(dataDir, "phone-fonts"));
      results.push(await measurePage(origin, PHONE_FONT, "/zh/posts", runs, env));
    }
    const weights: PostsWeight[] = [];
    for (const label of posts) {
      const scripts = [...new Set(results.find((r) => r.label === label)!.runs.flatMap((run) => run.scripts))];
      // As a browser receives them: the build's stored Brotli copies.
      const bytes = (await Promise.all(scripts.map((url) => sentBytes(url)))).reduce((a, b) => a + b, 0);
      weights.push({ label, scripts: scripts.length, bytes });
    }
    misses = report(results, editor, weights);
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
