/**
 * What a job post is made of, read the same from a form and from JSON: the care needed (the
 * listing's catalogue), the household, languages, start, salary range, days off, nationalities
 * preferred and free text that names nobody. And when a helper fits a post: the one definition
 * the dashboard, the notices and the proposals use.
 */
import { calendarDateAt, formatIsoDate, parseIsoDate } from "../../shared/age";
import { careArea, slugsOf, type Care, type Nationality, type OtherLanguage } from "../../shared/catalogue";
import type { SkillAreaSlug } from "../../shared/biodata-catalogue";
import { HELPER_LIMITS } from "../../shared/helper-limits";
import { hasVisibleText, plainText } from "../../shared/plain-text";
import { holdsPhoneNumber } from "../../shared/phone";
import { m } from "../../shared/i18n/compiled/messages.js";

/** The kinds of home a family lives in. */
export const HOMES = ["hdb", "condo", "landed"] as const;
export type Home = (typeof HOMES)[number];

/** What an elderly person of the household may need. */
export const ELDER_NEEDS = ["mobility", "dementia", "bedridden", "medication", "company"] as const;

/** Where the home is, no finer than this: Singapore's planning areas families know by name. */
export const DISTRICTS = [
  "ang-mo-kio",
  "bedok",
  "bishan",
  "bukit-batok",
  "bukit-merah",
  "bukit-panjang",
  "bukit-timah",
  "central",
  "choa-chu-kang",
  "clementi",
  "geylang",
  "hougang",
  "jurong-east",
  "jurong-west",
  "kallang",
  "marine-parade",
  "novena",
  "pasir-ris",
  "punggol",
  "queenstown",
  "sembawang",
  "sengkang",
  "serangoon",
  "tampines",
  "tanglin",
  "toa-payoh",
  "woodlands",
  "yishun",
] as const;

export const JOB_LIMITS = {
  adults: { min: 1, max: 12 },
  children: { max: 8 },
  childAge: { max: 17 },
  salary: HELPER_LIMITS.salary,
  offDays: HELPER_LIMITS.offDays,
  description: { max: 1000 },
  /** How far ahead a start may be. */
  startWithinDays: 365,
  /** Posts open or paused at once, per family. */
  openPosts: 3,
  /** Days a post stays open. */
  openDays: 30,
  /** Helpers one supplier proposes for one job. */
  proposalsPerSupplier: 3,
  message: { max: 1000 },
  reason: { max: 300 },
} as const;

export interface JobInput {
  cares: Care[];
  adults: number;
  childrenAges: number[];
  elderly: boolean;
  elderlyNeeds: string[];
  home: Home;
  district: string;
  languages: OtherLanguage[];
  startDate: string;
  salaryMin: number;
  salaryMax: number;
  offDays: number;
  nationalities: Nationality[];
  description: string;
}

/** A field as it arrived: one text, several (boxes ticked), or a JSON value. */
type Raw = Record<string, unknown>;

const list = (value: unknown): unknown[] =>
  value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value];
const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : undefined;

function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  const written = text(value);
  if (!written || !/^\d{1,6}$/.test(written)) return undefined;
  const number = Number(written);
  return number >= min && number <= max ? number : undefined;
}

/** Every value one of `allowed`, each once; undefined when one is not. */
function choices<T extends string>(value: unknown, allowed: readonly T[]): T[] | undefined {
  const values = list(value);
  if (
    values.length > allowed.length ||
    !values.every((one): one is T => typeof one === "string" && (allowed as readonly string[]).includes(one))
  )
    return undefined;
  return [...new Set(values)];
}

/** The children's ages as a family writes them ("2, 6") or as a list. */
function childrenAges(value: unknown): number[] | undefined {
  const parts = Array.isArray(value) ? value.map(text) : (text(value) ?? "").split(/[,，、;\s]+/).filter((part) => part !== "");
  if (parts.length > JOB_LIMITS.children.max) return undefined;
  const ages = parts.map((part) => wholeNumber(part, 0, JOB_LIMITS.childAge.max));
  return ages.every((age): age is number => age !== undefined) ? ages.sort((a, b) => a - b) : undefined;
}

/**
 * Why free text may not be published, if it may not: it holds a phone number, an e-mail
 * address, an NRIC or FIN, or a postal code (six digits). A post names nobody and no address
 * finer than its district; suppliers answer through the site.
 */
