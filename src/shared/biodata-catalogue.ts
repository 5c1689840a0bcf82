/**
 * The lists of the Ministry of Manpower's standard biodata form (parts A to D): illnesses,
 * skill areas, how skills were evaluated, how a helper can be interviewed. Labels are what the
 * form, the page and the PDF print; slugs are what is stored and what filter links carry.
 */
import { cares } from "./catalogue";
import { m } from "./i18n/compiled/messages.js";

export interface BiodataEntry<Slug extends string = string> {
  slug: Slug;
  label: string;
}

/** A2: past and existing illnesses, in the form's order. */
export const illnesses = [
  { slug: "mental-illness", label: "Mental illness" },
  { slug: "epilepsy", label: "Epilepsy" },
  { slug: "asthma", label: "Asthma" },
  { slug: "diabetes", label: "Diabetes" },
  { slug: "hypertension", label: "Hypertension" },
  { slug: "tuberculosis", label: "Tuberculosis" },
  { slug: "heart-disease", label: "Heart disease" },
  { slug: "malaria", label: "Malaria" },
  { slug: "operations", label: "Operations" },
  { slug: "other", label: "Other" },
] as const satisfies readonly BiodataEntry[];
export type Illness = (typeof illnesses)[number]["slug"];

export type SkillGroup = "care" | "housework" | "cooking" | "language" | "other";

export interface SkillArea<Slug extends string = string> extends BiodataEntry<Slug> {
  group: SkillGroup;
  /** What the row's detail box asks for (age range, cuisines, …); none when the row has no detail. */
  detail?: string;
}

/**
 * B: the areas of the skills table, the care rows made from the catalogue's cares (one list, so
 * the filter and the table agree). The slug is also the `skill` filter's value, so a family
 * asking for `skill=cooking,infant` finds helpers with experience in both.
 */
export const skillAreas = [
  ...cares.map((care): SkillArea<(typeof cares)[number]["area"]> => ({
    slug: care.area,
    label: care.areaLabel,
    group: "care",
    ...("detail" in care ? { detail: care.detail } : {}),
  })),
  { slug: "housework", label: "General housework", group: "housework" },
  { slug: "cooking", label: "Cooking", group: "cooking", detail: "Cuisines" },
  { slug: "english", label: "English", group: "language" },
  { slug: "mandarin", label: "Mandarin and dialects", group: "language" },
  { slug: "malay", label: "Malay", group: "language" },
  { slug: "gardening", label: "Gardening", group: "other" },
  { slug: "sewing", label: "Sewing", group: "other" },
  { slug: "pet-care", label: "Pet care", group: "other" },
  { slug: "other", label: "Other skill", group: "other", detail: "Which skill" },
] as const satisfies readonly SkillArea[];
export type SkillAreaSlug = (typeof skillAreas)[number]["slug"];

export const skillGroupLabels: Record<SkillGroup, string> = {
  care: "Care",
  housework: "Housework",
  cooking: "Cooking",
  language: "Language abilities (spoken)",
  other: "Other skills",
};

/** B: how the skills were assessed. */
export const evaluationMethods = [
  { slug: "sg-agency", label: "Interviewed by a Singapore agency" },
  { slug: "overseas-centre", label: "Interviewed by an overseas training centre" },
  { slug: "video", label: "Interviewed by video" },
  { slug: "other", label: "Other" },
] as const satisfies readonly BiodataEntry[];
export type EvaluationMethod = (typeof evaluationMethods)[number]["slug"];

/** D: how the helper can be interviewed; none of them means she is not available for interview. */
export const interviewModes = [
  { slug: "phone", label: "By phone" },
  { slug: "video", label: "By video" },
  { slug: "in-person", label: "In person" },
] as const satisfies readonly BiodataEntry[];
export type InterviewMode = (typeof interviewModes)[number]["slug"];

/** Why a helper publishing herself is free to be hired directly (decision 197). */
export const directHireReasons = [
  { slug: "transfer", label: "Transfer, with her current employer's consent" },
  { slug: "finishing-contract", label: "Finishing her contract" },
  { slug: "ex-singapore-abroad", label: "Former Singapore helper, now abroad" },
] as const satisfies readonly BiodataEntry[];
export type DirectHireReason = (typeof directHireReasons)[number]["slug"];

/** Countries offered for employment rows (others may be typed). */
export const employmentCountries = [
  "Singapore",
  "Hong Kong",
  "Taiwan",
  "Malaysia",
  "Saudi Arabia",
  "United Arab Emirates",
  "Kuwait",
  "Qatar",
];

export const BIODATA_LIMITS = {
  siblings: { min: 0, max: 20 },
  skillYears: { min: 0, max: 40 },
  rating: { min: 1, max: 5 },
  employmentRows: { max: 12 },
  /** Employment months: from this year on, and never after the current month. */
  employmentFromYear: 1970,
  /** Available-from dates: not before this day, at most this many days ahead. */
  availableFromEarliest: "2000-01-01",
  availableFromDaysAhead: 730,
  text: { short: 100, medium: 300, long: 1000 },
  phone: { max: 30 },
} as const;

const bySlug = <T extends BiodataEntry>(list: readonly T[]) => new Map(list.map((entry) => [entry.slug, entry]));
const skillMap = bySlug(skillAreas);
const illnessMap = bySlug(illnesses);
const evaluationMap = bySlug(evaluationMethods);
const interviewMap = bySlug(interviewModes);
const directHireMap = bySlug(directHireReasons);

export function skillArea(slug: string): SkillArea | undefined {
  return skillMap.get(slug as SkillAreaSlug);
}
export function isSkillArea(slug: string): slug is SkillAreaSlug {
  return skillMap.has(slug as SkillAreaSlug);
}
export function isIllness(slug: string): slug is Illness {
  return illnessMap.has(slug as Illness);
}
export function isEvaluationMethod(slug: string): slug is EvaluationMethod {
  return evaluationMap.has(slug as EvaluationMethod);
}
export function isInterviewMode(slug: string): slug is InterviewMode {
  return interviewMap.has(slug as InterviewMode);
}
export function isDirectHireReason(slug: string): slug is DirectHireReason {
  return directHireMap.has(slug as DirectHireReason);
}
// The words people read, in the page's language (src/shared/messages); `label` above stays the
// English one the search index and the API know. An unknown slug reads as itself.
export function illnessLabel(slug: string): string {
  return m.shared_illness({ slug });
}
export function evaluationLabel(slug: string): string {
  return m.shared_evaluation({ slug });
}
export function interviewLabel(slug: string): string {
  return m.shared_interview({ slug });
}
export function directHireReasonLabel(slug: string): string {
  return m.shared_direct_hire_reason({ slug });
}
export function skillAreaLabel(slug: string): string {
  return m.shared_skill_area({ slug });
}
/** What a skills row's detail box asks for ("Age range"), in the page's language; none without one. */
export function skillDetailLabel(slug: string): string | undefined {
  return skillArea(slug)?.detail === undefined ? undefined : m.shared_skill_detail({ slug });
}
export function skillGroupLabel(group: SkillGroup): string {
  return m.shared_skill_group({ group });
}
