/**
 * The conversations feature's own tables. A family has no account: it is the lead the /filters
 * gate stored (name and phone) plus an optional e-mail, and the private link's key (its hash)
 * that lets a browser back in. Everything a family wrote goes with its lead (a withdrawal of
 * consent, the leads' retention) through the cascades.
 */
import { sql } from "drizzle-orm";
import { bigserial, bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "../../accounts";
import { helperAndSupplierColumns } from "../../helpers";
import { visitors } from "../../leads";

export const chatFamilies = pgTable(
  "chat_families",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => visitors.id, { onDelete: "cascade" }),
    /** As typed at the gate in the browser that started (the lead keeps the first name given for the number). */
    name: text("name").notNull(),
    /** The address the family gave; verified once it opened the link mailed to it (`emailVerifiedAt`). */
    email: text("email"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** SHA-256 of the private link's key; replaced when the family revokes its link. */
    keyHash: text("key_hash").notNull(),
    /**
     * What the private link's key is made from with the site's key (family-access.ts), so a notice
     * mailed later can carry the same link; null for families from before (their key was random).
     */
    linkSalt: text("link_salt"),
    /** The language of the page the family last started a conversation from: its notices are written in it. */
    locale: text("locale"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chat_families_key_idx").on(t.keyHash),
    index("chat_families_lead_idx").on(t.leadId),
    // A verified address belongs to one family: given again elsewhere, it signs that browser in to it.
    uniqueIndex("chat_families_verified_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.emailVerifiedAt} is not null`),
  ],
);

/**
 * The other devices a family opened its space on (a sign-in link or code): each holds its own
 * key, kept as its SHA-256 like the private link's, and is turned away once removed from the space.
 */
export const familyDevices = pgTable(
  "family_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    keyHash: text("key_hash").notNull(),
    /** How the device came in (a mailed link or a code), and its browser as it said, for the family to tell them apart. */
    label: text("label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("family_devices_key_idx").on(t.keyHash), index("family_devices_family_idx").on(t.familyId)],
);

/**
 * One-time passes: a sign-in link or code (15 minutes) that opens the family's space on another
 * device, and the link confirming an e-mail address (a day). Kept as the token's SHA-256; used once.
 */
export const familyPasses = pgTable(
  "family_passes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    /** sign-in (a link mailed or a code shown), confirm-email. */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The address a confirm-email pass confirms. */
    email: text("email"),
    /** mail or code: how a sign-in pass reached the device. */
    via: text("via").notNull().default("mail"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("family_passes_token_idx").on(t.tokenHash), index("family_passes_family_idx").on(t.familyId)],
);

/**
 * Blocks of families, and their log: a row is never deleted, a lifted block keeps who lifted it
 * and when. A block holds for the number (a keyed hash of it, so it outlives the lead's
 * withdrawal without keeping the number) and for the family whose browser keys were blocked;
 * a supplier's for that supplier's helpers, an operator's (no supplier) everywhere.
 */
export const chatBlocks = pgTable(
  "chat_blocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** HMAC-SHA256 of the number in E.164 under a key of the site's; null for blocks older than the log. */
    phoneHash: text("phone_hash"),
    /** The family blocked (its browser keys); null once it is deleted (withdrawal, retention). */
    familyId: uuid("family_id").references(() => chatFamilies.id, { onDelete: "set null" }),
    /** Whose helpers the block keeps the family from; null: an operator's block, everywhere. */
    supplierId: text("supplier_id").references(() => user.id, { onDelete: "cascade" }),
    /** Who blocked (an account) and why, as they said it. */
    blockedBy: text("blocked_by").references(() => user.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("chat_blocks_phone_idx")
      .on(t.phoneHash)
      .where(sql`${t.liftedAt} is null`),
    index("chat_blocks_family_idx")
      .on(t.familyId)
      .where(sql`${t.liftedAt} is null`),
    index("chat_blocks_created_idx").on(t.createdAt.desc()),
  ],
);

/** Suppliers an operator has stopped from writing in any conversation. */
export const chatBlockedSuppliers = pgTable("chat_blocked_suppliers", {
  supplierId: text("supplier_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  blockedAt: timestamp("blocked_at", { withTimezone: true }).notNull().defaultNow(),
});

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    ...helperAndSupplierColumns(),
    /** open, done (the supplier has answered what was asked), blocked (the supplier refuses this family). */
    status: text("status").notNull().default("open"),
    /** The last message each side has read (a message id; 0 for none). */
    familyReadId: bigint("family_read_id", { mode: "number" }).notNull().default(0),
    supplierReadId: bigint("supplier_read_id", { mode: "number" }).notNull().default(0),
    /** When the supplier was last told of an unread message (at most once an hour). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** The newest supplier's message the family was told of (by push or mail; 0: none), so each reply is told once. */
    familyNoticedId: bigint("family_noticed_id", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("conversations_family_helper_idx").on(t.familyId, t.helperId),
    index("conversations_supplier_idx").on(t.supplierId, t.lastMessageAt.desc()),
    index("conversations_last_message_idx").on(t.lastMessageAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    // Taken while the conversation's row is locked, so within a conversation ids follow commits:
    // a stream that has seen id n has seen every earlier message of it.
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Hidden by an operator: neither side sees it any more. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Reported by the other side for an operator to look at. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversationId, t.id),
    index("chat_messages_reported_idx")
      .on(t.reportedAt)
      .where(sql`${t.reportedAt} is not null`),
  ],
);

/**
 * A supplier's Telegram chat for notices of unread messages, learnt when they opened the bot with
 * a one-time link. `chatId` is null while the notices are off; `offReason` says why when the site
 * turned them off itself (`blocked`: Telegram refused the bot in that chat).
 */
export const supplierTelegram = pgTable("supplier_telegram", {
  supplierId: text("supplier_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  chatId: text("chat_id"),
  linkedAt: timestamp("linked_at", { withTimezone: true }),
  offReason: text("off_reason"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The one-time tokens of "Get notices on Telegram" links: SHA-256 of the token, used once, short-lived. */
export const telegramLinkTokens = pgTable(
  "telegram_link_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("telegram_link_tokens_supplier_idx").on(t.supplierId)],
);

/**
 * A family asking the operators to look at a helper on her own (a direct hire, decision 197),
 * with its reason: once a family and helper. It goes with the family (a withdrawal) and with her
 * biodata or account.
 */
export const helperReports = pgTable(
  "helper_reports",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    ...helperAndSupplierColumns(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.helperId] }), index("helper_reports_created_idx").on(t.createdAt)],
);
