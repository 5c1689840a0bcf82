/**
 * The biodata form's folding sections as data: each section's title, its fields in order (the
 * form draws them with one field row each) and the names it answers for, so the form can say how
 * many sections are complete and open the one holding a refused field. Options come from the
 * catalogue, so a renamed or added choice changes the form with it.
 */
import type { FieldProps } from "../../../ui/field";
import { BIODATA_LIMITS, evaluationMethods, illnesses, interviewModes } from "../../../shared/biodata-catalogue";
import { catalogue, type CatalogueName } from "../../../shared/catalogue";
import { HELPER_LIMITS } from "../../../shared/helper-limits";
import { optionsOf } from "../../../shared/options";
import type { BiodataFormValues } from "./biodata-form-values";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type FieldName = Exclude<keyof BiodataFormValues, "skills" | "employment">;
/** One field as the form shows it: Field's props, named by the value it holds. */
export type FieldSpec = DistributiveOmit<Exclude<FieldProps, { kind: "custom" }>, "field"> & { name: FieldName };

/** A skill's rating left at N.A. says nothing about her: it does not make a section complete. */
export const NOT_RATED = "na";

export interface FormSectionSpec {
  id: "personal" | "languages" | "private" | "medical" | "experience" | "skills" | "employment" | "availability" | "notes";
  title: string;
  intro?: string;
  fields: FieldSpec[];
  /** Names beyond its fields that it holds (`skills.cooking.years`, `employment[0].to`, the photo). */
  holds?: string[];
}

const options = (name: CatalogueName) => optionsOf(catalogue[name]);
const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];
/** A number box: empty until typed in, whole numbers within the limits. */
const whole = ({ min, max }: { min: number; max: number }) => ({ type: "number", inputMode: "numeric", min, max, step: 1 }) as const;
const select = (name: FieldName, label: string, choices: { value: string; label: string }[], placeholder = "Not given") =>
  ({ kind: "select", name, label, options: choices, placeholder }) as const;
/** A choice the form cannot be saved without: no "Not given" among its options. */
const choose = (name: FieldName, label: string, choices: { value: string; label: string }[]): FieldSpec => ({
  ...select(name, label, choices, "Select…"),
  required: true,
});
const text = (name: FieldName, label: string, maxLength: number, more: Partial<FieldSpec> = {}) =>
  ({ name, label, maxLength, ...more }) as FieldSpec;

const { text: lengths, siblings, restDays, phone, passport } = BIODATA_LIMITS;
const { salary, offDays, heightCm, weightKg, shortText } = HELPER_LIMITS;

