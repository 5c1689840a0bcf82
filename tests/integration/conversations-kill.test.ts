/**
 * "A message acknowledged is stored": the built server, as `npm start` runs it, takes a burst of
 * messages from three families and their supplier at once and is killed with SIGKILL in the
 * middle of it. Started again on the same data folder (or PostgreSQL database), every message
 * whose post was answered 201 is in its thread exactly once, every post refused is in none, and
 * a post cut off by the kill is there at most once. On the embedded database and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatMessages, conversations } from "../../src/features/conversations/server/tables";
import { openDatabase } from "../../src/server/db/connect";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { cookieHeader, signUpOverHttp } from "../support/auth";
import { describeDb, testDbKind } from "../support/database";
import { helperValues } from "../support/factories";
import { freePort, uniqueSgMobile } from "../support/notify";
import { startServer, type ServerProcess } from "../support/server-process";

const postgresUrl = process.env.TEST_DATABASE_URL;
const FAMILIES = 3;
/** Under the limits (20 a minute for a family, 60 for a supplier), so refusals are the kill's, not the limiter's. */
const PER_FAMILY = 18;
const PER_SUPPLIER_CONVERSATION = 18;
/** Posts in flight at once, and how many answers come before the kill. */
const CONCURRENCY = 12;
const KILL_AFTER_ACKNOWLEDGED = 40;

type Outcome = "acknowledged" | "refused" | "cut off";

