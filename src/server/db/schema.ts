import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { LICENCE_INDEX } from "../../shared/licence";
import type { EmploymentRow, Skills } from "../../shared/biodata-types";
import type { LanguageLevels } from "../../shared/catalogue";

/** When a row was made and last changed; a feature's own tables use them too. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------------------------
// better-auth's tables (names and columns as its Drizzle adapter expects), with the supplier's
// fields on `user`.

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

/** better-auth's rate-limit counters, kept in the database so several instances share them. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Helpers (biodata)

export const helperRefSequence = pgSequence("helper_ref_seq", { startWith: 1001 });

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

export const helpers = pgTable(
  "helpers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ref: text("ref")
      .notNull()
      .unique()
      .default(sql`'DH' || nextval('helper_ref_seq')`),
    name: text("name").notNull(),
    nationality: text("nationality").notNull(),
    experience: text("experience").notNull(),
    singaporeExperience: text("singapore_experience"),
    salary: integer("salary").notNull(),
    offDays: integer("off_days").notNull(),
    dateOfBirth: date("date_of_birth", { mode: "string" }).notNull(),
    heightCm: integer("height_cm"),
    weightKg: integer("weight_kg"),
    marital: text("marital").notNull(),
    childrenAges: text("children_ages"),
    religion: text("religion").notNull(),
    english: text("english"),
    motherTongue: text("mother_tongue").notNull(),
    otherLanguages: text("other_languages")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Her level in each of `other_languages` but English (decision 134); a language not here: level not stated. */
    languageLevels: jsonb("language_levels")
      .$type<LanguageLevels>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    education: text("education"),
    cares: text("cares")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    specialNotes: text("special_notes").notNull().default(""),
    photo: text("photo"),
    // The Ministry of Manpower's standard form, parts A to D (empty on older biodata).
    placeOfBirth: text("place_of_birth"),
    siblings: integer("siblings"),
    homeAddress: text("home_address"),
    repatriationPort: text("repatriation_port"),
    homePhone: text("home_phone"),
    allergies: text("allergies"),
    illnesses: text("illnesses")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    illnessOther: text("illness_other"),
    disabilities: text("disabilities"),
    dietaryRestrictions: text("dietary_restrictions"),
    handlesPork: boolean("handles_pork"),
    handlesBeef: boolean("handles_beef"),
    foodHandlingOther: text("food_handling_other"),
    otherRemarks: text("other_remarks"),
    skillsEvaluation: text("skills_evaluation"),
    skillsEvaluationOther: text("skills_evaluation_other"),
    /** Area -> willingness, experience, years, rating, detail, note (checked by the shared schema). */
    skills: jsonb("skills")
      .$type<Skills>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** The areas she has experience in, kept with `skills` for the indexed `skill` filter. */
    skillAreas: text("skill_areas")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    employment: jsonb("employment")
      .$type<EmploymentRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    workedInSingapore: boolean("worked_in_singapore"),
    /** Null: available now. */
    availableFrom: date("available_from", { mode: "string" }),
    interview: text("interview")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status").notNull().default("draft"),
    /**
     * The agency's EA personnel this biodata names (decision 163); null: its first registered.
     * Removing the person sets it back to null, so the biodata names the first again.
     */
    eaPersonnelId: uuid("ea_personnel_id").references((): AnyPgColumn => eaPersonnel.id, { onDelete: "set null" }),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    // The listing: available helpers, newest first, then narrowed by the filter columns.
    index("helpers_available_published_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'available'`),
    index("helpers_available_nationality_idx")
      .on(t.nationality, t.publishedAt.desc())
      .where(sql`${t.status} = 'available'`),
    index("helpers_available_salary_idx")
      .on(t.salary)
      .where(sql`${t.status} = 'available'`),
    index("helpers_available_dob_idx")
      .on(t.dateOfBirth)
      .where(sql`${t.status} = 'available'`),
    index("helpers_experience_idx").on(t.experience),
    index("helpers_mother_tongue_idx").on(t.motherTongue),
    index("helpers_marital_idx").on(t.marital),
    index("helpers_religion_idx").on(t.religion),
    index("helpers_cares_idx").using("gin", t.cares),
    index("helpers_other_languages_idx").using("gin", t.otherLanguages),
    index("helpers_supplier_idx").on(t.supplierId, t.status),
    index("helpers_skill_areas_idx").using("gin", t.skillAreas),
    index("helpers_interview_idx").using("gin", t.interview),
    index("helpers_available_from_idx")
      .on(t.availableFrom)
      .where(sql`${t.status} = 'available'`),
    // Search (q=): trigram indexes answer ILIKE '%term%' without reading every row. The
    // pg_trgm extension they need is created by the migration that adds them.
    index("helpers_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("helpers_ref_trgm_idx").using("gin", t.ref.op("gin_trgm_ops")),
  ],
);

// ---------------------------------------------------------------------------------------------
// Visitors (leads) and the outbox of notifications to deliver

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

/**
 * A confirmation waiting for the page a form redirected to (decision 050): shown once, to the
 * account it was written for, and deleted as it is shown. The `flash` cookie carries only the id.
 */
export const flashMessages = pgTable(
  "flash_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The page it is for, as pagePath() writes it. */
    path: text("path").notNull(),
    text: text("text").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("flash_messages_expires_idx").on(t.expiresAt)],
);

/**
 * Changes announced to every instance (decision 189): written by the tables' triggers in the
 * transaction that makes the change, so an event exists exactly when its change committed; each
 * instance reads the ones it has not delivered (told by a NOTIFY, and on a timer in case one was
 * missed) and hands them to its listeners. Kept a day.
 */
export const siteEvents = pgTable(
  "site_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What happened: `listing` (what the public sees of biodata or suppliers changed). */
    name: text("name").notNull(),
    /** What the event names, as the triggers write it ("helpers:<id>,…", "user:<id>,…"). */
    payload: text("payload").notNull(),
    /** The clock at the statement that announced it (not the transaction's start). */
    createdAt: timestamp("created_at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index("site_events_created_idx").on(t.createdAt)],
);

/**
 * Settings an operator changes on the site's pages, one row each (decision 114): the families'
 * default language (`family_locale`).
 */
export const siteSettings = pgTable("site_settings", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
});

export type UserRow = typeof user.$inferSelect;
export type HelperRow = typeof helpers.$inferSelect;
export type NewHelperRow = typeof helpers.$inferInsert;
export type VisitorRow = typeof visitors.$inferSelect;

/**
 * A row about one biodata, for a feature's own table: the helper and her supplier, each deleted
 * with what they point at (a deleted biodata or account takes its counts and threads with it).
 */
export function helperAndSupplierColumns() {
  return {
    helperId: uuid("helper_id")
      .notNull()
      .references(() => helpers.id, { onDelete: "cascade" }),
    supplierId: text("supplier_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  };
}
