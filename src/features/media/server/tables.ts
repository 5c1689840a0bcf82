/**
 * The media feature's own table: uploaded images and who uploaded each, so a biodata, a notes
 * picture or an avatar can only use its own account's images, and so files are deleted only once
 * nothing uses them.
 */
import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "../../accounts";

export const uploads = pgTable(
  "uploads",
  {
    /** The media key (`helpers/<name>`, `avatars/<name>`); its files are `<key>.webp` and `<key>-thumb.webp`. */
    key: text("key").primaryKey(),
    /** Null once the account is deleted: its images then wait for the sweep like any orphan. */
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** `helper` (biodata photo or notes picture) or `avatar`. */
    purpose: text("purpose").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** What last took it into use (`helper:<id>`, `notes:<id>`, `avatar:<user id>`); null while unused. */
    usedBy: text("used_by"),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId), index("uploads_created_idx").on(t.createdAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
