/**
 * npm run bench:memory -- [--pages 10000] [--pdfs 200] [--uploads 20] [--idle-seconds 10]
 *
 * The resident memory of `npm start` as a small agency runs it: the EXISTING production build
 * (`npm run build` first), the embedded database, the demo data, one process. The site is
 * started once to write the demo, stopped, and started again on the same data folder, as every
 * start after the first is; then its resident memory (VmRSS of the node process, its threads
 * included, from /proc) is read:
 *   - idle, once it has served its first page and sat for 20 seconds;
 *   - after `--pages` page requests (the listing in both family languages, every biodata, the
 *     suppliers, searches), ten at a time;
 *   - after `--pdfs` biodata PDFs, two at a time (every helper in English and Chinese, then again);
 *   - after a burst of `--uploads` photo uploads by a demo supplier (the site's limit a minute);
 *   - idle again, 20 seconds after the PDF workers have stopped (PDF_IDLE_SECONDS is set to
 *     `--idle-seconds` for the run, so it ends in seconds rather than a minute).
 * The peak (VmHWM) is printed beside each, and how long the second start took to answer its
 * first page (/posts), from the moment the process was started.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { positiveOption } from "./bench-args";

const { values: args } = parseArgs({
  options: {
    pages: { type: "string", default: "10000" },
    pdfs: { type: "string", default: "200" },
    uploads: { type: "string", default: "20" },
    "idle-seconds": { type: "string", default: "10" },
  },
});
const pages = positiveOption("pages", args.pages);
const pdfs = positiveOption("pdfs", args.pdfs);
const uploads = positiveOption("uploads", args.uploads);
const idleSeconds = positiveOption("idle-seconds", args["idle-seconds"]);

const serverEntry = path.resolve("dist/server.js");
const DEMO_PASSWORD = "demo-password";
const DEMO_SUPPLIER = "goldenbridge@demo.directhelpers.sg";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resident and peak memory of a process, in MiB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kib("VmRSS") / 1024, peak: kib("VmHWM") / 1024 };
}

interface Site {
  child: ChildProcess;
  origin: string;
}

async function start(dataDir: string, port: number): Promise<Site> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--max-semi-space-size=4", serverEntry], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      PDF_IDLE_SECONDS: String(idleSeconds),
      ...(process.env.MALLOC_ARENA_MAX ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX } : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<never>((_resolve, reject) =>
    child.once("exit", (code) => reject(new Error(`the site stopped before it served (exit code ${code})`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${origin}/readyz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  await Promise.race([ready, exited]);
  return { child, origin };
}

async function stop(site: Site): Promise<void> {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((resolve) => site.child.once("exit", resolve));
  site.child.kill("SIGTERM");
  await exited;
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return body;
}

/** Runs `work` over `items`, `lanes` at a time. */
async function inLanes<T>(items: T[], lanes: number, work: (item: T) => Promise<unknown>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Every listed helper's id, a page of 60 (the API's largest) at a time. */
async function helperIds(origin: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const listed = JSON.parse((await get(`${origin}/api/helpers?pageSize=60&page=${page}`)).toString()) as { items: { id: string }[] };
    ids.push(...listed.items.map((item) => item.id));
    if (listed.items.length < 60) return ids;
  }
}

function pagesToAsk(origin: string, ids: string[]): string[] {
  const searches = ["Myanmar", "cooking", "dementia", "Tagalog", "infant care", "Muslim", "Mandarin", "baking"];
  const kinds = [
    "/posts",
    "/zh/posts",
    "/authors",
    "/",
    "/zh",
    ...ids.map((id) => `/posts/${id}`),
    ...ids.map((id) => `/zh/posts/${id}`),
    ...searches.map((q) => `/posts?q=${encodeURIComponent(q)}`),
    ...[2, 3].map((page) => `/posts?page=${page}`),
  ];
  return Array.from({ length: pages }, (_, n) => `${origin}${kinds[n % kinds.length]}`);
}

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: DEMO_SUPPLIER, password: DEMO_PASSWORD }),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`signing in answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A phone camera's photo: 3,000 × 4,000 pixels of noise as a JPEG (several megabytes). */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 4000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i += 97) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels.fill(state & 0xff, i, Math.min(i + 97, pixels.length));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function uploadBurst(origin: string, cookie: string): Promise<number> {
  const photos = await Promise.all(Array.from({ length: uploads }, (_, n) => cameraPhoto(n + 1)));
  let stored = 0;
  await inLanes(photos, 4, async (photo) => {
    const form = new FormData();
    form.append("purpose", "helper");
    form.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
    const response = await fetch(`${origin}/api/uploads`, { method: "POST", headers: { cookie, origin }, body: form });
    await response.arrayBuffer();
    if (response.status === 201) stored += 1;
    else if (response.status !== 429) throw new Error(`an upload answered ${response.status}`);
  });
  return stored;
}

const rows: string[][] = [];
function record(what: string, site: Site) {
  const { rss, peak } = memoryOf(site.child.pid!);
  rows.push([what, rss.toFixed(0), peak.toFixed(0)]);
  console.log(`${what}: ${rss.toFixed(0)} MiB resident (peak so far ${peak.toFixed(0)} MiB)`);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-memory-"));
let site: Site | undefined;
try {
  const port = await freePort();
  console.log("writing the demo data (first start)…");
  await stop(await start(dataDir, port));

  const restarted = Date.now();
  site = await start(dataDir, port);
  await get(`${site.origin}/posts`);
  const firstPage = (Date.now() - restarted) / 1000;
  console.log(`second start: the first page answered ${firstPage.toFixed(1)} s after the process was started`);
  const ids = await helperIds(site.origin);
  // Idle as a site is between visitors: long enough for V8 to give back what the start left.
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  record("idle, demo data", site);

  const started = Date.now();
  await inLanes(pagesToAsk(site.origin, ids), 10, (url) => get(url, { "accept-encoding": "br" }));
  console.log(`  ${pages} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  record(`after ${pages} page requests`, site);

  const pdfUrls = Array.from({ length: pdfs }, (_, n) => {
    const id = ids[n % ids.length]!;
    const zh = Math.floor(n / ids.length) % 2 === 1;
    return `${site!.origin}/posts/${id}/biodata.pdf${zh ? "?lang=zh" : ""}`;
  });
  await inLanes(pdfUrls, 2, (url) => get(url));
  record(`after ${pdfs} PDFs`, site);

  const stored = await uploadBurst(site.origin, await signIn(site.origin));
  record(`after a burst of ${uploads} uploads (${stored} stored)`, site);

  await new Promise((resolve) => setTimeout(resolve, (idleSeconds + 20) * 1000));
  record(`idle again, ${idleSeconds + 20} s later (PDF workers stopped)`, site);

  console.log("\n| moment | resident MiB | peak MiB |\n|---|---:|---:|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log(`\nsecond start to first page: ${firstPage.toFixed(1)} s`);
} finally {
  if (site) await stop(site);
  await rm(dataDir, { recursive: true, force: true });
}
