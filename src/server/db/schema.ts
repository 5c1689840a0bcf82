/**
 * The tables of the shared ground, which hold no feature's data: better-auth's rate-limit
 * counters, flash messages, the site's settings and its announced events; and `timestamps`, for
 * every table's two dates. Each feature declares its own tables in its `server/tables.ts`
 * (decision 187), where drizzle-kit reads them too (drizzle.config.ts).
 */
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** When a row was made and last changed; a feature's own tables use them too. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * The key of the accounts' table, which flash messages and settings name in their foreign keys.
 * The accounts feature declares and owns the `user` table (features/accounts/server/tables.ts);
 * the ground imports no feature, so it names the key alone, here, only as the constraints'
 * target: the table itself is not exported, and drizzle-kit takes the accounts' declaration.
 */
const accountKey = pgTable("user", { id: text("id").primaryKey() }).id;

/** better-auth's rate-limit counters, kept in the database so several instances share them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * A confirmation waiting for the page a form redirected to (decision 050): shown once, to the
 * account it was written for, and deleted as it is shown. The `flash` cookie carries only the id.
 */
export const flashMessages = pgTable(
  "flash_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id")
      .notNull()
      .references(() => accountKey, { onDelete: "cascade" }),
    /** The page it is for, as pagePath() writes it. */
    path: text("path").notNull(),
    text: text("text").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("flash_messages_expires_idx").on(t.expiresAt)],
);

/**
 * Changes announced to every instance (decision 189): written by the tables' triggers in the
 * transaction that makes the change, so an event exists exactly when its change committed; each
 * instance reads the ones it has not delivered (told by a NOTIFY, and on a timer in case one was
 * missed) and hands them to its listeners. Kept a day.
 */
export const siteEvents = pgTable(
  "site_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What happened: `listing` (what the public sees of biodata or suppliers changed). */
    name: text("name").notNull(),
    /** What the event names, as the triggers write it ("helpers:<id>,…", "user:<id>,…"). */
    payload: text("payload").notNull(),
    /** The clock at the statement that announced it (not the transaction's start). */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("site_events_created_idx").on(t.createdAt)],
);

/**
 * Settings an operator changes on the site's pages, one row each (decision 114): the families'
 * default language (`family_locale`).
 */
export const siteSettings = pgTable("site_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => accountKey, { onDelete: "set null" }),
});
