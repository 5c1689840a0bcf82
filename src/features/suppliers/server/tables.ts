/**
 * The suppliers feature's own table: each licensed agency's registered EA personnel. The helpers
 * feature's biodata name one of them (a foreign key, and the check that the one named is the
 * agency's own, which this feature's index exports).
 */
import { pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { user } from "../../accounts";

/**
 * A licensed agency's registered EA personnel (MOM's registration number, e.g. R1234567): each
 * biodata names one, the first registered until the agency chooses (decisions 162, 163).
 */
export const eaPersonnel = pgTable(
  "ea_personnel",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    registrationNumber: text("registration_number").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    /** The operator who checked them in MOM's directory (decision 163); null for the demo data's. */
    checkedBy: text("checked_by").references((): AnyPgColumn => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("ea_personnel_supplier_registration_idx").on(t.supplierId, t.registrationNumber)],
);
