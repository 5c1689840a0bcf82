/**
 * What the operator sees of the outbox: deliveries being retried (from their first failed
 * attempt, not only once they count as failing), and a way to try one again now instead of at
 * its next back-off (states in outbox-worker.ts).
 */
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database, Executor } from "../../../server/db/connect";
import { outbox } from "./tables";
import { failureInWords } from "./failure-words";
import { emlFileName } from "./channels/file";
import { OUTBOX_NOTIFY_CHANNEL, readMessage, type OutboundMessage } from "./outbox";
import { isUuid } from "../../../shared/uuid";

export interface FailingDelivery {
  id: string;
  kind: string;
  channel: string;
  subject: string;
  attempts: number;
  /** The last error in plain words; `lastError` is the error as the channel gave it. */
  problem: string;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

/** A mail written to DATA_DIR/outbox as an .eml file (no mail server set), as the operator reads it. */
export interface KeptMail {
  id: string;
  kind: string;
  /** The recipient's address, or `support` for the operator's own inbox. */
  to: string;
  subject: string;
  text: string;
  fileName: string;
  createdAt: string;
}

export interface OutboxSummary {
  pending: number;
  failing: number;
  delivered: number;
}

const retrying = and(inArray(outbox.status, ["pending", "failing"]), gt(outbox.attempts, 0));

/** How many undelivered messages have had at least one failed attempt. */
export async function countRetrying(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(outbox).where(retrying);
  return row?.count ?? 0;
}

/**
 * Undelivered messages with at least one failed attempt, newest first: from the first refusal,
 * so the operator sees a channel that is down before FAILING_AFTER_ATTEMPTS attempts have passed.
 */
export async function listFailingDeliveries(db: Database, { limit = 100 } = {}): Promise<FailingDelivery[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(retrying)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(Math.min(Math.max(1, limit), 500));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    subject: (row.payload as { subject?: unknown } | null)?.subject?.toString() ?? "",
    attempts: row.attempts,
    problem: failureInWords(row.channel, row.lastError),
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The mails kept as .eml files instead of being sent, newest first: with no SMTP_URL this is
 * where a lead's mail goes, and the operator reads it here. Each is kept as long as its row
 * (deleted with the other delivered notifications, lead-retention.ts).
 */
export async function listKeptMails(db: Database, { limit = 50 } = {}): Promise<KeptMail[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, "file"), eq(outbox.status, "delivered")))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(Math.min(Math.max(1, limit), 500));
  return rows.flatMap((row) => {
    let message: OutboundMessage;
    try {
      message = readMessage(row.payload);
    } catch {
      return [];
    }
    return [
      {
        id: row.id,
        kind: row.kind,
        to: message.to === "support" ? "support" : (message.to.email ?? ""),
        subject: message.subject,
        text: message.text,
        fileName: emlFileName(row.kind, row),
        createdAt: row.createdAt.toISOString(),
      },
    ];
  });
}

export async function outboxSummary(db: Database): Promise<OutboxSummary> {
  const rows = await db.select({ status: outbox.status, count: count() }).from(outbox).groupBy(outbox.status);
  const summary: OutboxSummary = { pending: 0, failing: 0, delivered: 0 };
  for (const row of rows) {
    if (row.status === "pending" || row.status === "failing" || row.status === "delivered") summary[row.status] = row.count;
  }
  return summary;
}

/**
 * Makes an undelivered message due now (its attempts and state kept, so it shows as failing
 * until it goes out) and wakes a worker; false when there is no such message to deliver.
 */
export async function retryDelivery(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db
    .update(outbox)
    // A second back, so the row is due for any worker at once: workers compare with their own
    // clock in milliseconds, and now() has microseconds that can lie just ahead of it.
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failing"])))
    .returning({ id: outbox.id });
  if (updated.length === 0) return false;
  await db.execute(sql`select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, 'retry')`);
  return true;
}

/** The outbox states a watcher counts: what has not gone out (outbox-worker.ts explains each). */
const UNDELIVERED_STATUSES = ["pending", "failing", "refused"];

/** Notifications not delivered, by status, every counted status present (0 where none is): for /metrics. */
export async function undeliveredCounts(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outbox.status, n: count() })
    .from(outbox)
    .where(inArray(outbox.status, UNDELIVERED_STATUSES))
    .groupBy(outbox.status);
  const counts: Record<string, number> = Object.fromEntries(UNDELIVERED_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}
