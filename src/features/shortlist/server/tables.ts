/**
 * The shortlist feature's own table: a family's shortlist as its space keeps it, so each of its
 * devices shows the same one (a browser with no space keeps its list in itself only). Deleted
 * with the family (a withdrawal, the retention) and with a deleted biodata.
 */
import { integer, pgTable, primaryKey, timestamp, uuid } from "drizzle-orm/pg-core";
import { chatFamilies } from "../../conversations";
import { helpers } from "../../helpers";

export const familyShortlists = pgTable(
  "family_shortlists",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    helperId: uuid("helper_id")
      .notNull()
      .references(() => helpers.id, { onDelete: "cascade" }),
    /** Its place in the list, as the family ordered it. */
    position: integer("position").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.helperId] })],
);
