/**
 * The outbox worker: delivers the rows outbox.ts writes, in the same process as the web server,
 * on as many instances as run (each claims different rows).
 *
 * Row states (`outbox.status`):
 *   pending    to deliver; `attempts` failed attempts so far (fewer than FAILING_AFTER_ATTEMPTS).
 *   failing    to deliver still, but FAILING_AFTER_ATTEMPTS or more attempts have failed: the
 *              operator's screen lists these (and may reset one to pending, due now).
 *   delivered  sent; delivered_at set; never touched again.
 *   refused    a person's Telegram chat refused the bot for good (they blocked it): not tried
 *              again; `onChatRefused` is told, so what linked that chat is turned off.
 * A pending or failing row is due when next_attempt_at <= now and no lease is live (locked_until
 * null or past). A claim, one short statement with FOR UPDATE SKIP LOCKED, sets locked_until =
 * now + lease, so two workers never hold the same row; the message is sent after that statement
 * commits. A failed attempt counts (attempts + 1), keeps last_error and waits 5 s, doubling, at
 * most 5 minutes; retries go on for as long as it takes. A row whose lease ran out (the process
 * died between claim and send, or while sending) is due again: delivery is at least once.
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Config } from "../../../server/config";
import type { DatabaseHandle } from "../../../server/db/connect";
import { outbox, type OutboxRow } from "./tables";
import { createChannels, type Deliver } from "./channels/deliver";
import { ChatRefusedError } from "./channels/telegram";
import { OUTBOX_NOTIFY_CHANNEL, readMessage, type Channel } from "./outbox";

export const FAILING_AFTER_ATTEMPTS = 5;
const UNDELIVERED = ["pending", "failing"];

export interface Backoff {
  firstMs: number;
  maxMs: number;
}

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface OutboxWorkerOptions {
  /** How often an idle worker looks for due rows; enqueues wake it sooner. */
  pollMs?: number;
  /** How long a claim holds a row before another worker may take it. */
  leaseMs?: number;
  batchSize?: number;
  backoff?: Backoff;
  /** How long stop() lets deliveries under way finish before aborting them. */
  stopGraceMs?: number;
  /** The clock (tests move it forward instead of waiting). */
  now?: () => Date;
  /** Channels to use instead of the configured ones. */
  channels?: Partial<Record<Channel, Deliver>>;
  /** Channels other features provide beside the configured ones (web push). */
  extraChannels?: Partial<Record<Channel, Deliver>>;
  log?: WorkerLog;
  /** A person's Telegram chat refused the bot for good (its row is `refused`). */
  onChatRefused?: (chatId: string) => Promise<void>;
}

export interface RunResult {
  claimed: number;
  delivered: number;
  failed: number;
}

export interface OutboxWorker {
  /** Listens for enqueues and delivers until stopped. */
  start(): Promise<void>;
  /** Stops claiming, lets deliveries under way finish (aborting them after the grace), then returns. */
  stop(): Promise<void>;
  /** Looks for due rows now instead of at the next poll. */
  wake(): void;
  /** One pass: claim due rows, deliver them, record the outcome. */
  runOnce(): Promise<RunResult>;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 5_000, maxMs: 5 * 60_000 };

/** The wait after the n-th failed attempt (n from 1). */
export function retryDelay(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.firstMs * 2 ** Math.max(0, attempts - 1), backoff.maxMs);
}

const silent: WorkerLog = { info() {}, warn() {}, error() {} };

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 1000);
}

