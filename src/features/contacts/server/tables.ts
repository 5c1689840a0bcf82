/**
 * The contacts feature's own tables: one row for each time a family reached a supplier about a
 * helper, and one for each view of a biodata and each shortlisting, for the supplier's counts.
 * Rows are kept only as long as the counts need them (CONTACT_RECORD_DAYS, the daily sweep).
 */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { helperAndSupplierColumns } from "../../helpers";
import { visitors } from "../../leads";

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...helperAndSupplierColumns(),
    channel: text("channel").notNull(),
    /** Whom the button reached: `supplier`, or `site` (CONTACT_ROUTE=site, or a supplier with no phone). */
    via: text("via").notNull().default("supplier"),
    // The family's lead when their browser passed the gate; a withdrawn lead leaves the count, not the link.
    leadId: uuid("lead_id").references(() => visitors.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contacts_supplier_time_idx").on(table.supplierId, table.createdAt), index("contacts_time_idx").on(table.createdAt)],
);

/** A family's interest short of contact: `view` (the biodata page opened) or `shortlist` (added to a shortlist). */
export const interest = pgTable(
  "interest",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...helperAndSupplierColumns(),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("interest_supplier_time_idx").on(table.supplierId, table.createdAt), index("interest_time_idx").on(table.createdAt)],
);
