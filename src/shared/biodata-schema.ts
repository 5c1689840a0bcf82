/**
 * The standard form's parts (A to D) in the biodata schema: every number, date and text
 * bounded, with messages for the person filling the form. helper-schema.ts adds these fields
 * to the biodata's own, so the form, the API and the database writes check them once.
 */
import { z } from "zod";
import { plainText } from "./plain-text";
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import {
  BIODATA_LIMITS,
  evaluationMethods,
  illnesses,
  interviewModes,
  directHireReasons,
  isDirectHireReason,
  isEvaluationMethod,
  isIllness,
  isInterviewMode,
  isSkillArea,
  skillAreas,
  type DirectHireReason,
  type EvaluationMethod,
} from "./biodata-catalogue";
import type { EmploymentRow, SkillEntry, Skills } from "./biodata-types";
import { m } from "./i18n/compiled/messages.js";
import { refuseGoodsWords } from "./goods-words";
import { blankToNull, checkbox, optionalText, optionalWholeNumber, slugList, yesNo } from "./schema-parts";
import { countText } from "./schema-text";

const { text, siblings, skillYears, rating, employmentRows } = BIODATA_LIMITS;

const MONTH = /^(\d{4})-(\d{2})$/;

/** This month as YYYY-MM, in Singapore. */
export function currentMonth(now = new Date()): string {
  return formatIsoDate(calendarDateAt(now)).slice(0, 7);
}

/** A job's first or last month; `label` within a sentence, `Label` to start one. */
function month(label: () => string, Label: () => string) {
  const enter = () => m.shared_error_month_enter({ label: label() });
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: enter })
      .min(1, { error: enter })
      .refine(
        (value) => {
          const match = MONTH.exec(value);
          return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
        },
        { error: () => m.shared_error_month_format({ label: label() }) },
      )
      .refine((value) => Number(value.slice(0, 4)) >= BIODATA_LIMITS.employmentFromYear, {
        error: () => m.shared_error_month_too_early({ label: Label(), year: String(BIODATA_LIMITS.employmentFromYear) }),
      })
      .refine((value) => value <= currentMonth(), { error: () => m.shared_error_month_future({ label: Label() }) }),
  );
}

const employmentRow = z
  .object({
    from: month(m.shared_error_field_job_start, m.shared_error_field_job_start_capital),
    to: month(m.shared_error_field_job_end, m.shared_error_field_job_end_capital),
    country: z.preprocess(
      blankToNull,
      z
        .string({ error: () => m.shared_error_country_enter() })
        .overwrite(plainText)
        .trim()
        .min(1, { error: () => m.shared_error_country_enter() })
        .max(text.short, { error: () => m.shared_error_country_too_long({ max: countText(text.short) }) }),
    ),
    employer: optionalText(m.shared_error_field_employer, text.short),
    duties: optionalText(m.shared_error_field_duties, text.medium),
    remarks: optionalText(m.shared_error_field_remarks, text.medium),
    feedback: optionalText(m.shared_error_field_feedback, text.medium),
  })
  .superRefine((row, ctx) => {
    if (row.from > row.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: m.shared_error_job_order() });
    }
  });

/** A row the form sent with nothing filled in (a spare row) is not a row. */
function isBlankRow(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => v === undefined || v === null || (typeof v === "string" && v.trim() === ""));
}

export const employmentSchema = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return [];
    return Array.isArray(value) ? value.filter((row) => !isBlankRow(row)) : value;
  },
  z
    .array(employmentRow, { error: () => m.shared_error_employment_list() })
    .max(employmentRows.max, { error: () => m.shared_error_employment_rows({ max: countText(employmentRows.max) }) }),
) as unknown as z.ZodType<EmploymentRow[], unknown>;

const skillEntry = z
  .object({
    willing: checkbox(m.shared_error_field_willing),
    experienced: checkbox(m.shared_error_field_experienced),
    years: optionalWholeNumber(m.shared_error_field_skill_years, skillYears.min, skillYears.max, () =>
      m.shared_error_skill_years_range({ min: countText(skillYears.min), max: countText(skillYears.max) }),
    ),
    rating: z.preprocess(
      (value) => (typeof value === "string" && ["", "na", "n.a.", "n/a"].includes(value.trim().toLowerCase()) ? null : value),
      optionalWholeNumber(m.shared_error_field_rating, rating.min, rating.max, () =>
        m.shared_error_rating_range({ min: countText(rating.min), max: countText(rating.max) }),
      ),
    ),
    detail: optionalText(m.shared_error_field_detail, text.short),
    note: optionalText(m.shared_error_field_observation, text.medium),
  })
  // Years of experience given means she has experience, whether or not the box was ticked.
  .transform((entry): SkillEntry => ({ ...entry, experienced: entry.experienced || (entry.years ?? 0) > 0 }));

function isEmptySkill(entry: SkillEntry): boolean {
  return !entry.willing && !entry.experienced && entry.years === null && entry.rating === null && !entry.detail && !entry.note;
}

export const skillsSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? {} : value),
  z
    .record(z.string(), skillEntry, { error: () => m.shared_error_skills_object() })
    .superRefine((skills, ctx) => {
      for (const area of Object.keys(skills)) {
        if (!isSkillArea(area))
          ctx.addIssue({ code: "custom", path: [area], message: m.shared_error_skill_area({ area: area.slice(0, 40) }) });
      }
    })
    .transform((skills): Skills => Object.fromEntries(Object.entries(skills).filter(([, entry]) => !isEmptySkill(entry)))),
) as unknown as z.ZodType<Skills, unknown>;

/** The areas she has experience in: what the `skill` filter matches. */
export function experiencedAreas(skills: Skills): string[] {
  return Object.entries(skills)
    .filter(([, entry]) => entry?.experienced)
    .map(([area]) => area);
}

