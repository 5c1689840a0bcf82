/**
 * The production topology on this machine (`npm run stack`): Caddy ending TLS before two instances
 * on PostgreSQL, Redis and S3-compatible storage, tried through the proxy as a browser would.
 * Runs on the PostgreSQL project only; needs Caddy (Debian's package) and Redis (TEST_REDIS_URL).
 */
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { Agent, fetch, type RequestInit, type Response } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, DEMO_SUPPLIERS } from "../../src/features/demo/server/demo";
import { cookieHeader } from "../support/auth";
import { biodataBody, multipart, samplePng } from "../support/biodata";
import { testDbKind } from "../support/database";
import { uniqueSgMobile } from "../support/notify";
import { startServer } from "../support/server-process";

const run = promisify(execFile);
const caddyInstalled = spawnSync("caddy", ["version"]).status === 0;
const enabled =
  testDbKind === "postgres" && Boolean(process.env.TEST_DATABASE_URL) && Boolean(process.env.TEST_REDIS_URL) && caddyInstalled;
if (testDbKind === "postgres" && !enabled)
  console.log("the stack: skipped, it needs TEST_DATABASE_URL, TEST_REDIS_URL and Caddy (apt-get install caddy)");

interface State {
  url: string;
  caFile: string;
  instances: { name: string; pid: number; port: number }[];
  pids: number[];
  s3: { port: number };
  database: { server: string; name: string };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The built server's memory as the system counts it: resident, threads included. */
function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024);
}

