/**
 * The standard form's parts (A to D) in the biodata schema: every number, date and text
 * bounded, with messages for the person filling the form. helper-schema.ts adds these fields
 * to the biodata's own, so the form, the API and the database writes check them once.
 */
import { z } from "zod";
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import {
  BIODATA_LIMITS,
  evaluationMethods,
  illnesses,
  interviewModes,
  isEvaluationMethod,
  isIllness,
  isInterviewMode,
  isSkillArea,
  skillAreas,
  type EvaluationMethod,
} from "./biodata-catalogue";
import type { EmploymentRow, SkillEntry, Skills } from "./biodata-types";
import { blankToNull, checkbox, optionalText, optionalWholeNumber, slugList, yesNo } from "./schema-parts";

const { text, siblings, restDays, skillYears, rating, employmentRows } = BIODATA_LIMITS;

const MONTH = /^(\d{4})-(\d{2})$/;

/** This month as YYYY-MM, in Singapore. */
export function currentMonth(now = new Date()): string {
  return formatIsoDate(calendarDateAt(now)).slice(0, 7);
}

function month(label: string) {
  return z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: `Enter ${label} (month and year)` })
      .min(1, `Enter ${label} (month and year)`)
      .refine((value) => {
        const match = MONTH.exec(value);
        return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
      }, `Enter ${label} as a month and year (YYYY-MM)`)
      .refine(
        (value) => Number(value.slice(0, 4)) >= BIODATA_LIMITS.employmentFromYear,
        `${label[0]!.toUpperCase()}${label.slice(1)} must be in ${BIODATA_LIMITS.employmentFromYear} or later`,
      )
      .refine((value) => value <= currentMonth(), `${label[0]!.toUpperCase()}${label.slice(1)} cannot be in the future`),
  );
}