export const FORM_SECTIONS: readonly FormSectionSpec[] = [
  {
    id: "personal",
    title: "Personal",
    fields: [
      text("name", "Name", HELPER_LIMITS.name.max, { required: true, autoComplete: "off" }),
      choose("nationality", "Nationality", options("nationality")),
      { name: "dateOfBirth", label: "Date of birth", type: "date", required: true },
      text("placeOfBirth", "Place of birth", lengths.short),
      { name: "heightCm", label: "Height (cm)", ...whole(heightCm) },
      { name: "weightKg", label: "Weight (kg)", ...whole(weightKg) },
      choose("marital", "Marital status", options("marital")),
      text("childrenAges", "Children's ages", shortText.max, { placeholder: "For example: 5, 9" }),
      { name: "siblings", label: "Number of siblings", ...whole(siblings) },
      choose("religion", "Religion", options("religion")),
      select("education", "Education", options("education")),
    ],
  },
  {
    id: "languages",
    title: "Languages",
    fields: [
      choose("motherTongue", "Mother tongue", options("motherTongue")),
      select("english", "English", options("english")),
      { kind: "checkboxes", name: "otherLanguages", label: "Other languages", options: options("language") },
    ],
  },
  {
    id: "private",
    title: "Private details",
    intro: "Shown only to you and the site's operators, and in your copy of the PDF; never to families.",
    fields: [
      text("homeAddress", "Home address", lengths.medium, { autoComplete: "off" }),
      text("repatriationPort", "Repatriation port or airport", lengths.short, { autoComplete: "off" }),
      text("homePhone", "Home contact number", phone.max, { type: "tel", autoComplete: "off" }),
      text("passportNumber", "Passport number", passport.max, { autoComplete: "off" }),
    ],
  },
  {
    id: "medical",
    title: "Medical and diet",
    fields: [
      text("allergies", "Allergies", lengths.medium),
      text("disabilities", "Physical disabilities", lengths.medium),
      text("dietaryRestrictions", "Dietary restrictions", lengths.medium),
      { kind: "checkboxes", name: "illnesses", label: "Past and existing illnesses", options: optionsOf(illnesses) },
      text("illnessOther", "Other illness (if Other)", lengths.medium),
      select("handlesPork", "Willing to handle pork", YES_NO),
      select("handlesBeef", "Willing to handle beef", YES_NO),
      text("foodHandlingOther", "Other food handling", lengths.medium),
    ],
  },
  {
    id: "experience",
    title: "Experience",
    fields: [
      choose("experience", "Experience", options("experience")),
      text("singaporeExperience", "Singapore experience", shortText.max, {
        placeholder: "For example: 4 years with a family of five",
      }),
      { kind: "checkboxes", name: "cares", label: "Can care for", options: options("care") },
    ],
  },
  {
    id: "skills",
    title: "Skills",
    fields: [
      select("skillsEvaluation", "Method of evaluation", optionsOf(evaluationMethods)),
      text("skillsEvaluationOther", "Other method (if Other)", lengths.short),
    ],
    holds: ["skills"],
  },
  {
    id: "employment",
    title: "Employment history",
    fields: [select("workedInSingapore", "Has she worked in Singapore before?", YES_NO)],
    holds: ["employment"],
  },
  {
    id: "availability",
    title: "Availability and pay",
    fields: [
      { name: "availableFrom", label: "Available from", type: "date", hint: "Leave empty if she can start now." },
      { name: "salary", label: "Salary ($ a month)", ...whole(salary), required: true },
      { name: "offDays", label: "Days off (a month)", ...whole(offDays), required: true },
      { name: "restDays", label: "Preferred rest days (a month)", ...whole(restDays) },
      {
        kind: "checkboxes",
        name: "interview",
        label: "Interview",
        options: optionsOf(interviewModes),
        hint: "Tick none if she is not available for interview.",
      },
    ],
  },
  {
    id: "notes",
    title: "Notes and photo",
    fields: [{ kind: "textarea", name: "otherRemarks", label: "Other remarks", maxLength: lengths.long, rows: 3 }],
    holds: ["specialNotes", "photo"],
  },
];

/** The form's values as the browser would post them: `[name, value]` pairs, lists repeated. */
export type Entries = readonly (readonly [string, string])[];

/** A stored or refused form's values (nested, as Conform keeps them) as posted pairs. */
export function entriesOf(value: unknown, name = ""): [string, string][] {
  if (typeof value === "string") return [[name, value]];
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => (typeof item === "string" ? [[name, item] as [string, string]] : entriesOf(item, `${name}[${i}]`)));
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => entriesOf(item, name ? `${name}.${key}` : key));
  }
  return [];
}

/** Whether a posted name belongs to the section: one of its fields, or inside what it holds. */
export function sectionHolds(section: FormSectionSpec, name: string): boolean {
  if (section.fields.some((field) => field.name === name)) return true;
  return (section.holds ?? []).some((held) => name === held || name.startsWith(`${held}.`) || name.startsWith(`${held}[`));
}

/**
 * A section is complete when every field it requires is given; one without required fields
 * when anything in it is given (an optional part left empty is still to do).
 */
export function sectionComplete(section: FormSectionSpec, entries: Entries): boolean {
  const given = new Set(entries.filter(([, value]) => value.trim() !== "" && value !== NOT_RATED).map(([name]) => name));
  const needed = section.fields.filter((field) => "required" in field && field.required).map((field) => field.name);
  if (needed.length > 0) return needed.every((name) => given.has(name));
  return [...given].some((name) => sectionHolds(section, name));
}

/** The sections holding a refused field, by id. */
export function sectionsWithErrors(errors: Record<string, unknown> | null | undefined): Set<FormSectionSpec["id"]> {
  const names = Object.entries(errors ?? {})
    .filter(([, messages]) => Array.isArray(messages) && messages.length > 0)
    .map(([name]) => name);
  return new Set(FORM_SECTIONS.filter((section) => names.some((name) => sectionHolds(section, name))).map((section) => section.id));
}
