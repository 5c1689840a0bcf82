/**
 * The leads feature's own tables: the leads (`visitors`: a family's name and number, given at the
 * /filters gate), and withdrawals of consent (PDPA) that could not be carried out at once because
 * the visitor had no signed visitor cookie for the number: an operator confirms it is theirs and
 * deletes the lead; and the read model other features join (`lead_phones`). Other features reach
 * them through the feature's index (decision 190).
 */
import { index, integer, pgTable, pgView, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const visitors = pgTable(
  "visitors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    visits: integer("visits").notNull().default(1),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the key handed (in the visitor cookie) to the browser that first gave this
     * number: holding the key is what shows the number is that browser's (decision 082). Null
     * for leads stored before keys existed, which no browser can prove.
     */
    ownerKeyHash: text("owner_key_hash"),
    /** The filters the family last applied on /filters, as the listing's query string (bounded). */
    filters: text("filters"),
  },
  (t) => [uniqueIndex("visitors_phone_idx").on(t.phone), index("visitors_last_seen_idx").on(t.lastSeenAt.desc())],
);

export type VisitorRow = typeof visitors.$inferSelect;

/**
 * What other features may read of a lead beside their own rows (decision 190): its number, which
 * a supplier's inbox shows beside each family's conversation. A view over `visitors` (migration
 * 0025): the lead's name, visits, key and filters stay the leads feature's.
 */
export const leadPhones = pgView("lead_phones", {
  id: uuid("id").notNull(),
  /** In E.164. */
  phone: text("phone").notNull(),
}).existing();

export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The number in E.164, as leads store it. */
    phone: text("phone").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** The PDPA's reasonable time: 30 days from the request. */
    dueBy: timestamp("due_by", { withTimezone: true }).notNull(),
  },
  // One open request per number: asking again does not fill the operators' list.
  (t) => [uniqueIndex("privacy_requests_phone_idx").on(t.phone)],
);

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;
