/**
 * The site as many instances: two processes of the built server (dist/server.js) on one
 * PostgreSQL database, one S3-compatible server and Redis, as a load balancer would use them.
 * Runs on the PostgreSQL project only (it needs TEST_DATABASE_URL) and needs Redis
 * (TEST_REDIS_URL; CI starts one when none answers).
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../src/features/notifications/server/tables";
import { signUpOverHttp } from "../support/auth";
import { biodataBody, multipart, samplePng } from "../support/biodata";
import { createTestDatabase, testDbKind, type TestDatabase } from "../support/database";
import { startS3Server, type TestS3 } from "../support/s3-server";
import { startServer, type ServerProcess } from "../support/server-process";

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const PUBLIC_URL = "http://localhost:3000";

async function redisAnswers(): Promise<boolean> {
  const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

const enabled = testDbKind === "postgres" && Boolean(process.env.TEST_DATABASE_URL) && (await redisAnswers());
if (testDbKind === "postgres" && !enabled) console.log(`many instances: skipped, no Redis at ${redisUrl} (set TEST_REDIS_URL)`);

/** A Singapore mobile number of its own for every lead. */
let nextPhone = 90_000_000 + Math.floor(Math.random() * 5_000_000);
const phone = () => String(nextPhone++);
// Random, as Redis keeps the counts of earlier runs for a minute.
let nextAddress = 1 + Math.floor(Math.random() * 0xfff000);
/** A client address of its own (the instances trust one proxy hop, as behind Caddy). */
const address = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

