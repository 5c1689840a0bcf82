/** The contacts feature's own table: one row for each time a family reached a supplier about a helper. */
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { helpers, user } from "../../../server/db/schema";

export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // A deleted biodata (or account) takes its counts with it: nothing is kept about nobody.
    helperId: uuid("helper_id")
      .notNull()
      .references(() => helpers.id, { onDelete: "cascade" }),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    channel: text("channel").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("contacts_supplier_time_idx").on(table.supplierId, table.createdAt)],
);
