/**
 * The accounts feature's own tables: better-auth's (names and columns as its Drizzle adapter
 * expects, auth.ts hands them to it), with the supplier's fields on `user`; and the read model
 * other features join (`account_profiles`). Other features reach them through the feature's
 * index: a foreign key names `user`, a read goes through the read model or a function the index
 * exports (decision 190).
 */
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, pgView, text, timestamp, uniqueIndex, type AnyPgColumn } from "drizzle-orm/pg-core";
import { LICENCE_INDEX } from "../../../shared/licence";
import { timestamps } from "../../../server/db/schema";

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("supplier"),
    companyName: text("company_name"),
    eaLicenceNumber: text("ea_licence_number"),
    // An operator's check of the licence against MOM's directory (decision 100): when, by whom
    // (null for the demo data's), and how. A trigger clears them when the licence changes.
    licenceCheckedAt: timestamp("licence_checked_at", { withTimezone: true }),
    licenceCheckedBy: text("licence_checked_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    licenceCheckNote: text("licence_check_note"),
    // An operator's refusal of a licence (decision 164): the number refused, when, by whom and
    // why. While set, nothing of the account is public; the refused number is free for its real
    // holder (the unique index leaves it out). A check clears it; so does giving no licence.
    licenceRefusedNumber: text("licence_refused_number"),
    licenceRefusedAt: timestamp("licence_refused_at", { withTimezone: true }),
    licenceRefusedBy: text("licence_refused_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    licenceRefusalReason: text("licence_refusal_reason"),
    phone: text("phone"),
    /** The supplier's Telegram user name, without the @: families' Telegram button opens it. */
    telegram: text("telegram"),
    /** The supplier's language for their own pages (decision 113); null: English. */
    locale: text("locale"),
    ...timestamps,
  },
  // One account per licence, however it was typed (decision 100), a refused number left out (decision 164).
  (t) => [
    uniqueIndex(LICENCE_INDEX)
      .on(sql`upper(regexp_replace(${t.eaLicenceNumber}, '\\s', '', 'g'))`)
      .where(sql`${t.licenceRefusedNumber} is null or ${t.eaLicenceNumber} <> ${t.licenceRefusedNumber}`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export type UserRow = typeof user.$inferSelect;

/**
 * What other features may read of an account beside their own rows (decision 190): who it is and
 * how families reach it (its cards, conversations, the supplier pages), its e-mail and language
 * (the notices it is sent), its licence as claimed and checked (the supplier pages show it only
 * once checked), and whether it may show anything (`ownerMayShow`). Not its password, sessions,
 * role or the operators' notes. A view over `user` (migration 0025), which PostgreSQL reads as
 * the table itself: a join on it costs what the join on `user` cost.
 */
export const accountProfiles = pgView("account_profiles", {
  id: text("id").notNull(),
  name: text("name").notNull(),
  companyName: text("company_name"),
  image: text("image"),
  phone: text("phone"),
  telegram: text("telegram"),
  email: text("email").notNull(),
  /** The account's language for its own pages and mails; null: English. */
  locale: text("locale"),
  eaLicenceNumber: text("ea_licence_number"),
  licenceCheckedAt: timestamp("licence_checked_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** The e-mail is confirmed, or the account is an operator's (trusted as it is, decision 085). */
  emailConfirmed: boolean("email_confirmed").notNull(),
  /** An operator refuses its licence (decision 164): nothing of it is public meanwhile. */
  licenceRefused: boolean("licence_refused").notNull(),
  /** A helper's own account (role `helper`): her biodata is a direct hire (decision 197). */
  directHire: boolean("direct_hire").notNull(),
  /** Changes with every update of the account's row (its `xmin`): what a cache of its cards compares. */
  version: text("version").notNull(),
}).existing();

export type AccountProfile = typeof accountProfiles.$inferSelect;

/**
 * An operator's check of a helper's identity (decision 197): who checked, when, and which kind
 * of document was seen. Never the document's number nor a copy of it (decision 160). Until a
 * row exists her page says her identity is not yet checked.
 */
export const identityChecks = pgTable("identity_checks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  documentKind: text("document_kind").notNull(),
  checkedBy: text("checked_by").references(() => user.id, { onDelete: "set null" }),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});
