/**
 * A helper's biodata as suppliers write it: one zod schema for the API and the page forms, with
 * messages written for the person filling the form. Catalogue fields accept labels, slugs and
 * old spellings and come out as slugs; numbers may arrive as form text.
 */
import { z } from "zod";
import { hasVisibleText, plainText } from "./plain-text";
import { ageFromIso, parseIsoDate } from "./age";
import { resolveSlug, slugsOf, type CatalogueName, type LanguageLevels, type OtherLanguage, type SlugOf } from "./catalogue";
import { HELPER_LIMITS, PHOTO_UPLOAD } from "./helper-limits";
import { MEDIA_KEY_PATTERN } from "./media";
import { biodataFields, checkBiodata } from "./biodata-schema";
import { refuseGoodsWords } from "./goods-words";
import { m } from "./i18n/compiled/messages.js";
import { isUuid } from "./uuid";
import { blankToNull, blankToUndefined, optionalText, wholeNumber } from "./schema-parts";
import { countText, dollarsText, say, type Text } from "./schema-text";

export { HELPER_LIMITS, PHOTO_UPLOAD };

/** What the API document says a catalogue field takes. */
const catalogueWords = (name: CatalogueName) => `${slugsOf(name).join(", ")} (or its label or the old site's spelling, any case)`;

function catalogueValue<N extends CatalogueName>(name: N, label: Text) {
  return z
    .preprocess(
      blankToUndefined,
      z
        .string({
          error: (issue) =>
            issue.input === undefined
              ? m.shared_error_choose({ label: say(label) })
              : m.shared_error_choose_from_list({ label: say(label) }),
        })
        .transform((value, ctx): SlugOf<N> => {
          const slug = resolveSlug(name, value);
          if (!slug) {
            ctx.addIssue({ code: "custom", message: m.shared_error_choose_from_list({ label: say(label) }) });
            return z.NEVER;
          }
          return slug;
        }),
    )
    .describe(`One of ${catalogueWords(name)}.`);
}

function catalogueList<N extends CatalogueName>(name: N, label: Text) {
  const fromList = () => m.shared_error_from_list({ label: say(label) });
  return z
    .preprocess(
      (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
      z
        .array(z.string({ error: fromList }), { error: fromList })
        .max(20, { error: fromList })
        .transform((values, ctx): SlugOf<N>[] => {
          const slugs = new Set<SlugOf<N>>();
          for (const value of values.filter((v) => v.trim() !== "")) {
            const slug = resolveSlug(name, value);
            if (!slug) {
              ctx.addIssue({ code: "custom", message: m.shared_error_not_in_list({ label: say(label), value: value.slice(0, 40) }) });
              return z.NEVER;
            }
            slugs.add(slug);
          }
          return [...slugs];
        }),
    )
    .describe(`Any of ${catalogueWords(name)}.`);
}

function optionalCatalogueValue<N extends CatalogueName>(name: N, label: Text) {
  return z.preprocess(blankToNull, catalogueValue(name, label).nullable());
}

/** A language's name in the page's language, for the messages about its level. */
const languageName = (slug: string) => m.shared_language({ slug });

/**
 * Her level in each language she speaks but English, whose level is `english` (decision 134):
 * `{ "cantonese": "good" }`, the language and the level each as a slug, a label or an old
 * spelling; a level left blank or null is not stated. Each refusal names its own language
 * (`languageLevels.cantonese`).
 */
const languageLevels = z
  .preprocess(
    (value) => (value === undefined || value === null ? {} : value),
    z
      .record(z.string(), z.unknown(), { error: () => m.shared_error_from_list({ label: m.shared_error_field_other_languages() }) })
      .transform((levels, ctx): LanguageLevels => {
        if (Object.keys(levels).length > 20) {
          ctx.addIssue({ code: "custom", message: m.shared_error_from_list({ label: m.shared_error_field_other_languages() }) });
          return z.NEVER;
        }
        const known: LanguageLevels = {};
        for (const [key, value] of Object.entries(levels)) {
          const language = resolveSlug("language", key);
          if (!language) {
            ctx.addIssue({
              code: "custom",
              path: [key],
              message: m.shared_error_not_in_list({ label: m.shared_error_field_other_languages(), value: key.slice(0, 40) }),
            });
            continue;
          }
          if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) continue;
          if (language === "english") {
            ctx.addIssue({ code: "custom", path: [key], message: m.shared_error_language_level_english() });
            continue;
          }
          const level = typeof value === "string" ? resolveSlug("english", value) : undefined;
          if (!level) {
            const label = m.shared_error_field_language_level({ language: languageName(language) });
            ctx.addIssue({ code: "custom", path: [key], message: m.shared_error_choose_from_list({ label }) });
            continue;
          }
          known[language] = level;
        }
        return known;
      }),
  )
  .describe(
    `Her level in each language of \`otherLanguages\` but English (whose level is \`english\`): an object from a language (${slugsOf(
      "language",
    )
      .filter((slug) => slug !== "english")
      .join(
        ", ",
      )}) to one of ${slugsOf("english").join(", ")}. A language left out, or given a blank or null level, has its level not stated; a level for a language not in \`otherLanguages\` is refused.`,
  );

