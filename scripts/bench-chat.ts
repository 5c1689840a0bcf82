/**
 * npm run bench:chat -- [--streams 2000] [--rate 50] [--duration 20] [--connections 50] [--rounds 2]
 *
 * Conversations under load, on the EXISTING production build (`npm run build` first): two
 * instances of the site (bench-pages-site.ts) on one fresh PostgreSQL database. Half the streams
 * are families' on instance A, half their supplier's on instance B, one conversation each pair.
 * Families post `--rate` messages a second through A; for `--duration` seconds each message's
 * delivery is timed from just before its POST to its arrival on the supplier's stream on B
 * (LISTEN/NOTIFY between the instances). Then, messages still flowing, /posts and its same-bytes
 * ceiling are loaded on A as bench:load does, and their ratio is compared with the ratio
 * measured before any stream was open. Every message posted must arrive once.
 * Targets: every message delivered once, p99 under 250 ms; /posts's ratio within 10% of before.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { DEFAULT_POSTGRES_URL, freshPostgres, postgresReachable } from "./bench-database";
import { runRounds, type LoadResult } from "./bench-load";
import { startSiteProcess, stopSiteProcess, type SiteProcess } from "./bench-pages-site";
import { positiveOption } from "./bench-args";
import { chatFamilies, conversations } from "../src/features/conversations/server/tables";
import { helpers } from "../src/features/helpers/server/tables";
import { user } from "../src/features/accounts/server/tables";
import { visitors } from "../src/features/leads/server/tables";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "2000" },
    rate: { type: "string", default: "50" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
  },
});
const positive = (name: keyof typeof args) => positiveOption(name, args[name]);
const streamCount = positive("streams");
const rate = positive("rate");
const duration = positive("duration");
const connections = positive("connections");
const rounds = positive("rounds");
const pairs = Math.ceil(streamCount / 2);
const BROWSER = { "accept-encoding": "br, gzip" };
const TARGETS = { p99: 250, ratio: 0.9 };
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const PASSWORD = "bench chat password 1";

/** An open stream: counts what arrives, and calls `onMessage` with each message's body. */
function openStream(url: string, cookie: string, onMessage: (body: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { cookie, accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(event)?.[1];
          if (data?.startsWith('{"kind":"message"')) onMessage((JSON.parse(data) as { message: { body: string } }).message.body);
        }
      });
      resolve(request);
    });
    request.on("error", reject);
  });
}