describe.skipIf(!enabled)("the stack: Caddy with TLS before two instances on PostgreSQL, Redis and S3", () => {
  let stackDir: string;
  let state: State;
  let agent: Agent;
  let env: NodeJS.ProcessEnv;
  let supplierCookie: string;

  const stack = (command: string, ...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "scripts/stack.ts", command, ...args], { env, timeout: 300_000 });
  const readState = async () => JSON.parse(await readFile(path.join(stackDir, "stack.json"), "utf8")) as State;
  /** A request through Caddy, trusting its local authority as a browser told to would. */
  const through = (pathname: string, init: RequestInit = {}) => fetch(`${state.url}${pathname}`, { ...init, dispatcher: agent });
  const servedBy = (response: Response) => response.headers.get("x-served-by")!;

  beforeAll(async () => {
    stackDir = await mkdtemp(path.join(os.tmpdir(), "dh-stack-"));
    const server = new URL(process.env.TEST_DATABASE_URL!);
    env = {
      ...process.env,
      STACK_DIR: stackDir,
      STACK_PORT: String(await freePort()),
      STACK_POSTGRES_URL: server.toString(),
      STACK_REDIS_URL: process.env.TEST_REDIS_URL,
    };
    await stack("up");
    state = await readState();
    agent = new Agent({ connect: { ca: readFileSync(state.caFile) } });
    const demo = DEMO_SUPPLIERS[0]!;
    const signedIn = await through("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: state.url },
      body: JSON.stringify({ email: demo.email, password: DEMO_PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    supplierCookie = cookieHeader(signedIn.headers.getSetCookie());
  }, 300_000);

  afterAll(async () => {
    if (stackDir) await stack("down", "--delete").catch((error: Error) => console.error(error.message));
    await agent?.close();
    await rm(stackDir, { recursive: true, force: true });
  }, 120_000);

  it("writes what it started: the address, Caddy's authority and each instance's own node process", () => {
    expect(state.url).toMatch(/^https:\/\/localhost:\d+$/);
    expect(state.instances).toHaveLength(2);
    for (const instance of state.instances) {
      expect(readFileSync(`/proc/${instance.pid}/cmdline`, "utf8")).toContain("dist/server.js");
      expect(state.pids).toContain(instance.pid);
    }
  });

  it("serves pages over TLS from both instances, each naming itself", async () => {
    const names = new Set<string>();
    for (let index = 0; index < 6; index++) {
      const page = await through("/posts");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("helpers");
      names.add(servedBy(page));
    }
    expect([...names].sort()).toEqual(state.instances.map((instance) => instance.name).sort());
  });

  it("takes a form posted from the https origin, and a session made on one instance works on the other", async () => {
    const gate = await through("/filters", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: state.url },
      body: new URLSearchParams({ name: "Proxied Family", phone: uniqueSgMobile().typed }).toString(),
      redirect: "manual",
    });
    expect(gate.status).toBeLessThan(400);
    expect(gate.headers.getSetCookie().join(";")).toMatch(/visitor=/);

    const names = new Set<string>();
    for (let index = 0; index < 4; index++) {
      const mine = await through("/api/me/helpers", { headers: { cookie: supplierCookie } });
      expect(mine.status).toBe(200);
      names.add(servedBy(mine));
    }
    expect(names.size).toBe(2);
  });

  it("shows a biodata saved on one instance on the other's page within a second", async () => {
    const photo = multipart([{ name: "file", filename: "photo.png", contentType: "image/png", data: await samplePng(300, 400) }]);
    const uploaded = await through("/api/uploads", {
      method: "POST",
      headers: { ...photo.headers, cookie: supplierCookie, origin: state.url },
      body: new Uint8Array(photo.payload),
    });
    expect(uploaded.status).toBe(201);
    const { key } = (await uploaded.json()) as { key: string };
    // Both instances hold the newest helpers' listing in their caches before the save.
    const newest = (port: number) => [
      `http://127.0.0.1:${port}/api/helpers?sort=newest&pageSize=5`,
      `http://127.0.0.1:${port}/posts?sort=newest`,
    ];
    for (const instance of state.instances) for (const url of newest(instance.port)) expect((await fetch(url)).status).toBe(200);
    const saved = await through("/api/helpers", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: supplierCookie, origin: state.url },
      body: JSON.stringify(biodataBody({ name: "Proxied Priya", photo: key })),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const other = state.instances.find((instance) => instance.name !== servedBy(saved))!;
    const started = Date.now();
    let shown = { listed: false, paged: false };
    while (!(shown.listed && shown.paged) && Date.now() - started < 1000) {
      shown = {
        listed: shown.listed || (await (await fetch(newest(other.port)[0]!)).text()).includes(id),
        paged: shown.paged || (await (await fetch(newest(other.port)[1]!)).text()).includes("Proxied Priya"),
      };
      if (!(shown.listed && shown.paged)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(shown).toEqual({ listed: true, paged: true });
  });

  it("passes server-sent events through unbuffered: a message posted on one instance reaches a stream held on the other in under a second", async () => {
    const mine = (await (await through("/api/me/helpers", { headers: { cookie: supplierCookie } })).json()) as {
      items: { id: string; status: string }[];
    };
    const helper = mine.items.find((item) => item.status === "available") ?? mine.items[0]!;
    const form = { "content-type": "application/x-www-form-urlencoded", origin: state.url };
    const gate = await through("/filters", {
      method: "POST",
      headers: form,
      body: new URLSearchParams({ name: "Streaming Family", phone: uniqueSgMobile().typed }).toString(),
      redirect: "manual",
    });
    const visitor = cookieHeader(gate.headers.getSetCookie());
    const started = await through(`/posts/${helper.id}/message`, {
      method: "POST",
      headers: { ...form, cookie: visitor },
      body: new URLSearchParams({ body: "Hello, is she free in March?", email: "" }).toString(),
      redirect: "manual",
    });
    expect(started.status).toBe(302);
    const id = started.headers.get("location")!.split("/").pop()!;
    const family = `${visitor}; ${cookieHeader(started.headers.getSetCookie())}`;

    const stream = await through(`/api/conversations/${id}/events`, { headers: { cookie: supplierCookie } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const holder = servedBy(stream);
    const reader = stream.body!.getReader();
    let text = "";
    const until = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}`);
        text += new TextDecoder().decode(value);
      }
    };
    await until("Hello, is she free in March?");
    // Round robin: of two posts in a row, one lands on the other instance.
    let delay = Number.POSITIVE_INFINITY;
    for (let index = 0; index < 4 && !Number.isFinite(delay); index++) {
      const body = `Are weekends off fine? (${index})`;
      const sent = Date.now();
      const posted = await through(`/api/conversations/${id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: family, origin: state.url },
        body: JSON.stringify({ body }),
      });
      expect(posted.status).toBe(201);
      await until(body);
      if (servedBy(posted) !== holder) delay = Date.now() - sent;
    }
    await reader.cancel();
    expect(delay).toBeLessThan(1000);
  });

  /** Requests through Caddy from `workers` loops until `stop` resolves; what failed is counted. */
  async function underLoad(stop: Promise<unknown>, workers = 6) {
    let done = false;
    const ids = ((await (await through("/api/helpers?pageSize=20")).json()) as { items: { id: string }[] }).items.map((item) => item.id);
    const paths = ["/posts", "/api/helpers?page=2", ...ids.slice(0, 5).map((id) => `/posts/${id}`), "/zh/posts"];
    const tally = { total: 0, failed: 0, failures: [] as string[], names: new Set<string>() };
    const loop = async (worker: number) => {
      for (let index = worker; !done; index++) {
        const target = paths[index % paths.length]!;
        tally.total++;
        try {
          const answer = await through(target);
          await answer.arrayBuffer();
          if (answer.status !== 200) {
            tally.failed++;
            tally.failures.push(`${target}: ${answer.status}`);
          } else tally.names.add(servedBy(answer));
        } catch (error) {
          tally.failed++;
          tally.failures.push(`${target}: ${(error as Error).message}`);
        }
      }
    };
    const loops = Array.from({ length: workers }, (_, worker) => loop(worker));
    await stop;
    done = true;
    await Promise.all(loops);
    return tally;
  }

  it("restarts the instances one at a time under load without a failed request", { timeout: 300_000 }, async () => {
    const before = state.instances.map((instance) => instance.pid);
    const began = Date.now();
    // At least 20 s of load, the rolling restart inside it.
    const restarted = stack("restart");
    const tally = await underLoad(Promise.all([restarted, new Promise((resolve) => setTimeout(resolve, 20_000))]));
    state = await readState();
    console.log(`rolling restart: ${tally.total} requests in ${Date.now() - began} ms, ${tally.failed} failed`, tally.failures);
    expect(tally.failures).toEqual([]);
    expect(tally.total).toBeGreaterThan(100);
    for (const pid of before) expect(state.instances.map((instance) => instance.pid)).not.toContain(pid);
    expect([...tally.names]).toEqual(expect.arrayContaining(state.instances.map((instance) => instance.name)));
    for (const instance of state.instances) console.log(`${instance.name}: ${residentMb(instance.pid)} MB resident after the load`);
  });

  it("loses under 1% of requests when one instance is killed with SIGKILL, Caddy trying the other", { timeout: 120_000 }, async () => {
    const victim = state.instances[0]!;
    const killed = new Promise((resolve) => setTimeout(resolve, 2_000)).then(() => process.kill(victim.pid, "SIGKILL"));
    const tally = await underLoad(Promise.all([killed, new Promise((resolve) => setTimeout(resolve, 10_000))]));
    console.log(`kill -9: ${tally.total} requests, ${tally.failed} failed`, tally.failures.slice(0, 5));
    expect(tally.total).toBeGreaterThan(100);
    expect(tally.failed / tally.total).toBeLessThan(0.01);
    // The stack heals: a restart replaces the dead instance too.
    await stack("restart");
    state = await readState();
    const names = new Set<string>();
    for (let index = 0; index < 4; index++) names.add(servedBy(await through("/readyz")));
    expect(names.size).toBe(2);
  });

  it("restores a backup taken from the stack into a fresh database, and serves it", { timeout: 180_000 }, async () => {
    const source = new URL(state.database.server);
    source.pathname = `/${state.database.name}`;
    const dump = path.join(stackDir, "stack.dump");
    await run("pg_dump", ["--format=custom", "--no-owner", `--file=${dump}`, source.toString()]);
    const fresh = `dh_stack_restored_${process.pid}`;
    const admin = new pg.Client({ connectionString: state.database.server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${fresh}`);
    const target = new URL(state.database.server);
    target.pathname = `/${fresh}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-restored-"));
    try {
      await run("pg_restore", ["--no-owner", `--dbname=${target.toString()}`, dump]);
      const secrets = JSON.parse(await readFile(path.join(stackDir, "secrets.json"), "utf8")) as Record<string, string>;
      const restored = await startServer({
        DATABASE_URL: target.toString(),
        DATA_DIR: dataDir,
        SEED_DEMO: "false",
        // The stack's address: its session cookies carry the name an https site gives them.
        PUBLIC_URL: state.url,
        AUTH_SECRET: secrets.AUTH_SECRET!,
        S3_ENDPOINT: `http://127.0.0.1:${state.s3.port}`,
        S3_BUCKET: "direct-helpers",
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
      });
      try {
        const live = (await (await through("/api/helpers?pageSize=1")).json()) as { total: number; items: { id: string; photo: string }[] };
        const copy = (await (await fetch(`${restored.url}/api/helpers?pageSize=1`)).json()) as { total: number; items: { id: string }[] };
        expect(copy.total).toBe(live.total);
        const page = await fetch(`${restored.url}/posts/${live.items[0]!.id}`);
        expect(page.status).toBe(200);
        const photo = /<img[^>]+src="(\/media\/[^"]+)"/.exec(await page.text())?.[1];
        expect(photo).toBeTruthy();
        expect((await fetch(`${restored.url}${photo}`)).status).toBe(200);
        // The session signed on the stack holds on the copy: accounts and secrets came with it.
        expect((await fetch(`${restored.url}/api/me/helpers`, { headers: { cookie: supplierCookie } })).status).toBe(200);
      } finally {
        await restored.stop();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
      await admin.end();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
