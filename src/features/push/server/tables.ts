/**
 * The push feature's own table: the browsers a family or an account turned notices on in. A
 * subscription is what the browser's push service gave it (the endpoint to post to, and the keys
 * a notice is encrypted with); it goes when its owner turns it off, when the push service says
 * it is gone (404, 410), and with its owner: a family's at once on a withdrawal of consent, an
 * account's with the account (the cascades).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "../../accounts";
import { chatFamilies } from "../../conversations";

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The push service's address for this browser (https, on the service's host). */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url): notices are encrypted to them. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The owner: a family or an account, never both. */
    familyId: uuid("family_id").references(() => chatFamilies.id, { onDelete: "cascade" }),
    accountId: text("account_id").references(() => user.id, { onDelete: "cascade" }),
    /** The browser and system it was turned on in ("Chrome on Android"), for the owner to tell them apart. */
    userAgent: text("user_agent").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_family_idx")
      .on(t.familyId)
      .where(sql`${t.familyId} is not null`),
    index("push_subscriptions_account_idx")
      .on(t.accountId)
      .where(sql`${t.accountId} is not null`),
    check("push_subscriptions_one_owner", sql`(${t.familyId} is null) <> (${t.accountId} is null)`),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