/** The languages given a level that she is not said to speak: each refused at `languageLevels.<language>`. */
export function levelsNotSpoken(languages: readonly string[], levels: LanguageLevels): OtherLanguage[] {
  return (Object.keys(levels) as OtherLanguage[]).filter((language) => !languages.includes(language));
}

/** The refusal of each level given to a language she is not said to speak. */
export function checkLanguageLevels(value: { otherLanguages?: string[]; languageLevels?: LanguageLevels }, ctx: z.RefinementCtx): void {
  if (value.otherLanguages === undefined || value.languageLevels === undefined) return;
  for (const language of levelsNotSpoken(value.otherLanguages, value.languageLevels)) {
    ctx.addIssue({
      code: "custom",
      path: ["languageLevels", language],
      message: m.shared_error_language_level_not_spoken({ language: languageName(language) }),
    });
  }
}

/** Her levels kept for the languages she still speaks, when the list changes without them. */
export function levelsOfSpoken(languages: readonly string[], levels: LanguageLevels): LanguageLevels {
  return Object.fromEntries(Object.entries(levels).filter(([language]) => languages.includes(language))) as LanguageLevels;
}

const { age, salary, offDays, heightCm, weightKg } = HELPER_LIMITS;

const dateOfBirth = z
  .preprocess(
    blankToUndefined,
    z
      .string({
        error: (issue) => (issue.input === undefined ? m.shared_error_birth_date_required() : m.shared_error_birth_date_text()),
      })
      .trim()
      .refine((value) => parseIsoDate(value) !== undefined, { error: () => m.shared_error_birth_date_format() })
      .refine(
        (value) => {
          const years = ageFromIso(value);
          return years === undefined || (years >= age.min && years <= age.max);
        },
        { error: () => m.shared_error_age_range({ min: countText(age.min), max: countText(age.max) }) },
      ),
  )
  .describe(`YYYY-MM-DD; she is ${age.min} to ${age.max} years old.`);

/** The helper's stored photo: a key from POST /api/uploads, or null for none. */
const photo = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_photo_invalid() })
    .refine((key) => MEDIA_KEY_PATTERN.test(key) && key.startsWith("helpers/"), { error: () => m.shared_error_photo_invalid() })
    .nullable(),
);

/**
 * The agency's EA personnel the biodata names (decision 163): one of its own, by id; blank or
 * null names its first registered. Whose they are is checked where the biodata is written.
 */
const eaPersonnelId = z.preprocess(
  blankToNull,
  z
    .string({ error: () => m.shared_error_ea_personnel_choose() })
    .refine(isUuid, { error: () => m.shared_error_ea_personnel_choose() })
    .nullable(),
);

