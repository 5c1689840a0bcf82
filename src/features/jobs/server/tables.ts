/**
 * The jobs feature's own tables: what a family says it needs (a job post) and the helpers
 * suppliers offer for it (proposals). Both go with the family (a withdrawal, the retention):
 * a post references its family, a proposal its post, with ON DELETE CASCADE.
 */
import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { chatFamilies } from "../../conversations";
import { helperAndSupplierColumns } from "../../helpers";

export const jobPosts = pgTable(
  "job_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => chatFamilies.id, { onDelete: "cascade" }),
    /** Catalogue slugs (`care`): every one of them is needed. */
    cares: text("cares").array().notNull(),
    adults: integer("adults").notNull(),
    /** The children's ages in years, youngest first. */
    childrenAges: integer("children_ages")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    elderly: boolean("elderly").notNull().default(false),
    /** What the elderly person needs (model.ts `ELDER_NEEDS`). */
    elderlyNeeds: text("elderly_needs")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The kind of home (`HOMES`) and its district (`DISTRICTS`): nothing finer is kept. */
    home: text("home").notNull(),
    district: text("district").notNull(),
    /** Catalogue slugs (`language`). */
    languages: text("languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startDate: date("start_date", { mode: "string" }).notNull(),
    salaryMin: integer("salary_min").notNull(),
    salaryMax: integer("salary_max").notNull(),
    offDays: integer("off_days").notNull(),
    /** Catalogue slugs (`nationality`); empty: any. */
    nationalities: text("nationalities")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** As the family wrote it (invisible characters taken out); never a number, an address or an identity number. */
    description: text("description").notNull().default(""),
    /** open, paused or filled; an open post past `expiresAt` is closed. */
    status: text("status").notNull().default("open"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Hidden by an operator, with the reason the family is shown. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    /** Reported by a supplier for an operator to look at. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("job_posts_open_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'open' and ${t.hiddenAt} is null`),
    index("job_posts_family_idx").on(t.familyId),
  ],
);

export const jobProposals = pgTable(
  "job_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobPosts.id, { onDelete: "cascade" }),
    ...helperAndSupplierColumns(),
    message: text("message").notNull(),
    /** pending, accepted or declined (closed quietly: the supplier is told nothing more). */
    status: text("status").notNull().default("pending"),
    /** The conversation an acceptance opened (the conversations feature's). */
    conversationId: uuid("conversation_id"),
    /** Reported by the family for an operator to look at; hidden by an operator. */
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    // A helper is proposed for a job once, whoever proposes her.
    uniqueIndex("job_proposals_job_helper_idx").on(t.jobId, t.helperId),
    index("job_proposals_supplier_idx").on(t.supplierId, t.jobId),
  ],
);
