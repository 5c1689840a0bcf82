/**
 * npm run bench:writes -- [--helpers 50000] [--connections 200] [--duration 30]
 *
 * What one supplier saving as fast as the site lets them costs every visitor. On the EXISTING
 * production build (`npm run build` first), served in a process of its own (bench-pages-site.ts)
 * on a fresh embedded database with demo helpers, autocannon measures /posts as a browser asks
 * for it (Accept-Encoding: br, gzip), at the load benchmark's connections:
 *
 * 1. idle, next to the same bytes answered with no work at all (the ceiling);
 * 2. again, while a client signed in as one demo supplier saves one of its listed biodata (a new
 *    salary each time) one request after another, as fast as answers come back, counting the
 *    saves taken (2xx) and refused (429);
 * 3. after a minute's pause (the refusals count against the account's minute too), again while
 *    the supplier saves as often as it is allowed: each refusal's Retry-After waited out first,
 *    so the saves taken are as many as the limit lets through.
 *
 * Prints the p99s and their ratios to the idle one; the target is a p99 under writes within
 * twice the idle one in both runs.
 * Exits with 1 when it is missed or a request failed.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from "../src/features/demo/server/demo";
import { runLoad, type LoadResult } from "./bench-load";
import { startSiteProcess, stopSiteProcess } from "./bench-pages-site";
import { positiveOption } from "./bench-args";

const { values: args } = parseArgs({
  options: {
    helpers: { type: "string", default: "50000" },
    connections: { type: "string", default: "200" },
    duration: { type: "string", default: "30" },
  },
});

const positive = (name: keyof typeof args) => positiveOption(name, args[name]);
const helperCount = positive("helpers");
const connections = positive("connections");
const duration = positive("duration");

/** The p99 under writes may be at most this many times the idle one. */
const TARGET_RATIO = 2;
const BROWSER = { "accept-encoding": "br, gzip" };
const PAGE_CLIENT_WORKERS = 2;
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

interface Saves {
  taken: number;
  refused: number;
  other: number;
}

/** The site's own address as the benchmark's server is configured (it listens on another port). */
const SITE_ORIGIN = "http://127.0.0.1:3000";

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE_ORIGIN },
    body: JSON.stringify({ email: DEMO_SUPPLIERS[0]!.email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/**
 * Saves the biodata one request after another until told to stop: as fast as answers come back
 * (a client ignoring the limit), or waiting out each refusal's Retry-After first (a client saving
 * as often as it is allowed, so more of its saves are taken).
 */
function saveAsFastAsAllowed(
  origin: string,
  cookie: string,
  id: string,
  { waitOutRefusals }: { waitOutRefusals: boolean },
): { stop(): Promise<Saves> } {
  const saves: Saves = { taken: 0, refused: 0, other: 0 };
  let running = true;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const response = await fetch(`${origin}/api/helpers/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie, origin: SITE_ORIGIN },
        body: JSON.stringify({ salary: 600 + (n % 400) }),
      });
      await response.arrayBuffer();
      if (response.ok) saves.taken += 1;
      else if (response.status === 429) {
        saves.refused += 1;
        if (waitOutRefusals) await pause(Number(response.headers.get("retry-after") ?? 1) * 1000);
      } else saves.other += 1;
    }
  })();
  return {
    async stop() {
      running = false;
      wake?.();
      await loop;
      return saves;
    },
  };
}

function row(name: string, result: LoadResult, extra = ""): string {
  const cells = [
    name,
    Math.round(result.requestsPerSecond).toLocaleString("en"),
    result.p50.toFixed(0),
    result.p99.toFixed(0),
    String(result.failures),
    extra,
  ];
  return `| ${cells.join(" | ")} |`;
}

async function main() {
  const cpus = os.cpus();
  console.log(
    `${helperCount} helpers; /posts at ${connections} connections, ${duration} s a measurement; ` +
      `Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? "cpu"}`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-writes-"));
  process.env.BENCH_HELPERS = String(helperCount);
  const site = startSiteProcess(buildDir, dataDir);
  try {
    const origin = await site.ready;
    const cookie = await signIn(origin);
    const own = (await (await fetch(`${origin}/api/me/helpers`, { headers: { cookie } })).json()) as {
      items: { id: string; status: string }[];
    };
    const listed = own.items.find((item) => item.status === "available");
    if (!listed) throw new Error("the demo supplier has no listed biodata");

    const pageUrl = `${origin}/posts`;
    const ceilingUrl = `${origin}/__bench/ceiling?path=${encodeURIComponent("/posts")}`;
    const load = (url: string, seconds = duration) =>
      runLoad({ url, connections, durationSeconds: seconds, headers: BROWSER, workers: PAGE_CLIENT_WORKERS });
    // Warm-up: the page kept, the connections' first burst out of the way.
    for (const url of [ceilingUrl, pageUrl]) await load(url, 3);
    const ceiling = await load(ceilingUrl);
    const idle = await load(pageUrl);
    const underWrites = async (waitOutRefusals: boolean) => {
      const writer = saveAsFastAsAllowed(origin, cookie, listed.id, { waitOutRefusals });
      const result = await load(pageUrl);
      return { result, saves: await writer.stop() };
    };
    const hammering = await underWrites(false);
    // The per-minute count of the hammering client runs out before the polite one starts.
    await new Promise((resolve) => setTimeout(resolve, 61_000));
    const polite = await underWrites(true);

    console.log("\n| /posts | req/s | p50 ms | p99 ms | errors | |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    console.log(row("ceiling (same bytes, no work)", ceiling));
    console.log(row("idle", idle));
    const runs = [
      ["one supplier saving, ignoring refusals", hammering],
      ["one supplier saving, waiting out each refusal", polite],
    ] as const;
    const ratios = runs.map(([name, { result }]) => {
      const ratio = result.p99 / Math.max(idle.p99, 1);
      console.log(row(name, result, `p99 ${ratio.toFixed(2)}× idle`));
      return ratio;
    });
    for (const [name, { saves }] of runs) {
      console.log(
        `\nSaves (${name}): ${saves.taken} taken (2xx), ${saves.refused} refused (429)` +
          `${saves.other ? `, ${saves.other} other answers` : ""}; ${((saves.taken + saves.refused) / duration).toFixed(1)} a second asked.`,
      );
    }
    const met =
      Math.max(...ratios) <= TARGET_RATIO &&
      idle.failures === 0 &&
      runs.every(([, { result, saves }]) => result.failures === 0 && saves.other === 0);
    console.log(`Target: p99 while one supplier saves within ${TARGET_RATIO}× the idle p99, no errors: ${met ? "met" : "MISSED"}.`);
    if (!met) process.exitCode = 1;
  } finally {
    await stopSiteProcess(site.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