export function createOutboxWorker(
  database: Pick<DatabaseHandle, "db" | "listen">,
  config: Config,
  options: OutboxWorkerOptions = {},
): OutboxWorker {
  const { db } = database;
  const pollMs = options.pollMs ?? 2_000;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const batchSize = options.batchSize ?? 10;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? silent;
  const configured = options.channels ? undefined : createChannels(config);
  const channels = options.channels ?? { ...configured!.deliver, ...options.extraChannels };

  const controller = new AbortController();
  const runs = new Set<Promise<RunResult>>();
  let stopping = false;
  let loop: Promise<void> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let wakeRequested = false;
  let interruptSleep: (() => void) | undefined;

  async function claim(): Promise<OutboxRow[]> {
    const at = now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          // Two branches so the pending one can use the partial index of due rows.
          or(
            and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, at)),
            and(eq(outbox.status, "failing"), lte(outbox.nextAttemptAt, at)),
          ),
          or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, at)),
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outbox)
      .set({ lockedUntil: new Date(at.getTime() + leaseMs) })
      .where(inArray(outbox.id, due))
      .returning();
  }

  async function markDelivered(row: OutboxRow): Promise<void> {
    // Whoever holds the lease now, the message went out: record it.
    await db
      .update(outbox)
      .set({ status: "delivered", deliveredAt: now(), lockedUntil: null })
      .where(and(eq(outbox.id, row.id), inArray(outbox.status, UNDELIVERED)));
  }

  async function markRefused(row: OutboxRow, error: ChatRefusedError): Promise<void> {
    const updated = await db
      .update(outbox)
      .set({ status: "refused", attempts: row.attempts + 1, lastError: errorText(error), lockedUntil: null })
      .where(and(eq(outbox.id, row.id), inArray(outbox.status, UNDELIVERED), eq(outbox.lockedUntil, row.lockedUntil!)))
      .returning({ id: outbox.id });
    if (updated.length === 0) return;
    log.warn({ id: row.id, kind: row.kind, channel: row.channel, err: errorText(error) }, "a Telegram chat refused the bot; not retried");
    try {
      await options.onChatRefused?.(error.chatId);
    } catch (failed) {
      log.error({ err: errorText(failed) }, "turning off a refused Telegram chat failed");
    }
  }

  async function markFailed(row: OutboxRow, error: unknown): Promise<void> {
    if (error instanceof ChatRefusedError) return markRefused(row, error);
    const at = now();
    // Cut short by stop(): not the channel's fault, and due again at once for another instance.
    const interrupted = controller.signal.aborted;
    const attempts = interrupted ? row.attempts : row.attempts + 1;
    const wait = interrupted ? 0 : retryDelay(attempts, backoff);
    const status = attempts >= FAILING_AFTER_ATTEMPTS ? "failing" : "pending";
    const updated = await db
      .update(outbox)
      .set({ status, attempts, lastError: errorText(error), nextAttemptAt: new Date(at.getTime() + wait), lockedUntil: null })
      // Only while this claim still holds the row: after the lease another worker may own it.
      .where(and(eq(outbox.id, row.id), inArray(outbox.status, UNDELIVERED), eq(outbox.lockedUntil, row.lockedUntil!)))
      .returning({ id: outbox.id });
    if (updated.length > 0 && !interrupted) {
      const level = status === "failing" ? "error" : "warn";
      log[level](
        { id: row.id, kind: row.kind, channel: row.channel, attempts, retryInMs: wait, err: errorText(error) },
        "outbox delivery failed",
      );
    }
  }

  async function deliverRow(row: OutboxRow): Promise<boolean> {
    try {
      const deliver = channels[row.channel as Channel];
      if (!deliver) throw new Error(`The ${row.channel} channel is not configured`);
      await deliver(readMessage(row.payload), { id: row.id, createdAt: row.createdAt, signal: controller.signal });
    } catch (error) {
      await markFailed(row, error);
      return false;
    }
    await markDelivered(row);
    return true;
  }

  async function pass(): Promise<RunResult> {
    if (stopping) return { claimed: 0, delivered: 0, failed: 0 };
    const rows = await claim();
    const outcomes = await Promise.all(rows.map(deliverRow));
    const delivered = outcomes.filter(Boolean).length;
    return { claimed: rows.length, delivered, failed: rows.length - delivered };
  }

  function runOnce(): Promise<RunResult> {
    const run = pass();
    runs.add(run);
    const forget = () => runs.delete(run);
    run.then(forget, forget);
    return run;
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        interruptSleep = undefined;
        resolve();
      }
      interruptSleep = done;
    });
  }

  async function work(): Promise<void> {
    while (!stopping) {
      wakeRequested = false;
      let result: RunResult | undefined;
      try {
        result = await runOnce();
      } catch (error) {
        log.error({ err: errorText(error) }, "outbox pass failed");
      }
      if (stopping) break;
      // A full batch means more may be due; a wake during the pass means something new is.
      if ((result && result.claimed === batchSize) || wakeRequested) continue;
      await sleep(pollMs);
    }
  }

  return {
    async start() {
      if (loop || stopping) return;
      try {
        unlisten = await database.listen(OUTBOX_NOTIFY_CHANNEL, () => this.wake());
      } catch (error) {
        // Polling still delivers everything, only a little later.
        log.warn({ err: errorText(error) }, "outbox notifications unavailable; polling only");
      }
      loop = work();
    },
    wake() {
      wakeRequested = true;
      interruptSleep?.();
    },
    runOnce,
    async stop() {
      if (stopping) return;
      stopping = true;
      interruptSleep?.();
      const abortTimer = setTimeout(() => controller.abort(), stopGraceMs);
      await Promise.allSettled([loop, ...runs]);
      clearTimeout(abortTimer);
      await unlisten?.().catch(() => undefined);
      configured?.close();
    },
  };
}
