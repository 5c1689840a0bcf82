import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { loadConfig, type Config } from "../../src/server/config";
import { outbox } from "../../src/features/notifications/server/tables";
import { recordLead } from "../../src/features/leads/service";
import { leadNotice } from "../support/notify";
import type { Deliver } from "../../src/features/notifications/server/channels/deliver";
import { listFailingDeliveries, outboxSummary, retryDelivery } from "../../src/features/notifications/server/outbox-operator";
import {
  createOutboxWorker,
  FAILING_AFTER_ATTEMPTS,
  retryDelay,
  type OutboxWorker,
} from "../../src/features/notifications/server/outbox-worker";
import { createTestDatabase, describeDb, type TestDatabase } from "../support/database";
import { uniqueSgMobile } from "../support/notify";

describeDb("a running worker, a failing channel and the operator", () => {
  let database: TestDatabase;
  let dataDir: string;
  let config: Config;
  const workers: OutboxWorker[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await database.handle.db.delete(outbox);
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-outbox-"));
    config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent" });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const lead = (name = "Lifecycle Visitor") => recordLead(db(), leadNotice(config), { name, phone: uniqueSgMobile().e164 });
  const rows = () => db().select().from(outbox);

  it("backs off 5 s, doubling, never more than 5 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20, 1000].map((n) => retryDelay(n) / 1000)).toEqual([5, 10, 20, 40, 80, 160, 300, 300, 300]);
  });

  it("marks a message failing after repeated failures; the operator lists it and retries it at once", async () => {
    let channelDown = true;
    const file: Deliver = async () => {
      if (channelDown) throw new Error("mail server said no");
    };
    await lead("Unlucky Visitor");
    let now = Date.now();
    const w = createOutboxWorker(database.handle, config, { now: () => new Date(now), channels: { file } });
    workers.push(w);

    for (let attempt = 1; attempt <= FAILING_AFTER_ATTEMPTS; attempt++) {
      expect(await w.runOnce()).toMatchObject({ failed: 1 });
      now += retryDelay(attempt);
    }
    const [row] = await rows();
    expect(row).toMatchObject({ status: "failing", attempts: FAILING_AFTER_ATTEMPTS, lastError: "mail server said no" });
    expect(await outboxSummary(db())).toEqual({ pending: 0, failing: 1, delivered: 0 });
    const listed = await listFailingDeliveries(db());
    expect(listed).toEqual([
      expect.objectContaining({
        id: row!.id,
        kind: "lead",
        channel: "file",
        attempts: FAILING_AFTER_ATTEMPTS,
        lastError: "mail server said no",
      }),
    ]);
    expect(listed[0]!.subject).toContain("Unlucky Visitor");

    // Still retried at the capped back-off, not given up.
    now += retryDelay(FAILING_AFTER_ATTEMPTS + 1);
    expect(await w.runOnce()).toMatchObject({ claimed: 1, failed: 1 });

    channelDown = false;
    now = Date.now();
    expect((await w.runOnce()).claimed).toBe(0);
    expect(await retryDelivery(db(), row!.id)).toBe(true);
    now = Date.now();
    expect(await w.runOnce()).toEqual({ claimed: 1, delivered: 1, failed: 0 });
    expect(await outboxSummary(db())).toEqual({ pending: 0, failing: 0, delivered: 1 });
    expect(await retryDelivery(db(), row!.id)).toBe(false);
    expect(await retryDelivery(db(), "not-an-id")).toBe(false);
  });

  it("a started worker delivers a new lead at once, woken by the enqueue rather than its poll", async () => {
    const delivered: string[] = [];
    let firstPassStarted!: () => void;
    const firstPass = new Promise<void>((resolve) => (firstPassStarted = resolve));
    let clockReads = 0;
    const w = createOutboxWorker(database.handle, config, {
      pollMs: 60_000,
      // The first pass looks from long ago, so it finds nothing whenever the lead lands: only a
      // wake brings the worker back before its minute-long poll.
      now: () => {
        if (clockReads++ > 0) return new Date();
        firstPassStarted();
        return new Date(0);
      },
      channels: { file: async (message) => void delivered.push(message.subject) },
    });
    workers.push(w);
    await w.start();
    await firstPass;
    await lead("Prompt Visitor");
    await expect.poll(() => delivered, { timeout: 5_000, interval: 20 }).toEqual([expect.stringContaining("Prompt Visitor")]);
  });

  it("stops cleanly mid-delivery, handing the message back for the next worker", async () => {
    let started!: () => void;
    const deliveryStarted = new Promise<void>((resolve) => (started = resolve));
    const hanging: Deliver = (_message, { signal }) =>
      new Promise<void>((_resolve, reject) => {
        started();
        signal.addEventListener("abort", () => reject(new Error("aborted by stop")));
      });
    const w = createOutboxWorker(database.handle, config, { pollMs: 60_000, stopGraceMs: 50, channels: { file: hanging } });
    await lead("Cut-off Visitor");
    await w.start();
    await deliveryStarted;
    await w.stop();

    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, lastError: "aborted by stop" });
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    const next = createOutboxWorker(database.handle, config);
    workers.push(next);
    expect(await next.runOnce()).toMatchObject({ delivered: 1 });
  });
});
