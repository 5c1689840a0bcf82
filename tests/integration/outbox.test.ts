import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { loadConfig, type Config } from "../../src/server/config";
import { outbox } from "../../src/features/notifications/server/tables";
import { recordLead } from "../../src/features/leads/service";
import { leadNotice } from "../support/notify";
import type { Deliver } from "../../src/features/notifications/server/channels/deliver";
import {
  createOutboxWorker,
  retryDelay,
  type OutboxWorker,
  type OutboxWorkerOptions,
} from "../../src/features/notifications/server/outbox-worker";
import { formatPhone } from "../../src/shared/phone";
import { createTestDatabase, describeDb, type TestDatabase } from "../support/database";
import { freePort, startHttpRecorder, startSmtpServer, uniqueSgMobile } from "../support/notify";
import { useTestApp } from "../support/test-app";

describeDb("support receives each lead by e-mail", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const t = useTestApp(() => ({
    env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: "support@example.com", MAIL_FROM: "Direct Helpers <leads@example.com>" },
  }));

  it("a lead left through the API arrives at support's address over SMTP", async () => {
    const phone = uniqueSgMobile();
    const response = await t.app.inject({ method: "POST", url: "/api/leads", payload: { name: "Mary Tan", phone: phone.typed } });
    expect(response.statusCode).toBe(201);

    const worker = createOutboxWorker(t.database.handle, t.config);
    expect(await worker.runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    await worker.stop();

    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe("leads@example.com");
    expect(mail.to).toEqual(["support@example.com"]);
    expect(mail.text).toContain(`Subject: New lead: Mary Tan (${formatPhone(phone.e164)})`);
    expect(mail.text).toContain("Visits: 1");
    expect(mail.text).toContain(`https://wa.me/${phone.e164.slice(1)}?text=`);
    const [row] = await t.db.select().from(outbox);
    expect(row).toMatchObject({ status: "delivered", attempts: 0, lastError: null, lockedUntil: null });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });
});

