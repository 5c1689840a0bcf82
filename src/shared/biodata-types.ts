/**
 * The standard form's parts of a biodata as the API, the pages and the PDF read them. Private
 * details (home address, repatriation port, home number) and the gated details
 * (medical history, full date of birth) are separate types so that nothing public can carry
 * them by accident.
 */
import type { DirectHireReason, EvaluationMethod, Illness, InterviewMode, SkillAreaSlug } from "./biodata-catalogue";

export interface SkillEntry {
  willing: boolean;
  experienced: boolean;
  years: number | null;
  /** 1–5, or null for N.A. */
  rating: number | null;
  /** The row's detail: age range for care of infants or children, cuisines for cooking, … */
  detail: string | null;
  /** The assessor's observation. */
  note: string | null;
}

export type Skills = Partial<Record<SkillAreaSlug, SkillEntry>>;

export interface EmploymentRow {
  /** YYYY-MM */
  from: string;
  /** YYYY-MM */
  to: string;
  country: string;
  employer: string | null;
  duties: string | null;
  remarks: string | null;
  /** What the previous employer said of her. */
  feedback: string | null;
}

/** Parts A to D that anyone may read. */
export interface BiodataPublic {
  placeOfBirth: string | null;
  siblings: number | null;
  dietaryRestrictions: string | null;
  handlesPork: boolean | null;
  handlesBeef: boolean | null;
  foodHandlingOther: string | null;
  otherRemarks: string | null;
  skillsEvaluation: EvaluationMethod | null;
  skillsEvaluationOther: string | null;
  skills: Skills;
  employment: EmploymentRow[];
  workedInSingapore: boolean | null;
  /** YYYY-MM-DD; null means available now. */
  availableFrom: string | null;
  /** Empty: not available for interview. */
  interview: InterviewMode[];
  /** A direct hire's reason she is free to be hired directly (decision 197); null on agencies' biodata. */
  directHireReason: DirectHireReason | null;
  /** A transfer: her current employer consents to it. */
  employerConsent: boolean | null;
  /** A transfer: the day her current employer releases her (YYYY-MM-DD). */
  releaseDate: string | null;
}

/** Stored and shown to the owner and operators only (their form, their PDF). */
export interface BiodataPrivate {
  homeAddress: string | null;
  repatriationPort: string | null;
  homePhone: string | null;
}

/**
 * The medical history of part A2 and the full date of birth: shown to families who passed the
 * visitor gate (their page and PDF), the owner and operators; everyone else sees her age only
 * (decision 086).
 */
export interface BiodataGated {
  /** YYYY-MM-DD */
  dateOfBirth: string;
  allergies: string | null;
  illnesses: Illness[];
  illnessOther: string | null;
  disabilities: string | null;
}
