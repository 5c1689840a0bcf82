/**
 * The alerts feature's own tables: a family's saved searches (docs/glossary.md), the helpers each
 * has matched, the addresses that asked to hear nothing more, and the one-time links that confirm
 * an address. Searches and their rows go with the family (a withdrawal, the retention).
 */
import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatFamilies } from "../../conversations";
import { helpers } from "../../helpers";

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    /** The listing's address parameters, in one canonical spelling (criteria.ts): equal criteria, equal text. */
    criteria: text("criteria").notNull(),
    /**
     * The criteria's parameters one by one (`category=myanmar`): the listing's conditions are one
     * per parameter, all to hold, so a search matches a biodata when every one of these does.
     */
    atoms: text("atoms").array().notNull(),
    /** `daily` (a digest at 08:00 Singapore time) or `instant`. */
    frequency: text("frequency").notNull(),
    email: text("email").notNull(),
    /** The language its mails speak (a family language). */
    locale: text("locale").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** Set by an unsubscribe: nothing more is sent, until the family confirms again. */
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /** The Singapore day of the last digest sent, and of the instant alerts counted in `sentOnDay`. */
    lastSentOn: date("last_sent_on", { mode: "string" }),
    sentOnDay: integer("sent_on_day").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The searches of the criteria a new biodata answers (saved_criteria) are found by this index.
    index("saved_searches_live_criteria_idx")
      .on(t.criteria)
      .where(sql`${t.confirmedAt} is not null and ${t.unsubscribedAt} is null`),
    index("saved_searches_family_idx").on(t.familyId),
  ],
);

export const alertMatches = pgTable(
  "alert_matches",
  {
    searchId: uuid("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    helperId: uuid("helper_id")
      .notNull()
      .references(() => helpers.id, { onDelete: "cascade" }),
    /**
     * `known`: listed when the search was confirmed (never sent); `pending`: to be sent; `sent`;
     * `dropped`: no longer a match when its mail was made.
     */
    state: text("state").notNull(),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    // One row a helper and search: a helper is never sent twice for one search.
    primaryKey({ columns: [t.searchId, t.helperId] }),
    index("alert_matches_pending_idx")
      .on(t.searchId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Every distinct criteria the saved searches name, with its parameters one by one. Families ask
 * alike, so these are far fewer than the searches: a new biodata is matched against them, by the
 * GIN index (`atoms <@ answered`), and the searches follow by their criteria. Rows no search
 * names any more are deleted (`forgetUnused`).
 */
export const savedCriteria = pgTable(
  "saved_criteria",
  {
    criteria: text("criteria").primaryKey(),
    atoms: text("atoms").array().notNull(),
  },
  (t) => [index("saved_criteria_atoms_idx").using("gin", t.atoms)],
);

/** Every parameter a saved search names: what a new biodata is read against (a few hundred at most). */
export const savedSearchAtoms = pgTable("saved_search_atoms", {
  atom: text("atom").primaryKey(),
});

/** Addresses that unsubscribed, as a keyed hash: mailed nothing until a family confirms them again. */
export const alertSuppressions = pgTable("alert_suppressions", {
  emailHash: text("email_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The link that confirms a search's address: kept as its SHA-256, used once, good for a day. */
export const alertPasses = pgTable("alert_passes", {
  tokenHash: text("token_hash").primaryKey(),
  searchId: uuid("search_id")
    .notNull()
    .references(() => savedSearches.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * Each helper's status as the alerts last saw it, so a change of status is told from an edit of
 * another field (the first rows were copied from the helpers when the table was made).
 */
export const alertHelperStatuses = pgTable("alert_helper_statuses", {
  helperId: uuid("helper_id")
    .primaryKey()
    .references(() => helpers.id, { onDelete: "cascade" }),
  status: text("status").notNull(),
});

/**
 * A helper the family shortlisted or wrote about became reserved or hired: told in the family's
 * next digest, once (`sent_at`), whatever the number of deliveries of the change.
 */
export const alertStatusNews = pgTable(
  "alert_status_news",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    helperId: uuid("helper_id")
      .notNull()
      .references(() => helpers.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    noticedAt: timestamp("noticed_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.familyId, t.helperId, t.status] }),
    index("alert_status_news_unsent_idx")
      .on(t.familyId)
      .where(sql`${t.sentAt} is null`),
  ],
);
