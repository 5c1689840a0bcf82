/**
 * The biodata form's values as text, the shape Conform reads from the posted form and gives
 * back with a refusal: nested parts (`skills.cooking.years`, `employment[0].from`) as objects
 * and lists, check boxes as lists of their values, a ticked toggle as "on".
 */
import { skillAreas } from "../../../shared/biodata-catalogue";
import type { EmploymentRow, SkillEntry } from "../../../shared/biodata-types";
import type { OwnedHelperRecord } from "../../../shared/helper-types";

type Text = string | undefined;

export type SkillFormRow = { [K in "willing" | "experienced" | "years" | "rating" | "detail" | "note"]?: Text };
export type JobFormRow = { [K in keyof EmploymentRow]?: Text };

/** Fields a form sends as several values (check boxes); none ticked sends none. */
export const LIST_FIELDS = ["otherLanguages", "cares", "illnesses", "interview"] as const;

type TextFields =
  | "name"
  | "nationality"
  | "experience"
  | "singaporeExperience"
  | "salary"
  | "offDays"
  | "dateOfBirth"
  | "heightCm"
  | "weightKg"
  | "marital"
  | "childrenAges"
  | "religion"
  | "english"
  | "motherTongue"
  | "education"
  | "specialNotes"
  | "status"
  | "eaPersonnelId"
  | "photo"
  | "placeOfBirth"
  | "siblings"
  | "homeAddress"
  | "repatriationPort"
  | "homePhone"
  | "allergies"
  | "illnessOther"
  | "disabilities"
  | "dietaryRestrictions"
  | "handlesPork"
  | "handlesBeef"
  | "foodHandlingOther"
  | "otherRemarks"
  | "skillsEvaluation"
  | "skillsEvaluationOther"
  | "workedInSingapore"
  | "availableFrom"
  | "directHireReason"
  | "employerConsent"
  | "releaseDate";

export type BiodataFormValues = { [K in TextFields]?: Text } & { [K in (typeof LIST_FIELDS)[number]]?: string[] } & {
  skills?: Record<string, SkillFormRow>;
  employment?: JobFormRow[];
  /** Her level in each language ticked (`languageLevels.cantonese`); blank: not stated. */
  languageLevels?: Record<string, Text>;
};

const text = (value: string | number | boolean | null | undefined) =>
  value == null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);

const EMPLOYMENT_FIELDS = [
  "from",
  "to",
  "country",
  "employer",
  "duties",
  "remarks",
  "feedback",
] as const satisfies readonly (keyof EmploymentRow)[];

function skillRow(entry: SkillEntry): SkillFormRow {
  return {
    willing: entry.willing ? "on" : undefined,
    experienced: entry.experienced ? "on" : undefined,
    years: text(entry.years),
    rating: entry.rating === null ? "na" : text(entry.rating),
    detail: text(entry.detail),
    note: text(entry.note),
  };
}

/** A stored biodata as the edit form starts. */
export function biodataValues(helper: OwnedHelperRecord): BiodataFormValues {
  const skills: Record<string, SkillFormRow> = {};
  for (const area of skillAreas) {
    const entry = helper.skills[area.slug];
    if (entry) skills[area.slug] = skillRow(entry);
  }
  return {
    name: helper.name,
    nationality: helper.nationality,
    experience: helper.experience,
    singaporeExperience: text(helper.singaporeExperience),
    salary: text(helper.salary),
    offDays: text(helper.offDays),
    dateOfBirth: helper.dateOfBirth,
    heightCm: text(helper.heightCm),
    weightKg: text(helper.weightKg),
    marital: helper.marital,
    childrenAges: text(helper.childrenAges),
    religion: helper.religion,
    english: text(helper.english),
    motherTongue: helper.motherTongue,
    otherLanguages: helper.otherLanguages,
    languageLevels: { ...helper.languageLevels },
    education: text(helper.education),
    cares: helper.cares,
    specialNotes: helper.specialNotes,
    status: helper.status,
    eaPersonnelId: text(helper.eaPersonnelId),
    photo: text(helper.photoKey),
    placeOfBirth: text(helper.placeOfBirth),
    siblings: text(helper.siblings),
    homeAddress: text(helper.privateDetails.homeAddress),
    repatriationPort: text(helper.privateDetails.repatriationPort),
    homePhone: text(helper.privateDetails.homePhone),
    allergies: text(helper.allergies),
    illnesses: helper.illnesses,
    illnessOther: text(helper.illnessOther),
    disabilities: text(helper.disabilities),
    dietaryRestrictions: text(helper.dietaryRestrictions),
    handlesPork: text(helper.handlesPork),
    handlesBeef: text(helper.handlesBeef),
    foodHandlingOther: text(helper.foodHandlingOther),
    otherRemarks: text(helper.otherRemarks),
    skillsEvaluation: text(helper.skillsEvaluation),
    skillsEvaluationOther: text(helper.skillsEvaluationOther),
    skills,
    employment: helper.employment.map((row) => Object.fromEntries(EMPLOYMENT_FIELDS.map((field) => [field, text(row[field])]))),
    workedInSingapore: text(helper.workedInSingapore),
    availableFrom: text(helper.availableFrom),
    interview: helper.interview,
    directHireReason: text(helper.directHireReason),
    employerConsent: text(helper.employerConsent),
    releaseDate: text(helper.releaseDate),
  };
}

/** A new biodata starts as a draft, its number boxes empty (a typed 4 is 4, never 44). */
export const NEW_BIODATA: BiodataFormValues = {
  status: "draft",
  otherLanguages: [],
  languageLevels: {},
  cares: [],
  illnesses: [],
  interview: [],
  skills: {},
  employment: [],
};