/** The day `days` after today in Singapore, as YYYY-MM-DD. */
export function daysAhead(days: number, now = new Date()): string {
  const today = calendarDateAt(now);
  const later = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return later.toISOString().slice(0, 10);
}

const availableFrom = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_available_from_format() })
    .trim()
    .refine((value) => parseIsoDate(value) !== undefined, { error: () => m.shared_error_available_from_format() })
    .refine((value) => value >= BIODATA_LIMITS.availableFromEarliest, { error: () => m.shared_error_available_from_past() })
    .refine((value) => value <= daysAhead(BIODATA_LIMITS.availableFromDaysAhead), {
      error: () => m.shared_error_available_from_ahead(),
    })
    .nullable(),
);

const evaluation = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_evaluation() })
    .refine((value): value is EvaluationMethod => isEvaluationMethod(value), { error: () => m.shared_error_evaluation() })
    .nullable(),
) as unknown as z.ZodType<EvaluationMethod | null, unknown>;

/** A phone number as people write one: digits with spaces, dashes, brackets and a leading +. */
const homePhone = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_text({ label: m.shared_error_field_home_phone() }) })
    .trim()
    .max(BIODATA_LIMITS.phone.max, {
      error: () => m.shared_error_too_long({ label: m.shared_error_field_home_phone(), max: countText(BIODATA_LIMITS.phone.max) }),
    })
    .regex(/^\+?[\d\s().-]{6,}$/, { error: () => m.shared_error_home_phone_format() })
    .nullable(),
);

const directHireReason = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_direct_hire_reason() })
    .refine((value): value is DirectHireReason => isDirectHireReason(value), { error: () => m.shared_error_direct_hire_reason() })
    .nullable(),
) as unknown as z.ZodType<DirectHireReason | null, unknown>;

/** A transfer's release day: a date, at most two years ahead (a day past is refused too late to matter). */
const releaseDate = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_release_date() })
    .trim()
    .refine((value) => parseIsoDate(value) !== undefined, { error: () => m.shared_error_release_date() })
    .refine((value) => value >= BIODATA_LIMITS.availableFromEarliest, { error: () => m.shared_error_release_date() })
    .refine((value) => value <= daysAhead(BIODATA_LIMITS.availableFromDaysAhead), { error: () => m.shared_error_release_date() })
    .nullable(),
);

/** The slugs of a list, as the API document names them. */
const slugs = (list: readonly { slug: string }[]) => list.map((entry) => entry.slug).join(", ");

/** The standard form's fields, each optional on a new biodata (existing ones start empty). */
export const biodataFields = {
  placeOfBirth: optionalText(m.shared_error_field_place_of_birth, text.short),
  siblings: optionalWholeNumber(m.shared_error_field_siblings, siblings.min, siblings.max, () =>
    m.shared_error_siblings_range({ min: countText(siblings.min), max: countText(siblings.max) }),
  ),
  homeAddress: optionalText(m.shared_error_field_home_address, text.medium),
  repatriationPort: optionalText(m.shared_error_field_repatriation_port, text.short),
  homePhone,
  allergies: optionalText(m.shared_error_field_allergies, text.medium),
  illnesses: slugList(m.shared_error_field_illnesses, isIllness).describe(`Any of ${slugs(illnesses)} (other: say which in illnessOther).`),
  illnessOther: optionalText(m.shared_error_field_illness_other, text.medium),
  disabilities: optionalText(m.shared_error_field_disabilities, text.medium),
  dietaryRestrictions: optionalText(m.shared_error_field_dietary, text.medium),
  handlesPork: yesNo(m.shared_error_field_handles_pork),
  handlesBeef: yesNo(m.shared_error_field_handles_beef),
  foodHandlingOther: optionalText(m.shared_error_field_food_other, text.medium),
  otherRemarks: optionalText(m.shared_error_field_other_remarks, text.long).superRefine(
    refuseGoodsWords(m.shared_error_field_other_remarks),
  ),
  skillsEvaluation: evaluation.describe(
    `How the skills were evaluated: ${slugs(evaluationMethods)} (other: say how in skillsEvaluationOther).`,
  ),
  skillsEvaluationOther: optionalText(m.shared_error_field_evaluation_other, text.short),
  skills: skillsSchema.describe(`By skill area (${slugs(skillAreas)}).`),
  employment: employmentSchema,
  workedInSingapore: yesNo(m.shared_error_field_worked_in_singapore),
  availableFrom: availableFrom.describe("YYYY-MM-DD, at most two years ahead; null: available now."),
  interview: slugList(m.shared_error_field_interview, isInterviewMode).describe(
    `Any of ${slugs(interviewModes)}; none: not available for interview.`,
  ),
  directHireReason: directHireReason.describe(
    `A helper's own biodata (direct hire) only, and needed there: ${slugs(directHireReasons)}. Ignored on an agency's biodata.`,
  ),
  employerConsent: yesNo(m.shared_error_field_employer_consent).describe("A transfer: her current employer consents (needed: true)."),
  releaseDate: releaseDate.describe("A transfer: YYYY-MM-DD, the day her current employer releases her (needed)."),
};

/** Checks that span fields, added to the create and update schemas. */
export function checkBiodata(
  value: { illnesses?: string[]; illnessOther?: string | null; skillsEvaluation?: string | null; skillsEvaluationOther?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.illnesses?.includes("other") && value.illnessOther === null) {
    ctx.addIssue({ code: "custom", path: ["illnessOther"], message: m.shared_error_illness_other() });
  }
  if (value.skillsEvaluation === "other" && value.skillsEvaluationOther === null) {
    ctx.addIssue({ code: "custom", path: ["skillsEvaluationOther"], message: m.shared_error_evaluation_other() });
  }
}