describeDb("the outbox worker delivers every message, whatever goes wrong", () => {
  let database: TestDatabase;
  let dataDir: string;
  const workers: OutboxWorker[] = [];
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    // Each story starts from an empty outbox: a worker delivers every due row it finds.
    await database.handle.db.delete(outbox);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-outbox-"));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await Promise.all(closers.splice(0).map((close) => close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const configWith = (env: Record<string, string> = {}): Config =>
    loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent", ...env });
  const worker = (config: Config, options: OutboxWorkerOptions = {}) => {
    const created = createOutboxWorker(database.handle, config, options);
    workers.push(created);
    return created;
  };
  const lead = (config: Config, name = "Test Visitor") =>
    recordLead(database.handle.db, leadNotice(config), { name, phone: uniqueSgMobile().e164 });
  const rows = () => database.handle.db.select().from(outbox);
  /** A clock the test moves: the worker never waits for real time to pass. */
  const testClock = () => {
    let now = Date.now();
    return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
  };

  it("with SMTP down, records the failed attempt and delivers after a retry once SMTP is back", async () => {
    const port = await freePort();
    const config = configWith({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: "support@example.com" });
    await lead(config, "Patient Visitor");
    const clock = testClock();
    const w = worker(config, { now: clock.now });

    expect(await w.runOnce()).toEqual({ claimed: 1, delivered: 0, failed: 1 });
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "pending", attempts: 1, channel: "email", lockedUntil: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    expect(failed!.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelay(1));

    // Not due yet: the back-off holds it.
    expect((await w.runOnce()).claimed).toBe(0);

    const smtp = await startSmtpServer(port);
    closers.push(smtp.close);
    clock.advance(retryDelay(1));
    expect(await w.runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.text).toContain("Patient Visitor");
    const [delivered] = await rows();
    expect(delivered).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("after a crash between claim and send, another worker delivers the message once the lease runs out", async () => {
    const config = configWith();
    await lead(config, "Interrupted Visitor");

    // This worker claims the row and never finishes: the process it stands for has died.
    let claimed!: () => void;
    const sawClaim = new Promise<void>((resolve) => (claimed = resolve));
    const dying = createOutboxWorker(database.handle, config, {
      leaseMs: 60_000,
      channels: { file: () => (claimed(), new Promise<void>(() => {})) },
    });
    void dying.runOnce();
    await sawClaim;
    const [held] = await rows();
    expect(held!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    const clock = testClock();
    const successor = worker(config, { now: clock.now });
    expect((await successor.runOnce()).claimed).toBe(0);
    clock.advance(60_001);
    expect(await successor.runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    const files = (await readdir(path.join(dataDir, "outbox"))).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    expect(await readFile(path.join(dataDir, "outbox", files[0]!), "utf8")).toContain("Interrupted Visitor");
  });

  it("two workers racing over the same rows deliver each one exactly once", async () => {
    const config = configWith();
    for (let i = 0; i < 12; i++) await lead(config, `Racer ${i}`);
    const deliveries: string[] = [];
    // Each delivery yields before it ends, so the two workers' passes interleave.
    const slowChannel: Deliver = async (_message, context) => {
      deliveries.push(context.id);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const drain = async (w: OutboxWorker) => {
      while ((await w.runOnce()).claimed > 0);
    };
    const a = worker(config, { batchSize: 3, channels: { file: slowChannel } });
    const b = worker(config, { batchSize: 3, channels: { file: slowChannel } });
    await Promise.all([drain(a), drain(b)]);

    const all = await rows();
    expect(new Set(deliveries).size).toBe(12);
    expect(deliveries).toHaveLength(12);
    expect(all.every((row) => row.status === "delivered")).toBe(true);
  });

  it("sends support a Telegram message through the Bot API when Telegram is configured", async () => {
    const telegram = await startHttpRecorder(() => ({ status: 200, body: { ok: true, result: {} } }));
    closers.push(telegram.close);
    const config = configWith({ TELEGRAM_BOT_TOKEN: "123456:secret-token", TELEGRAM_CHAT_ID: "-1001234", TELEGRAM_API_URL: telegram.url });
    const phone = uniqueSgMobile();
    await recordLead(database.handle.db, leadNotice(config), { name: "Chat Visitor", phone: phone.e164 });

    expect(await worker(config).runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    expect(telegram.requests).toHaveLength(1);
    const request = telegram.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/bot123456:secret-token/sendMessage");
    const body = JSON.parse(request.body) as { chat_id: string; text: string };
    expect(body.chat_id).toBe("-1001234");
    expect(body.text).toContain("New lead: Chat Visitor");
    expect(body.text).toContain(formatPhone(phone.e164));
  });

  it("counts a Telegram error answer as a failed attempt, without the bot's token in the error", async () => {
    const telegram = await startHttpRecorder(() => ({ status: 400, body: { ok: false, description: "Bad Request: chat not found" } }));
    closers.push(telegram.close);
    const config = configWith({ TELEGRAM_BOT_TOKEN: "123456:secret-token", TELEGRAM_CHAT_ID: "-1", TELEGRAM_API_URL: telegram.url });
    await lead(config);

    expect(await worker(config).runOnce()).toMatchObject({ failed: 1 });
    const [row] = await rows();
    expect(row!.lastError).toBe("Telegram answered 400: Bad Request: chat not found");
  });

  it("writes .eml files under the data folder when neither mail nor Telegram is configured", async () => {
    const config = configWith();
    await lead(config, "File Visitor");
    const w = worker(config);
    expect(await w.runOnce()).toMatchObject({ delivered: 1 });

    const folder = path.join(dataDir, "outbox");
    const [file, ...others] = await readdir(folder);
    expect(others).toEqual([]);
    expect(file).toMatch(/^\d{8}T\d{6}Z-lead-[0-9a-f-]{36}\.eml$/);
    const eml = await readFile(path.join(folder, file!), "utf8");
    const [row] = await rows();
    expect(eml).toContain("To: support@localhost\r\n");
    expect(eml).toContain("Subject: New lead: File Visitor");
    expect(eml).toContain(`Message-ID: <${row!.id}@localhost>`);

    // Delivered again (at least once): the same file is replaced, not joined by a second.
    await database.handle.db.update(outbox).set({ status: "pending" }).where(eq(outbox.id, row!.id));
    expect(await w.runOnce()).toMatchObject({ delivered: 1 });
    expect(await readdir(folder)).toEqual([file]);
  });
});
