/**
 * The biodata form's values as text, the way the form posts them: flat names for the nested
 * parts (`skills.cooking.years`, `employment[0].from`), lists for the check boxes. Also the
 * add-a-job and remove-a-job buttons' work when the page has no script.
 */
import { FULL_FORM_FIELD, skillAreas } from "../../shared/biodata-catalogue";
import type { EmploymentRow } from "../../shared/biodata-types";
import type { OwnedHelperRecord } from "../../shared/helper-types";

export type BiodataValues = Record<string, string | string[]>;

const text = (value: string | number | boolean | null | undefined) =>
  value == null ? "" : typeof value === "boolean" ? (value ? "yes" : "no") : String(value);

export const EMPLOYMENT_FIELDS = ["from", "to", "country", "employer", "duties", "remarks", "feedback"] as const satisfies readonly (keyof EmploymentRow)[];
const SKILL_FIELDS = ["years", "rating", "detail", "note"] as const;

export function biodataValues(helper: OwnedHelperRecord): BiodataValues {
  const values: BiodataValues = {
    [FULL_FORM_FIELD]: "1",
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
    education: text(helper.education),
    cares: helper.cares,
    specialNotes: helper.specialNotes,
    status: helper.status,
    placeOfBirth: text(helper.placeOfBirth),
    siblings: text(helper.siblings),
    homeAddress: text(helper.privateDetails.homeAddress),
    repatriationPort: text(helper.privateDetails.repatriationPort),
    homePhone: text(helper.privateDetails.homePhone),
    passportNumber: text(helper.privateDetails.passportNumber),
    allergies: text(helper.allergies),
    illnesses: helper.illnesses,
    illnessOther: text(helper.illnessOther),
    disabilities: text(helper.disabilities),
    dietaryRestrictions: text(helper.dietaryRestrictions),
    handlesPork: text(helper.handlesPork),
    handlesBeef: text(helper.handlesBeef),
    foodHandlingOther: text(helper.foodHandlingOther),
    restDays: text(helper.restDays),
    otherRemarks: text(helper.otherRemarks),
    skillsEvaluation: text(helper.skillsEvaluation),
    skillsEvaluationOther: text(helper.skillsEvaluationOther),
    workedInSingapore: text(helper.workedInSingapore),
    availableFrom: text(helper.availableFrom),
    interview: helper.interview,
  };
  for (const area of skillAreas) {
    const entry = helper.skills[area.slug];
    if (!entry) continue;
    if (entry.willing) values[`skills.${area.slug}.willing`] = "on";
    if (entry.experienced) values[`skills.${area.slug}.experienced`] = "on";
    for (const field of SKILL_FIELDS) values[`skills.${area.slug}.${field}`] = text(entry[field]);
  }
  helper.employment.forEach((row, i) => {
    for (const field of EMPLOYMENT_FIELDS) values[`employment[${i}].${field}`] = text(row[field]);
  });
  return values;
}

export const NEW_BIODATA: BiodataValues = { [FULL_FORM_FIELD]: "1", status: "available", offDays: "4", otherLanguages: [], cares: [], illnesses: [], interview: [] };

const ROW_NAME = /^employment\[(\d{1,4})\]\.(.+)$/;

/** The employment rows' numbers as the values hold them, in order. */
export function employmentRowNumbers(values: BiodataValues): number[] {
  const numbers = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = ROW_NAME.exec(key);
    if (match) numbers.add(Number(match[1]));
  }
  return [...numbers].sort((a, b) => a - b);
}

/** Rows numbered 0, 1, 2… again (rows removed in the browser leave gaps), so errors match names. */
export function renumberEmployment(values: BiodataValues): BiodataValues {
  const order = new Map(employmentRowNumbers(values).map((n, i) => [n, i]));
  const renumbered: BiodataValues = {};
  for (const [key, value] of Object.entries(values)) {
    const match = ROW_NAME.exec(key);
    renumbered[match ? `employment[${order.get(Number(match[1]))}].${match[2]}` : key] = value;
  }
  return renumbered;
}

export const ADD_JOB = "add-employment";
export const REMOVE_JOB = "remove-employment-";

/** The form again with a job added or removed (the no-script path of those buttons); undefined for other intents. */
export function applyEmploymentIntent(values: BiodataValues, intent: string): BiodataValues | undefined {
  const rows = renumberEmployment(values);
  const count = employmentRowNumbers(rows).length;
  if (intent === ADD_JOB) {
    for (const field of EMPLOYMENT_FIELDS) rows[`employment[${count}].${field}`] = "";
    return rows;
  }
  if (intent.startsWith(REMOVE_JOB)) {
    const removed = Number(intent.slice(REMOVE_JOB.length));
    if (!Number.isInteger(removed)) return undefined;
    for (const key of Object.keys(rows)) {
      const match = ROW_NAME.exec(key);
      if (match && Number(match[1]) === removed) delete rows[key];
    }
    return renumberEmployment(rows);
  }
  return undefined;
}
