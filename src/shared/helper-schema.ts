/**
 * A helper's biodata as suppliers write it: one zod schema for the API and the page forms, with
 * messages written for the person filling the form. Catalogue fields accept labels, slugs and
 * old spellings and come out as slugs; numbers may arrive as form text.
 */
import { z } from "zod";
import { ageFromIso, parseIsoDate } from "./age";
import { resolveSlug, slugsOf, type CatalogueName, type SlugOf } from "./catalogue";
import { HELPER_LIMITS, PHOTO_UPLOAD } from "./helper-limits";
import { MEDIA_KEY_PATTERN } from "./media";
import { biodataFields, checkBiodata } from "./biodata-schema";
import { blankToNull, blankToUndefined, optionalText, wholeNumber } from "./schema-parts";

export { HELPER_LIMITS, PHOTO_UPLOAD };

/** What the API document says a catalogue field takes. */
const catalogueWords = (name: CatalogueName) => `${slugsOf(name).join(", ")} (or its label or the old site's spelling, any case)`;

function catalogueValue<N extends CatalogueName>(name: N, label: string) {
  return z
    .preprocess(
      blankToUndefined,
      z
        .string({ error: (issue) => (issue.input === undefined ? `Choose the ${label}` : `Choose the ${label} from the list`) })
        .transform((value, ctx): SlugOf<N> => {
          const slug = resolveSlug(name, value);
          if (!slug) {
            ctx.addIssue({ code: "custom", message: `Choose the ${label} from the list` });
            return z.NEVER;
          }
          return slug;
        }),
    )
    .describe(`One of ${catalogueWords(name)}.`);
}

function catalogueList<N extends CatalogueName>(name: N, label: string) {
  return z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.string({ error: `Choose ${label} from the list` }), { error: `Choose ${label} from the list` })
        .max(20, `Choose ${label} from the list`)
        .transform((values, ctx): SlugOf<N>[] => {
          const slugs = new Set<SlugOf<N>>();
          for (const value of values.filter((v) => v.trim() !== "")) {
            const slug = resolveSlug(name, value);
            if (!slug) {
              ctx.addIssue({ code: "custom", message: `Choose ${label} from the list (“${value.slice(0, 40)}” is not one)` });
              return z.NEVER;
            }
            slugs.add(slug);
          }
          return [...slugs];
        }),
    )
    .describe(`Any of ${catalogueWords(name)}.`);
}

function optionalCatalogueValue<N extends CatalogueName>(name: N, label: string) {
  return z.preprocess(blankToNull, catalogueValue(name, label).nullable());
}

const { age, salary, offDays, heightCm, weightKg } = HELPER_LIMITS;

const dateOfBirth = z
  .preprocess(
    blankToUndefined,
    z
      .string({
        error: (issue) => (issue.input === undefined ? "Date of birth is required" : "Enter the date of birth as a date"),
      })
      .trim()
      .refine((value) => parseIsoDate(value) !== undefined, "Enter the date of birth as a date (YYYY-MM-DD)")
      .refine((value) => {
        const years = ageFromIso(value);
        return years === undefined || (years >= age.min && years <= age.max);
      }, `The helper must be between ${age.min} and ${age.max} years old`),
  )
  .describe(`YYYY-MM-DD; she is ${age.min} to ${age.max} years old.`);

/** The helper's stored photo: a key from POST /api/uploads, or null for none. */
const photo = z.preprocess(
  blankToNull,
  z
    .string({ error: "The photo is not valid: upload it again" })
    .refine((key) => MEDIA_KEY_PATTERN.test(key) && key.startsWith("helpers/"), "The photo is not valid: upload it again")
    .nullable(),
);

export const PHOTO_BEFORE_PUBLISHING =
  "Add a photo before making this biodata available: families choose by the photo. Save it as a draft until then.";

/** The message when a biodata would be available without a photo; undefined when it may be saved. */
export function photoNeededToPublish(status: unknown, photo: unknown): string | undefined {
  return status === "available" && (typeof photo !== "string" || photo.trim() === "") ? PHOTO_BEFORE_PUBLISHING : undefined;
}