export function freeTextRefusal(value: string): string | undefined {
  if (/[^\s@]+@[^\s@]+\.[^\s@]{2,}/.test(value)) return m.jobs_error_text_email();
  if (/(?<![a-z0-9])[stfgm]\d{7}[a-z](?![a-z0-9])/i.test(value)) return m.jobs_error_text_nric();
  if (holdsPhoneNumber(value)) return m.jobs_error_text_phone();
  if (/(?<!\d)\d{6}(?!\d)/.test(value)) return m.jobs_error_text_postal();
  return undefined;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** Free text as kept: invisible characters out, line ends made one, trimmed; or why not. */
export function readFreeText(value: unknown, max: number, required: boolean): { text: string } | { error: string } {
  if (value !== undefined && typeof value !== "string") return { error: m.jobs_error_text_invalid() };
  const written = plainText(value ?? "")
    .replace(/\r\n?/g, "\n")
    .trim();
  if (written === "" || !hasVisibleText(written)) return required ? { error: m.jobs_error_message_empty() } : { text: "" };
  if ([...written].length > max) return { error: m.jobs_error_text_too_long({ max }) };
  if (CONTROL.test(written)) return { error: m.jobs_error_text_invalid() };
  const refusal = freeTextRefusal(written);
  return refusal ? { error: refusal } : { text: written };
}

export type JobReading = { ok: true; job: JobInput } | { ok: false; fields: Record<string, string> };

/** A post's fields checked one by one: every wrong one is named at its field; `today` is Singapore's. */
export function readJob(raw: Raw, now = new Date()): JobReading {
  const fields: Record<string, string> = {};
  const cares = choices(raw.cares, slugsOf("care"));
  if (!cares || cares.length === 0) fields.cares = m.jobs_error_cares();
  const adults = wholeNumber(raw.adults, JOB_LIMITS.adults.min, JOB_LIMITS.adults.max);
  if (adults === undefined) fields.adults = m.jobs_error_adults(JOB_LIMITS.adults);
  const ages = childrenAges(raw.childrenAges);
  if (!ages) fields.childrenAges = m.jobs_error_children({ max: JOB_LIMITS.children.max, age: JOB_LIMITS.childAge.max });
  const elderlyText = text(raw.elderly);
  const elderly = raw.elderly === true || elderlyText === "yes" || elderlyText === "true";
  const needs = choices(raw.elderlyNeeds, ELDER_NEEDS);
  if (!needs || (!elderly && needs.length > 0)) fields.elderlyNeeds = m.jobs_error_elderly_needs();
  const home = choices(raw.home, HOMES);
  if (!home || home.length !== 1) fields.home = m.jobs_error_home();
  const district = choices(raw.district, DISTRICTS);
  if (!district || district.length !== 1) fields.district = m.jobs_error_district();
  const languages = choices(raw.languages, slugsOf("language"));
  if (!languages) fields.languages = m.jobs_error_languages();
  const start = text(raw.startDate) ?? "";
  const today = formatIsoDate(calendarDateAt(now));
  const latest = formatIsoDate(calendarDateAt(new Date(now.getTime() + JOB_LIMITS.startWithinDays * 86_400_000)));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !parseIsoDate(start) || start < today || start > latest)
    fields.startDate = m.jobs_error_start({ days: JOB_LIMITS.startWithinDays });
  const { min, max } = JOB_LIMITS.salary;
  const salaryMin = wholeNumber(raw.salaryMin, min, max);
  const salaryMax = wholeNumber(raw.salaryMax, min, max);
  if (salaryMin === undefined) fields.salaryMin = m.jobs_error_salary({ min, max });
  if (salaryMax === undefined) fields.salaryMax = m.jobs_error_salary({ min, max });
  else if (salaryMin !== undefined && salaryMin > salaryMax) fields.salaryMax = m.jobs_error_salary_order();
  const offDays = wholeNumber(raw.offDays, JOB_LIMITS.offDays.min, JOB_LIMITS.offDays.max);
  if (offDays === undefined) fields.offDays = m.jobs_error_off_days(JOB_LIMITS.offDays);
  const nationalities = choices(raw.nationalities, slugsOf("nationality"));
  if (!nationalities) fields.nationalities = m.jobs_error_nationalities();
  const description = readFreeText(raw.description, JOB_LIMITS.description.max, false);
  if ("error" in description) fields.description = description.error;
  if (Object.keys(fields).length > 0 || "error" in description) return { ok: false, fields };
  return {
    ok: true,
    job: {
      cares: cares!,
      adults: adults!,
      childrenAges: ages!,
      elderly,
      elderlyNeeds: elderly ? needs! : [],
      home: home![0]!,
      district: district![0]!,
      languages: languages!,
      startDate: start,
      salaryMin: salaryMin!,
      salaryMax: salaryMax!,
      offDays: offDays!,
      nationalities: nationalities!,
      description: description.text,
    },
  };
}

/** What the fit reads of a job and of a helper (her card: offered cares, salary, start, nationality). */
export interface FitJob {
  cares: readonly string[];
  startDate: string;
  salaryMin: number;
  salaryMax: number;
  nationalities: readonly string[];
}
export interface FitHelper {
  cares: readonly string[];
  salary: number;
  nationality: string;
  availableFrom: string | null;
}

/**
 * A helper fits a job when she is available by its start date, offers every care it needs, asks
 * a salary inside its range and, where the family prefers nationalities, is of one of them.
 */
export function fits(job: FitJob, helper: FitHelper): boolean {
  return (
    (helper.availableFrom === null || helper.availableFrom <= job.startDate) &&
    job.cares.every((care) => helper.cares.includes(care)) &&
    helper.salary >= job.salaryMin &&
    helper.salary <= job.salaryMax &&
    (job.nationalities.length === 0 || job.nationalities.includes(helper.nationality))
  );
}

/** The same fit as the listing's filter reads it (all but the lowest salary), to find candidates in the database. */
export function fitFilter(job: FitJob) {
  return {
    ...(job.nationalities.length > 0 ? { nationality: job.nationalities as Nationality[] } : {}),
    skill: job.cares.map((care) => careAreaOf(care)),
    salaryMax: job.salaryMax,
    availableBy: job.startDate,
  };
}

const careAreaOf = (care: string) => careArea(care) as SkillAreaSlug;
