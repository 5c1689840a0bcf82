/**
 * The biodata form's folding sections as data: each section's title, its fields in order (the
 * form draws them with one field row each) and the names it answers for, so the form can say how
 * many sections are complete and open the one holding a refused field. Options come from the
 * catalogue, so a renamed or added choice changes the form with it.
 */
import type { FieldProps } from "../../../ui/field";
import {
  BIODATA_LIMITS,
  evaluationLabel,
  evaluationMethods,
  illnessLabel,
  illnesses,
  interviewLabel,
  interviewModes,
} from "../../../shared/biodata-catalogue";
import type { CatalogueName } from "../../../shared/catalogue";
import { catalogueOptions } from "../../../shared/catalogue-labels";
import { HELPER_LIMITS } from "../../../shared/helper-limits";
import type { BiodataFormValues } from "./biodata-form-values";
import { m } from "../../../shared/i18n/compiled/messages.js";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type FieldName = Exclude<keyof BiodataFormValues, "skills" | "employment" | "languageLevels">;
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

const options = (name: CatalogueName) => catalogueOptions(name);
/** A biodata list's choices: its slugs sent, its words in the page's language. */
const wordsOf = (entries: readonly { slug: string }[], label: (slug: string) => string) =>
  entries.map(({ slug }) => ({ value: slug, label: label(slug) }));
const yesNo = () => [
  { value: "yes", label: m.helpers_supplier_yes() },
  { value: "no", label: m.helpers_supplier_no() },
];
/** A number box: empty until typed in, whole numbers within the limits. */
const whole = ({ min, max }: { min: number; max: number }) => ({ type: "number", inputMode: "numeric", min, max, step: 1 }) as const;
const select = (
  name: FieldName,
  label: string,
  choices: { value: string; label: string }[],
  placeholder = m.helpers_supplier_not_given(),
) => ({ kind: "select", name, label, options: choices, placeholder }) as const;
/** A choice the form cannot be saved without: no "Not given" among its options. */
const choose = (name: FieldName, label: string, choices: { value: string; label: string }[]): FieldSpec => ({
  ...select(name, label, choices, m.helpers_supplier_select()),
  required: true,
});
const text = (name: FieldName, label: string, maxLength: number, more: Partial<FieldSpec> = {}) =>
  ({ name, label, maxLength, ...more }) as FieldSpec;

const { text: lengths, siblings, phone } = BIODATA_LIMITS;
const { salary, offDays, heightCm, weightKg, shortText } = HELPER_LIMITS;

/**
 * The sections in the page's language: made on each call, since their words are read when made
 * (a module-level list would keep the language of the first page that loaded it).
 */
export const formSections = (): readonly FormSectionSpec[] => [
  {
    id: "personal",
    title: m.helpers_supplier_section_personal(),
    fields: [
      text("name", m.helpers_supplier_name(), HELPER_LIMITS.name.max, { required: true, autoComplete: "off" }),
      choose("nationality", m.helpers_supplier_nationality(), options("nationality")),
      { name: "dateOfBirth", label: m.helpers_supplier_date_of_birth(), type: "date", required: true },
      text("placeOfBirth", m.helpers_supplier_place_of_birth(), lengths.short),
      { name: "heightCm", label: m.helpers_supplier_height(), ...whole(heightCm) },
      { name: "weightKg", label: m.helpers_supplier_weight(), ...whole(weightKg) },
      choose("marital", m.helpers_supplier_marital(), options("marital")),
      text("childrenAges", m.helpers_supplier_children_ages(), shortText.max, { placeholder: m.helpers_supplier_children_ages_example() }),
      { name: "siblings", label: m.helpers_supplier_siblings(), ...whole(siblings) },
      choose("religion", m.helpers_supplier_religion(), options("religion")),
      select("education", m.helpers_supplier_education(), options("education")),
    ],
  },
  {
    id: "languages",
    title: m.helpers_supplier_section_languages(),
    fields: [
      choose("motherTongue", m.helpers_supplier_mother_tongue(), options("motherTongue")),
      select("english", m.helpers_supplier_english(), options("english")),
      { kind: "checkboxes", name: "otherLanguages", label: m.helpers_supplier_other_languages(), options: options("language") },
    ],
    holds: ["languageLevels"],
  },
  {
    id: "private",
    title: m.helpers_supplier_section_private(),
    intro: m.helpers_supplier_section_private_intro(),
    fields: [
      text("homeAddress", m.helpers_supplier_home_address(), lengths.medium, { autoComplete: "off" }),
      text("repatriationPort", m.helpers_supplier_repatriation_port(), lengths.short, { autoComplete: "off" }),
      text("homePhone", m.helpers_supplier_home_phone(), phone.max, { type: "tel", autoComplete: "off" }),
    ],
  },
  {
    id: "medical",
    title: m.helpers_supplier_section_medical(),
    fields: [
      text("allergies", m.helpers_supplier_allergies(), lengths.medium),
      text("disabilities", m.helpers_supplier_disabilities(), lengths.medium),
      text("dietaryRestrictions", m.helpers_supplier_dietary(), lengths.medium),
      { kind: "checkboxes", name: "illnesses", label: m.helpers_supplier_illnesses(), options: wordsOf(illnesses, illnessLabel) },
      text("illnessOther", m.helpers_supplier_illness_other(), lengths.medium),
      select("handlesPork", m.helpers_supplier_handles_pork(), yesNo()),
      select("handlesBeef", m.helpers_supplier_handles_beef(), yesNo()),
      text("foodHandlingOther", m.helpers_supplier_food_handling_other(), lengths.medium),
    ],
  },
  {
    id: "experience",
    title: m.helpers_supplier_section_experience(),
    fields: [
      choose("experience", m.helpers_supplier_experience(), options("experience")),
      text("singaporeExperience", m.helpers_supplier_singapore_experience(), shortText.max, {
        placeholder: m.helpers_supplier_singapore_experience_example(),
      }),
      { kind: "checkboxes", name: "cares", label: m.helpers_supplier_cares(), options: options("care") },
    ],
  },
  {
    id: "skills",
    title: m.helpers_supplier_section_skills(),
    fields: [
      select("skillsEvaluation", m.helpers_supplier_evaluation(), wordsOf(evaluationMethods, evaluationLabel)),
      text("skillsEvaluationOther", m.helpers_supplier_evaluation_other(), lengths.short),
    ],
    holds: ["skills"],
  },
  {
    id: "employment",
    title: m.helpers_supplier_section_employment(),
    fields: [select("workedInSingapore", m.helpers_supplier_worked_in_singapore(), yesNo())],
    holds: ["employment"],
  },
  {
    id: "availability",
    title: m.helpers_supplier_section_availability(),
    fields: [
      { name: "availableFrom", label: m.helpers_supplier_available_from(), type: "date", hint: m.helpers_supplier_available_from_hint() },
      { name: "salary", label: m.helpers_supplier_salary(), ...whole(salary), required: true },
      { name: "offDays", label: m.helpers_supplier_off_days(), ...whole(offDays), required: true },
      {
        kind: "checkboxes",
        name: "interview",
        label: m.helpers_supplier_interview(),
        options: wordsOf(interviewModes, interviewLabel),
        hint: m.helpers_supplier_interview_hint(),
      },
    ],
  },
  {
    id: "notes",
    title: m.helpers_supplier_section_notes(),
    fields: [{ kind: "textarea", name: "otherRemarks", label: m.helpers_supplier_other_remarks(), maxLength: lengths.long, rows: 3 }],
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
  return new Set(
    formSections()
      .filter((section) => names.some((name) => sectionHolds(section, name)))
      .map((section) => section.id),
  );
}