async function pagesRatio(origin: string): Promise<{ page: LoadResult; ceiling: LoadResult; ratio: number }> {
  const pageUrl = `${origin}/posts`;
  const ceilingUrl = `${origin}/__bench/ceiling?path=${encodeURIComponent("/posts")}`;
  const [ceiling, page] = (await runRounds([ceilingUrl, pageUrl], {
    connections,
    durationSeconds: duration,
    rounds,
    headers: BROWSER,
    workers: 2,
  })) as [LoadResult, LoadResult];
  return { page, ceiling, ratio: page.requestsPerSecond / ceiling.requestsPerSecond };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES_URL;
  const reachable = await postgresReachable(serverUrl);
  if (reachable !== true) throw new Error(`bench:chat needs PostgreSQL (BENCH_DATABASE_URL): ${reachable}`);
  const database = await freshPostgres(serverUrl);
  const dataDirs = [await mkdtemp(path.join(os.tmpdir(), "dh-chat-a-")), await mkdtemp(path.join(os.tmpdir(), "dh-chat-b-"))];
  const sites: SiteProcess[] = [];
  const streams: http.ClientRequest[] = [];
  try {
    process.env.BENCH_DATABASE_URL = database.url;
    await database.handle.migrate();
    sites.push(startSiteProcess(buildDir, dataDirs[0]!));
    const a = await sites[0]!.ready;
    process.env.BENCH_SKIP_SEED = "1";
    sites.push(startSiteProcess(buildDir, dataDirs[1]!));
    const b = await sites[1]!.ready;
    delete process.env.BENCH_SKIP_SEED;
    console.log(`instances: A ${a}, B ${b}; ${os.cpus().length} CPUs, Node ${process.version}`);

    const before = await pagesRatio(a);
    console.log(`/posts before: ${Math.round(before.page.requestsPerSecond)} req/s, ${Math.round(before.ratio * 100)}% of its ceiling`);

    // The supplier signs up on A; conversations, families and their keys are written directly.
    const email = `bench-${Date.now()}@example.com`;
    const auth = (route: string, body: object) =>
      fetch(`${a}/api/auth/${route}`, {
        method: "POST",
        // The bench site keeps the default public address, which better-auth checks the origin against.
        headers: { "content-type": "application/json", origin: "http://127.0.0.1:3000" },
        body: JSON.stringify(body),
      });
    const signUp = await auth("sign-up/email", { name: "Bench Agency", email, password: PASSWORD });
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    const signIn = await auth("sign-in/email", { email, password: PASSWORD });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const supplierCookie = signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const db = database.handle.db;
    const [supplier] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const helperIds = (await db.select({ id: helpers.id }).from(helpers).limit(500)).map((row) => row.id);
    const families: { conversationId: string; cookie: string }[] = [];
    for (let start = 0; start < pairs; start += 500) {
      const batch = Array.from({ length: Math.min(500, pairs - start) }, (_, i) => ({
        key: randomBytes(32).toString("base64url"),
        phone: `+6581${String(start + i).padStart(6, "0")}`,
      }));
      const leads = await db
        .insert(visitors)
        .values(batch.map((family) => ({ name: "Bench Family", phone: family.phone })))
        .returning({ id: visitors.id });
      const rows = await db
        .insert(chatFamilies)
        .values(
          batch.map((family, i) => ({
            leadId: leads[i]!.id,
            name: "Bench Family",
            keyHash: createHash("sha256").update(family.key).digest("hex"),
          })),
        )
        .returning({ id: chatFamilies.id });
      const made = await db
        .insert(conversations)
        .values(
          rows.map((row, i) => ({ familyId: row.id, helperId: helperIds[(start + i) % helperIds.length]!, supplierId: supplier!.id })),
        )
        .returning({ id: conversations.id });
      made.forEach((row, i) => families.push({ conversationId: row.id, cookie: `conversations=${batch[i]!.key}` }));
    }

    // The streams: each family's on A, the supplier's of the same conversation on B.
    const sentAt = new Map<string, number>();
    const deliveries: number[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    const opened = Date.now();
    for (let i = 0; i < families.length; i += 100) {
      await Promise.all(
        families.slice(i, i + 100).flatMap((family) => [
          openStream(`${a}/api/conversations/${family.conversationId}/events`, family.cookie, () => undefined).then((s) => streams.push(s)),
          openStream(`${b}/api/conversations/${family.conversationId}/events`, supplierCookie, (body) => {
            const at = sentAt.get(body);
            if (at === undefined) return;
            if (seen.has(body)) duplicates += 1;
            else {
              seen.add(body);
              deliveries.push(performance.now() - at);
            }
          }).then((s) => streams.push(s)),
        ]),
      );
    }
    console.log(`${streams.length} streams open in ${((Date.now() - opened) / 1000).toFixed(1)} s`);

    // Families post at `rate` a second, round the conversations, while /posts is measured on A.
    let sent = 0;
    let refused = 0;
    const posting = setInterval(() => {
      const family = families[sent % families.length]!;
      const body = `bench message ${sent++}`;
      sentAt.set(body, performance.now());
      void fetch(`${a}/api/conversations/${family.conversationId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: family.cookie },
        body: JSON.stringify({ body }),
      }).then(
        (answer) => {
          if (answer.status !== 201) refused += 1;
        },
        () => (refused += 1),
      );
    }, 1000 / rate);
    // Delivery is timed with the messages alone: under the listing's saturating load a POST
    // waits its turn behind /posts, which would time the queue, not the delivery.
    await new Promise((resolve) => setTimeout(resolve, duration * 1000));
    const timed = [...deliveries];
    const during = await pagesRatio(a);
    clearInterval(posting);
    await new Promise((resolve) => setTimeout(resolve, 5000));

    const sorted = timed.sort((x, y) => x - y);
    const p99 = percentile(sorted, 99);
    const lost = sent - refused - deliveries.length;
    const change = during.ratio / before.ratio;
    console.log(
      `\n| measure | value |\n| --- | --- |\n` +
        `| streams open (A: families, B: supplier) | ${streams.length} |\n` +
        `| messages posted on A (${rate}/s) | ${sent} (refused ${refused}) |\n` +
        `| delivered on B | ${deliveries.length} (lost ${lost}, repeated ${duplicates}) |\n` +
        `| delivery timed (messages alone, ${duration} s) | ${sorted.length} |\n` +
        `| delivery p50 / p99 / max ms | ${percentile(sorted, 50).toFixed(0)} / ${p99.toFixed(0)} / ${(sorted.at(-1) ?? NaN).toFixed(0)} |\n` +
        `| /posts before: req/s, % of ceiling, p99 ms | ${Math.round(before.page.requestsPerSecond)}, ${Math.round(before.ratio * 100)}%, ${before.page.p99.toFixed(0)} |\n` +
        `| /posts during: req/s, % of ceiling, p99 ms | ${Math.round(during.page.requestsPerSecond)}, ${Math.round(during.ratio * 100)}%, ${during.page.p99.toFixed(0)} |\n` +
        `| ratio during / before | ${Math.round(change * 100)}% |\n`,
    );
    const missed = [
      p99 >= TARGETS.p99 ? `delivery p99 ${p99.toFixed(0)} ms ≥ ${TARGETS.p99}` : "",
      lost > 0 || duplicates > 0 || refused > 0 ? "messages refused, lost or repeated" : "",
      change < TARGETS.ratio ? `/posts ratio fell to ${Math.round(change * 100)}% of before` : "",
    ].filter(Boolean);
    console.log(missed.length ? `Missed: ${missed.join("; ")}` : "Targets met.");
    if (missed.length) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.destroy();
    await Promise.all(sites.map((site) => stopSiteProcess(site.child)));
    await database.dispose();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}

await main();