/** The message when a biodata would be available without a photo; undefined when it may be saved. */
export function photoNeededToPublish(status: unknown, photo: unknown): string | undefined {
  return status === "available" && (typeof photo !== "string" || photo.trim() === "")
    ? m.shared_error_photo_before_publishing()
    : undefined;
}

export const helperStatusSchema = z.enum(["available", "reserved", "hired", "draft"], {
  error: () => m.shared_error_status(),
});

const fields = {
  name: z.preprocess(
    blankToUndefined,
    z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? m.shared_error_required({ label: m.shared_error_field_name() })
            : m.shared_error_text({ label: m.shared_error_field_name() }),
      })
      .overwrite(plainText)
      .trim()
      .min(1, { error: () => m.shared_error_required({ label: m.shared_error_field_name() }) })
      .refine(hasVisibleText, { error: () => m.shared_error_required({ label: m.shared_error_field_name() }) })
      .max(HELPER_LIMITS.name.max, {
        error: () => m.shared_error_too_long({ label: m.shared_error_field_name(), max: countText(HELPER_LIMITS.name.max) }),
      })
      .superRefine(refuseGoodsWords(m.shared_error_field_name)),
  ),
  nationality: catalogueValue("nationality", m.shared_error_field_nationality),
  experience: catalogueValue("experience", m.shared_error_field_experience),
  singaporeExperience: optionalText(m.shared_error_field_singapore_experience),
  salary: wholeNumber(m.shared_error_field_salary, salary.min, salary.max, () =>
    m.shared_error_salary_range({ min: dollarsText(salary.min), max: dollarsText(salary.max) }),
  ),
  offDays: wholeNumber(m.shared_error_field_off_days, offDays.min, offDays.max, () =>
    m.shared_error_off_days_range({ min: countText(offDays.min), max: countText(offDays.max) }),
  ),
  dateOfBirth,
  heightCm: z.preprocess(
    blankToNull,
    wholeNumber(m.shared_error_field_height, heightCm.min, heightCm.max, () =>
      m.shared_error_height_range({ min: countText(heightCm.min), max: countText(heightCm.max) }),
    ).nullable(),
  ),
  weightKg: z.preprocess(
    blankToNull,
    wholeNumber(m.shared_error_field_weight, weightKg.min, weightKg.max, () =>
      m.shared_error_weight_range({ min: countText(weightKg.min), max: countText(weightKg.max) }),
    ).nullable(),
  ),
  marital: catalogueValue("marital", m.shared_error_field_marital),
  childrenAges: optionalText(m.shared_error_field_children_ages),
  religion: catalogueValue("religion", m.shared_error_field_religion),
  english: optionalCatalogueValue("english", m.shared_error_field_english),
  motherTongue: catalogueValue("motherTongue", m.shared_error_field_mother_tongue),
  otherLanguages: catalogueList("language", m.shared_error_field_other_languages),
  languageLevels,
  education: optionalCatalogueValue("education", m.shared_error_field_education),
  cares: catalogueList("care", m.shared_error_field_cares),
  specialNotes: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: () => m.shared_error_text({ label: m.shared_error_field_special_notes() }) })
      .max(HELPER_LIMITS.specialNotes.max, { error: () => m.shared_error_special_notes_too_long() })
      .superRefine(refuseGoodsWords(m.shared_error_field_special_notes)),
  ),
  status: z.preprocess(blankToUndefined, helperStatusSchema),
  photo,
  eaPersonnelId,
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
    eaPersonnelId: fields.eaPersonnelId.optional().transform((v) => v ?? null),
  })
  .superRefine(checkBiodata)
  .superRefine(checkLanguageLevels);

/**
 * Changes to a biodata: only the fields given change; null clears an optional one. Levels sent
 * without the list are checked against the stored list where the change is written.
 */
export const helperUpdateSchema = z.object(fields).partial().superRefine(checkBiodata).superRefine(checkLanguageLevels);

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