const employmentRow = z
  .object({
    from: month("the month this job started"),
    to: month("the month this job ended"),
    country: z.preprocess(
      blankToNull,
      z
        .string({ error: "Enter the country where she worked" })
        .trim()
        .min(1, "Enter the country where she worked")
        .max(text.short, `The country must be at most ${text.short} characters`),
    ),
    employer: optionalText("The employer", text.short),
    duties: optionalText("The main duties", text.medium),
    remarks: optionalText("The remarks", text.medium),
    feedback: optionalText("The employer's feedback", text.medium),
  })
  .superRefine((row, ctx) => {
    if (row.from > row.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The job cannot end before it starts: check the months" });
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
    .array(employmentRow, { error: "Send the employment history as a list of rows" })
    .max(employmentRows.max, `At most ${employmentRows.max} employment rows: remove the oldest or combine short jobs`),
) as unknown as z.ZodType<EmploymentRow[], unknown>;

const skillEntry = z
  .object({
    willing: checkbox("Willing"),
    experienced: checkbox("Experience"),
    years: optionalWholeNumber(
      "Years of experience",
      skillYears.min,
      skillYears.max,
      `Years of experience must be between ${skillYears.min} and ${skillYears.max}`,
    ),
    rating: z.preprocess(
      (value) => (typeof value === "string" && ["", "na", "n.a.", "n/a"].includes(value.trim().toLowerCase()) ? null : value),
      optionalWholeNumber("The rating", rating.min, rating.max, `The rating must be from ${rating.min} to ${rating.max} stars, or N.A.`),
    ),
    detail: optionalText("The detail", text.short),
    note: optionalText("The observation", text.medium),
  })
  // Years of experience given means she has experience, whether or not the box was ticked.
  .transform((entry): SkillEntry => ({ ...entry, experienced: entry.experienced || (entry.years ?? 0) > 0 }));

function isEmptySkill(entry: SkillEntry): boolean {
  return !entry.willing && !entry.experienced && entry.years === null && entry.rating === null && !entry.detail && !entry.note;
}

export const skillsSchema = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? {} : value),
  z
    .record(z.string(), skillEntry, { error: "Send the skills as an object of areas" })
    .superRefine((skills, ctx) => {
      for (const area of Object.keys(skills)) {
        if (!isSkillArea(area)) ctx.addIssue({ code: "custom", path: [area], message: `“${area.slice(0, 40)}” is not a skill area` });
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
    .string({ error: "Enter the available-from date as a date (YYYY-MM-DD)" })
    .trim()
    .refine((value) => parseIsoDate(value) !== undefined, "Enter the available-from date as a date (YYYY-MM-DD)")
    .refine((value) => value >= BIODATA_LIMITS.availableFromEarliest, "The available-from date is too far in the past")
    .refine(
      (value) => value <= daysAhead(BIODATA_LIMITS.availableFromDaysAhead),
      "The available-from date must be within two years from today",
    )
    .nullable(),
);

const evaluation = z.preprocess(
  blankToNull,
  z
    .string({ error: "Choose how the skills were evaluated from the list" })
    .refine((value): value is EvaluationMethod => isEvaluationMethod(value), "Choose how the skills were evaluated from the list")
    .nullable(),
) as unknown as z.ZodType<EvaluationMethod | null, unknown>;

/** A phone number as people write one: digits with spaces, dashes, brackets and a leading +. */
const homePhone = z.preprocess(
  blankToNull,
  z
    .string({ error: "The home contact number must be text" })
    .trim()
    .max(BIODATA_LIMITS.phone.max, `The home contact number must be at most ${BIODATA_LIMITS.phone.max} characters`)
    .regex(/^\+?[\d\s().-]{6,}$/, "Enter the home contact number in digits (a leading + and spaces are fine)")
    .nullable(),
);

const passportNumber = z.preprocess(
  blankToNull,
  z
    .string({ error: "The passport number must be text" })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5,20}$/, "Enter the passport number as 5 to 20 letters and digits")
    .nullable(),
);

/** The slugs of a list, as the API document names them. */
const slugs = (list: readonly { slug: string }[]) => list.map((entry) => entry.slug).join(", ");

/** The standard form's fields, each optional on a new biodata (existing ones start empty). */
export const biodataFields = {
  placeOfBirth: optionalText("Place of birth", text.short),
  siblings: optionalWholeNumber(
    "Number of siblings",
    siblings.min,
    siblings.max,
    `Number of siblings must be between ${siblings.min} and ${siblings.max}`,
  ),
  homeAddress: optionalText("Home address", text.medium),
  repatriationPort: optionalText("Repatriation port", text.short),
  homePhone,
  passportNumber,
  allergies: optionalText("Allergies", text.medium),
  illnesses: slugList("illnesses", isIllness).describe(`Any of ${slugs(illnesses)} (other: say which in illnessOther).`),
  illnessOther: optionalText("The other illness", text.medium),
  disabilities: optionalText("Physical disabilities", text.medium),
  dietaryRestrictions: optionalText("Dietary restrictions", text.medium),
  handlesPork: yesNo("Willing to handle pork"),
  handlesBeef: yesNo("Willing to handle beef"),
  foodHandlingOther: optionalText("Other food handling", text.medium),
  restDays: optionalWholeNumber(
    "Preferred rest days",
    restDays.min,
    restDays.max,
    `Preferred rest days must be between ${restDays.min} and ${restDays.max} a month`,
  ),
  otherRemarks: optionalText("Other remarks", text.long),
  skillsEvaluation: evaluation.describe(
    `How the skills were evaluated: ${slugs(evaluationMethods)} (other: say how in skillsEvaluationOther).`,
  ),
  skillsEvaluationOther: optionalText("The other method of evaluation", text.short),
  skills: skillsSchema.describe(`By skill area (${slugs(skillAreas)}).`),
  employment: employmentSchema,
  workedInSingapore: yesNo("Worked in Singapore before"),
  availableFrom: availableFrom.describe("YYYY-MM-DD, at most two years ahead; null: available now."),
  interview: slugList("how she can be interviewed", isInterviewMode).describe(
    `Any of ${slugs(interviewModes)}; none: not available for interview.`,
  ),
};

/** Checks that span fields, added to the create and update schemas. */
export function checkBiodata(
  value: { illnesses?: string[]; illnessOther?: string | null; skillsEvaluation?: string | null; skillsEvaluationOther?: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.illnesses?.includes("other") && value.illnessOther === null) {
    ctx.addIssue({ code: "custom", path: ["illnessOther"], message: "Say which other illness (or untick Other)" });
  }
  if (value.skillsEvaluation === "other" && value.skillsEvaluationOther === null) {
    ctx.addIssue({ code: "custom", path: ["skillsEvaluationOther"], message: "Say how the skills were evaluated" });
  }
}