describe.skipIf(!enabled)("the site as two instances on PostgreSQL, S3 and Redis", () => {
  let database: TestDatabase;
  let s3: TestS3;
  const dataDirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let supplierCookie: string;

  async function start(): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-instance-"));
    dataDirs.push(dataDir);
    return startServer({
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      ...s3.env,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      AUTH_SECRET: "many-instances-share-one-secret-0123456789",
      TRUST_PROXY: "1",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
    });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server("many-instances");
    [a, b] = await Promise.all([start(), start()]);
    supplierCookie = await signUpOverHttp(a.url, PUBLIC_URL, {
      name: "Two Instances Agency",
      email: `two-${Date.now()}@example.com`,
      password: "correct horse battery",
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.close();
    await database?.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it("a session made on A works on B", async () => {
    const mine = await fetch(`${b.url}/api/me/helpers`, { headers: { cookie: supplierCookie } });
    expect(mine.status).toBe(200);
    const stranger = await fetch(`${b.url}/api/me/helpers`);
    expect(stranger.status).toBe(401);
  });

  it("a biodata saved on A is on B's cached listing and cached page within a second", async () => {
    // B has both cached before the change.
    await fetch(`${b.url}/api/helpers`);
    await fetch(`${b.url}/posts`);
    const saved = await fetch(`${a.url}/api/helpers`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: supplierCookie, origin: PUBLIC_URL },
      body: JSON.stringify(biodataBody({ name: "Seen Everywhere Siti", photo: (await uploadThroughA()).key })),
    });
    expect(saved.status).toBe(201);
    const started = Date.now();
    let listed = false;
    let paged = false;
    while (Date.now() - started < 1000 && !(listed && paged)) {
      listed ||= (await (await fetch(`${b.url}/api/helpers`)).text()).includes("Seen Everywhere Siti");
      paged ||= (await (await fetch(`${b.url}/posts`)).text()).includes("Seen Everywhere Siti");
      if (!(listed && paged)) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect({ listed, paged }).toEqual({ listed: true, paged: true });
  });

  /** A photo uploaded through A as the supplier (a published biodata needs one). */
  async function uploadThroughA(): Promise<{ status: number; key: string; url: string }> {
    const body = multipart([{ name: "file", filename: "photo.png", contentType: "image/png", data: await samplePng(300, 400) }]);
    const uploaded = await fetch(`${a.url}/api/uploads`, {
      method: "POST",
      headers: { ...body.headers, cookie: supplierCookie, origin: PUBLIC_URL },
      body: new Uint8Array(body.payload),
    });
    return { status: uploaded.status, ...((await uploaded.json()) as { key: string; url: string }) };
  }

  it("a photo uploaded through A is served by B", async () => {
    const uploaded = await uploadThroughA();
    expect(uploaded.status).toBe(201);
    const { url } = uploaded;
    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it("the lead rate limit is one limit across both instances", async () => {
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await postLead(i % 2 === 0 ? a : b, from);
      statuses.push(response.status);
    }
    // DEFAULT_LEAD_LIMITS: ten a minute per address, counted together.
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("500 leads sent to A and B in turn give 500 notifications, each delivered once", async () => {
    const phones: string[] = [];
    for (let batch = 0; batch < 25; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const number = phone();
          const response = await postLead(i % 2 === 0 ? a : b, address(), number);
          expect(response.status).toBe(201);
          phones.push(number);
        }),
      );
    }
    const ours = (files: { text: string }[]) => files.filter((file) => phones.some((number) => file.text.includes(number)));
    const started = Date.now();
    let fresh = ours(await deliveredFiles());
    while (fresh.length < 500 && Date.now() - started < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      fresh = ours(await deliveredFiles());
    }
    expect(fresh).toHaveLength(500);
    for (const number of phones)
      expect(
        fresh.filter((file) => file.text.includes(number)),
        number,
      ).toHaveLength(1);
  }, 120_000);

  it("stopping A with SIGTERM under load loses no request B could take and no queued notification", async () => {
    const before = (await deliveredFiles()).length;
    let accepted = 0;
    let refused = 0;
    const failures: string[] = [];
    /** As a balancer does: to A while it takes connections, to B once A refuses them. */
    const send = async (index: number) => {
      for (const target of [a, b]) {
        try {
          const response =
            index % 3 === 0 ? await postLead(target, address(), phone()) : await fetch(`${target.url}/api/helpers?page=${(index % 5) + 1}`);
          if (response.status >= 500) failures.push(`${target === a ? "A" : "B"} answered ${response.status}`);
          else if (index % 3 === 0 && response.status === 201) accepted += 1;
          return;
        } catch (error) {
          // Refused, or its idle connection closed as it was sent: not taken (were it taken, the
          // lead would be delivered twice below), so the balancer sends it on. Anything else is lost.
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (target === a && (code === "ECONNREFUSED" || code === "ECONNRESET" || code === "UND_ERR_SOCKET")) {
            refused += 1;
            continue;
          }
          failures.push(`${target === a ? "A" : "B"}: ${String(code ?? error)}`);
          return;
        }
      }
    };
    const load = (async () => {
      for (let i = 0; i < 300; i++) await Promise.all(Array.from({ length: 5 }, (_, j) => send(i * 5 + j)));
    })();
    // A is stopped once the load is well under way: some leads taken, more still coming.
    await expect.poll(() => accepted, { interval: 10, timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    const exit = await a.stop("SIGTERM");
    await load;
    expect(exit.code).toBe(0);
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    // Every lead taken, by A before it stopped or by B, is delivered once: B's worker takes what A left.
    const files = await waitForDeliveries(before + accepted);
    expect(files.length - before).toBe(accepted);
    const [pending] = await database.handle.db.select({ n: count() }).from(outbox).where(eq(outbox.status, "pending"));
    expect(pending!.n).toBe(0);
  }, 120_000);

  function postLead(target: ServerProcess, from: string, number = phone()) {
    return fetch(`${target.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from },
      body: JSON.stringify({ name: "Busy Household", phone: number }),
    });
  }

  /** Notifications written by either instance (no mail configured: .eml files in its data folder). */
  async function deliveredFiles(): Promise<{ name: string; text: string }[]> {
    const files: { name: string; text: string }[] = [];
    for (const dir of dataDirs) {
      const folder = path.join(dir, "outbox");
      const names = await readdir(folder).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith(".eml"))) {
        // Quoted-printable mail may break a long line anywhere ("=" at its end): join them again.
        const text = (await readFile(path.join(folder, name), "utf8")).replace(/=\r?\n/g, "");
        files.push({ name: `${dir}/${name}`, text });
      }
    }
    return files;
  }

  async function waitForDeliveries(total: number, timeoutMs = 60_000) {
    const started = Date.now();
    for (;;) {
      const files = await deliveredFiles();
      if (files.length >= total || Date.now() - started > timeoutMs) return files;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});
