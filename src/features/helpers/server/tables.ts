/**
 * The helpers feature's own table: the biodata, each numbered from a sequence of its own (DH1001
 * on), each its supplier's (an account) and naming one of its agency's EA personnel (the
 * suppliers feature's); and the read model other features join (`helper_names`). Other features
 * reach them through the feature's index (decision 190).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  pgView,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { EmploymentRow, Skills } from "../../../shared/biodata-types";
import type { LanguageLevels } from "../../../shared/catalogue";
import { timestamps } from "../../../server/db/schema";
import { user } from "../../accounts";
import { eaPersonnel } from "../../suppliers";

export const helperRefSequence = pgSequence("helper_ref_seq", { startWith: 1001 });

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
     * A direct hire's biodata (decision 197): why she is free to be hired directly (a transfer,
     * finishing her contract, a former Singapore helper now abroad); for a transfer, her current
     * employer's consent and her release date. Null on agencies' biodata.
     */
    directHireReason: text("direct_hire_reason"),
    employerConsent: boolean("employer_consent"),
    releaseDate: date("release_date", { mode: "string" }),
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

export type HelperRow = typeof helpers.$inferSelect;
export type NewHelperRow = typeof helpers.$inferInsert;

/**
 * What other features may read of a biodata beside their own rows (decision 190): its name and
 * reference, which conversations and contacts are listed by, whatever its status (a conversation
 * stays about her once she is hired), and that status, which a family's space marks. A view over
 * `helpers` (migrations 0025 and 0026).
 */
export const helperNames = pgView("helper_names", {
  id: uuid("id").notNull(),
  ref: text("ref").notNull(),
  name: text("name").notNull(),
  status: text("status").notNull(),
}).existing();

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