export const helperStatusSchema = z.enum(["available", "reserved", "hired", "draft"], {
  error: "Choose a status: available, reserved, hired or draft",
});

const fields = {
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: (issue) => (issue.input === undefined ? "Name is required" : "Name must be text") })
      .trim()
      .min(1, "Name is required")
      .max(HELPER_LIMITS.name.max, `Name must be at most ${HELPER_LIMITS.name.max} characters`),
  ),
  nationality: catalogueValue("nationality", "nationality"),
  experience: catalogueValue("experience", "experience"),
  singaporeExperience: optionalText("Singapore experience"),
  salary: wholeNumber("Salary", salary.min, salary.max, "Salary must be between $300 and $3,000 a month"),
  offDays: wholeNumber("Days off", offDays.min, offDays.max, `Days off must be between ${offDays.min} and ${offDays.max} a month`),
  dateOfBirth,
  heightCm: z.preprocess(
    blankToNull,
    wholeNumber("Height", heightCm.min, heightCm.max, `Height must be between ${heightCm.min} and ${heightCm.max} cm`).nullable(),
  ),
  weightKg: z.preprocess(
    blankToNull,
    wholeNumber("Weight", weightKg.min, weightKg.max, `Weight must be between ${weightKg.min} and ${weightKg.max} kg`).nullable(),
  ),
  marital: catalogueValue("marital", "marital status"),
  childrenAges: optionalText("Children's ages"),
  religion: catalogueValue("religion", "religion"),
  english: optionalCatalogueValue("english", "English level"),
  motherTongue: catalogueValue("motherTongue", "mother tongue"),
  otherLanguages: catalogueList("language", "other languages"),
  education: optionalCatalogueValue("education", "education"),
  cares: catalogueList("care", "care types"),
  specialNotes: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: "Special notes must be text" })
      .max(HELPER_LIMITS.specialNotes.max, "Special notes are too long: shorten them or use fewer images"),
  ),
  status: z.preprocess(blankToUndefined, helperStatusSchema),
  photo,
  ...biodataFields,
};

/** The standard form's fields as a new biodata takes them: each may be left out (empty). */
const newBiodataFields = Object.fromEntries(
  Object.entries(biodataFields).map(([key, schema]) => [key, schema.optional().transform((v: unknown) => v ?? null)]),
) as unknown as { [K in keyof typeof biodataFields]: (typeof biodataFields)[K] };

/** A new biodata: what a form or an API call sends. Unknown fields (an id, a supplier) are dropped. */
export const helperCreateSchema = z
  .object({
    ...fields,
    ...newBiodataFields,
    illnesses: biodataFields.illnesses,
    interview: biodataFields.interview,
    skills: biodataFields.skills,
    employment: biodataFields.employment,
    singaporeExperience: fields.singaporeExperience.optional().transform((v) => v ?? null),
    heightCm: fields.heightCm.optional().transform((v) => v ?? null),
    weightKg: fields.weightKg.optional().transform((v) => v ?? null),
    childrenAges: fields.childrenAges.optional().transform((v) => v ?? null),
    english: fields.english.optional().transform((v) => v ?? null),
    education: fields.education.optional().transform((v) => v ?? null),
    // A new biodata is listed at once unless the supplier keeps it as a draft.
    status: z.preprocess(blankToUndefined, helperStatusSchema.default("available")),
    photo: fields.photo.optional().transform((v) => v ?? null),
  })
  .superRefine(checkBiodata);

/** Changes to a biodata: only the fields given change; null clears an optional one. */
export const helperUpdateSchema = z.object(fields).partial().superRefine(checkBiodata);

export type HelperCreateInput = z.output<typeof helperCreateSchema>;
export type HelperUpdateInput = z.output<typeof helperUpdateSchema>;

/** A field's name as forms write it: `skills.cooking.rating`, `employment[2].to`. */
export function fieldName(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "form";
  return path.reduce<string>((name, key, i) => {
    if (typeof key === "number") return `${name}[${key}]`;
    return i === 0 ? String(key) : `${name}.${String(key)}`;
  }, "");
}

/** Field -> first message, as the API's `fields` and the forms show them. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    errors[fieldName(issue.path)] ??= issue.message;
  }
  return errors;
}