describeDb("a message acknowledged survives kill -9 of the server in the middle of a burst", () => {
  const name = `dh_kill_${randomBytes(5).toString("hex")}`;
  const databaseUrl = testDbKind === "postgres" ? Object.assign(new URL(postgresUrl!), { pathname: `/${name}` }).toString() : undefined;
  let dataDir: string;
  let env: Record<string, string>;
  let server: ServerProcess | undefined;

  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  /** The database the server uses, opened while no server runs (the embedded one takes one process at a time). */
  const withDatabase = async <T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> => {
    const handle = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 1 } : { pgliteDir: path.join(dataDir, "db") });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-kill-"));
    if (databaseUrl) await admin(`create database ${name}`);
    const port = String(await freePort());
    env = {
      DATA_DIR: dataDir,
      PORT: port,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: "false",
      AUTH_SECRET: "the-killed-server-and-its-successor-share-this-0123",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
  });

  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (databaseUrl) await admin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps every acknowledged message exactly once and nothing refused", { timeout: 300_000 }, async () => {
    const origin = env.PUBLIC_URL!;
    server = await startServer(env);
    const email = `burst-${Date.now()}@example.com`;
    const supplierCookie = await signUpOverHttp(server.url, origin, { name: "Burst Agency", email, password: "correct horse battery" });
    await server.stop();

    // Her biodata, written while no server runs.
    const helperId = await withDatabase(async (db) => {
      const [account] = await db.select().from(user).where(eq(user.email, email));
      const [row] = await db
        .insert(helpers)
        .values(helperValues(account!.id, { name: "Durable Dina" }))
        .returning();
      return row!.id;
    });

    server = await startServer(env);
    const site = server.url;
    const form = (cookie: string) => ({ "content-type": "application/x-www-form-urlencoded", origin, cookie });

    // Each family passes the gate and writes its first message, as a browser without script does.
    const families: { cookie: string; conversationId: string }[] = [];
    for (let i = 0; i < FAMILIES; i++) {
      const gate = await fetch(`${site}/filters`, {
        method: "POST",
        redirect: "manual",
        headers: form(""),
        body: new URLSearchParams({ name: `Family ${i}`, phone: uniqueSgMobile().typed, redirectTo: `/posts/${helperId}/message` }),
      });
      expect(gate.status).toBe(302);
      const visitor = cookieHeader(gate.headers.getSetCookie());
      const started = await fetch(`${site}/posts/${helperId}/message`, {
        method: "POST",
        redirect: "manual",
        headers: form(visitor),
        body: new URLSearchParams({ body: `first message of family ${i}`, email: "" }),
      });
      expect(started.status).toBe(302);
      const conversationId = String(started.headers.get("location")).split("/").pop()!;
      families.push({ cookie: `${visitor}; ${cookieHeader(started.headers.getSetCookie())}`, conversationId });
    }

    // The burst: every family's messages and the supplier's answers in each conversation, interleaved.
    const posts: { conversationId: string; cookie: string; body: string }[] = [];
    for (let n = 0; n < Math.max(PER_FAMILY, PER_SUPPLIER_CONVERSATION); n++) {
      for (const [i, family] of families.entries()) {
        if (n < PER_FAMILY) posts.push({ conversationId: family.conversationId, cookie: family.cookie, body: `family ${i} message ${n}` });
        if (n < PER_SUPPLIER_CONVERSATION)
          posts.push({ conversationId: family.conversationId, cookie: supplierCookie, body: `supplier to ${i} message ${n}` });
      }
    }
    const outcomes = new Map<string, Outcome>();
    let acknowledged = 0;
    let killed: Promise<unknown> | undefined;
    const running = server;
    const send = async (post: (typeof posts)[number]) => {
      try {
        const response = await fetch(`${site}/api/conversations/${post.conversationId}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", origin, cookie: post.cookie },
          body: JSON.stringify({ body: post.body }),
        });
        const answer = (await response.json()) as { id?: number; body?: string };
        if (response.status === 201) {
          expect(answer.body).toBe(post.body);
          expect(answer.id).toBeGreaterThan(0);
          outcomes.set(post.body, "acknowledged");
          // Mid-burst: the posts in flight are cut off, the rest find no server.
          if (++acknowledged === KILL_AFTER_ACKNOWLEDGED) killed = running.stop("SIGKILL");
        } else {
          outcomes.set(post.body, "refused");
        }
      } catch {
        outcomes.set(post.body, "cut off");
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < posts.length) await send(posts[next++]!);
      }),
    );
    const exit = (await killed) as { signal: string | null };
    expect(exit.signal).toBe("SIGKILL");
    server = undefined;
    const count = (outcome: Outcome) => [...outcomes.values()].filter((o) => o === outcome).length;
    expect(count("acknowledged")).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
    expect(count("cut off")).toBeGreaterThan(0);

    // Started again on the same folder or database (the killed process's lock is taken over).
    server = await startServer(env);
    const thread = await fetch(`${server.url}/messages/${families[0]!.conversationId}`, { headers: { cookie: supplierCookie } });
    expect(thread.status).toBe(200);
    expect(await thread.text()).toContain("family 0 message 0");
    await server.stop();
    server = undefined;

    const stored = await withDatabase((db) =>
      db
        .select({ body: chatMessages.body, conversationId: chatMessages.conversationId, author: chatMessages.author })
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.conversationId,
            db.select({ id: conversations.id }).from(conversations).where(eq(conversations.helperId, helperId)),
          ),
        ),
    );
    const times = new Map<string, number>();
    for (const row of stored) times.set(row.body, (times.get(row.body) ?? 0) + 1);
    const wrong: string[] = [];
    for (const post of posts) {
      const outcome = outcomes.get(post.body)!;
      const found = times.get(post.body) ?? 0;
      if (outcome === "acknowledged" && found !== 1) wrong.push(`${post.body}: acknowledged, stored ${found} times`);
      if (outcome === "refused" && found !== 0) wrong.push(`${post.body}: refused, stored ${found} times`);
      if (outcome === "cut off" && found > 1) wrong.push(`${post.body}: cut off, stored ${found} times`);
    }
    expect(wrong).toEqual([]);
    // Each message sits in the conversation it was posted to, by the side that posted it.
    for (const row of stored.filter((r) => !r.body.startsWith("first"))) {
      const post = posts.find((p) => p.body === row.body)!;
      expect(row.conversationId).toBe(post.conversationId);
      expect(row.author).toBe(post.cookie === supplierCookie ? "supplier" : "family");
    }
  });
});
