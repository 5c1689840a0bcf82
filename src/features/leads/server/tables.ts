/**
 * The leads feature's own table besides the leads (still `visitors` in the shared schema):
 * withdrawals of consent (PDPA) that could not be carried out at once because the visitor had no
 * signed visitor cookie for the number: an operator confirms it is theirs and deletes the lead.
 */
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
