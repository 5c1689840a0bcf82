/**
 * The notifications feature's own table: the outbox, one row per message and channel, written in
 * the transaction of what it tells and delivered by the worker (outbox-worker.ts) with retries.
 */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../../../server/db/schema";

export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What to deliver: `lead`, `password-reset`, … */
    kind: text("kind").notNull(),
    /** Where to: `email`, `telegram` or `file`; one row per channel so each retries on its own. */
    channel: text("channel").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the row; a row whose lock has run out is claimed again. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("outbox_status_idx").on(t.status, t.createdAt.desc()),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
