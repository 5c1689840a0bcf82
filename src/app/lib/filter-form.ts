/**
 * The filter form of /filters: its fields under the original site's parameter names, the check
 * Apply makes before going to /posts, pre-filling from a URL and the session's memory of the
 * last choices.
 */
import { parseIsoDate } from "../../shared/age";
import { interviewModes, isInterviewMode, isSkillArea, skillAreas } from "../../shared/biodata-catalogue";
import {
  careGroups,
  catalogue,
  labelOf,
  resolveSlug,
  type CatalogueName,
} from "../../shared/catalogue";
import { HELPER_LIMITS } from "../../shared/helper-limits";
import {
  filterParams,
  listFilters,
  type HelperQuery,
  type ListFilter,
} from "../../shared/listing-query";

export const MAX_SALARY_FILTER = 100_000;

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceField {
  name: string;
  filter: ListFilter;
  label: string;
}

/** The drop-downs, in the original's order; `name` is the parameter the listing reads. */
export const choiceFields: readonly ChoiceField[] = [
  { name: "category", filter: "nationality", label: "Nationality" },
  { name: "sgExp", filter: "experience", label: "Experience" },
  { name: "language1", filter: "motherTongue", label: "Dialect (mother tongue)" },
  { name: "language2", filter: "language", label: "Other Languages" },
  { name: "marital", filter: "marital", label: "Marital status" },
  { name: "religion", filter: "religion", label: "Religion" },
  { name: "neg", filter: "care", label: "Special care" },
];

export const numberFields = ["ageMin", "ageMax", "salaryMax"] as const;

/** What she has done and when she can start: the listing's own parameter names. */
export const biodataFilterFields = ["skill", "availableBy", "interview"] as const;

/** The skill drop-down: one area, or a combination a link asked for ("cooking,infant"). */
export function skillChoices(current = ""): Choice[] {
  const choices: Choice[] = skillAreas.map((area) => ({ value: area.slug, label: area.label }));
  const parts = current.split(",").map((part) => part.trim()).filter(Boolean);
  if (parts.length > 1 && parts.every(isSkillArea)) {
    choices.push({ value: parts.join(","), label: parts.map((part) => skillAreas.find((a) => a.slug === part)!.label).join(" and ") });
  }
  return choices;
}

export const interviewChoices: Choice[] = interviewModes.map((mode) => ({ value: mode.slug, label: mode.label }));
export type NumberField = (typeof numberFields)[number];

export type FilterValues = Record<string, string>;

export function emptyFilterValues(): FilterValues {
  return Object.fromEntries([...choiceFields.map((f) => f.name), ...numberFields, ...biodataFilterFields].map((name) => [name, ""]));
}

const CARE_SEPARATOR = ",";

/** A care choice: one of the original's groups ("Infant,Child"), else any comma list of care types. */
function careSlugs(value: string) {
  const group = careGroups.find((g) => g.value.toLowerCase() === value.toLowerCase());
  if (group) return [...group.cares];
  const slugs = value.split(CARE_SEPARATOR).map((part) => resolveSlug("care", part));
  return slugs.length > 0 && slugs.every((slug) => slug !== undefined) ? slugs : undefined;
}

function careValue(slugs: readonly string[]): string {
  const key = [...slugs].sort().join(CARE_SEPARATOR);
  const group = careGroups.find((g) => [...g.cares].sort().join(CARE_SEPARATOR) === key);
  return group ? group.value : slugs.join(CARE_SEPARATOR);
}

/** The choices of a drop-down; a care combination that no group offers (from a link) is added. */
export function choicesFor(field: ChoiceField, current = ""): Choice[] {
  if (field.filter !== "care") {
    return (catalogue[field.filter as CatalogueName] as readonly { slug: string; label: string }[]).map((e) => ({
      value: e.slug,
      label: e.label,
    }));
  }
  const choices: Choice[] = careGroups.map((g) => ({ value: g.value, label: g.label }));
  const slugs = current ? careSlugs(current) : undefined;
  if (slugs && !choices.some((c) => c.value === current)) {
    choices.push({ value: current, label: slugs.map((slug) => labelOf("care", slug)).join(" or ") });
  }
  return choices;
}

/** The form's values for a listing query read from a URL (any name or spelling it accepts). */
export function valuesFromQuery(query: Partial<HelperQuery>): FilterValues {
  const values = emptyFilterValues();
  for (const field of choiceFields) {
    const slugs = query[field.filter];
    if (!slugs || slugs.length === 0) continue;
    // A drop-down holds one value; a link asking for several keeps the first.
    values[field.name] = field.filter === "care" ? careValue(slugs) : slugs[0]!;
  }
  for (const name of numberFields) {
    const value = query[name];
    if (value !== undefined) values[name] = String(value);
  }
  if (query.skill) values.skill = query.skill.join(",");
  if (query.availableBy) values.availableBy = query.availableBy;
  if (query.interview) values.interview = query.interview[0]!;
  return values;
}

/** Whether a URL asks for any filter at all (then it, not the session's memory, pre-fills). */
export function hasFilterParams(params: URLSearchParams): boolean {
  const names = [...listFilters.flatMap((filter) => filterParams[filter]), ...numberFields, ...biodataFilterFields];
  return names.some((name) => params.getAll(name).some((value) => value.trim() !== ""));
}

function wholeNumber(value: string): number | undefined {
  const digits = value.replace(/[$,\s]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : undefined;
}

/** What is wrong with one field's value, or undefined; empty means "Any" and is always fine. */
type Check = (value: string) => string | undefined;

function choiceCheck(filter: ListFilter): Check {
  return (value) =>
    (filter === "care" ? careSlugs(value) : resolveSlug(filter, value)) === undefined ? "Choose a value from the list" : undefined;
}

const ageCheck: Check = (value) => {
  const n = wholeNumber(value);
  if (n === undefined) return "Enter the age as a whole number, like 30";
  if (n < HELPER_LIMITS.age.min || n > HELPER_LIMITS.age.max) return `Enter an age from ${HELPER_LIMITS.age.min} to ${HELPER_LIMITS.age.max}`;
  return undefined;
};

const salaryCheck: Check = (value) => {
  const n = wholeNumber(value);
  if (n === undefined) return "Enter the salary as a number of dollars, like 700";
  if (n < HELPER_LIMITS.salary.min || n > MAX_SALARY_FILTER) return `Enter a monthly salary of at least $${HELPER_LIMITS.salary.min}`;
  return undefined;
};

const skillCheck: Check = (value) =>
  value.split(",").every((part) => isSkillArea(part.trim())) ? undefined : "Choose a skill from the list";

const dateCheck: Check = (value) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && parseIsoDate(value) ? undefined : "Enter the date as day, month and year";

const interviewCheck: Check = (value) => (isInterviewMode(value) ? undefined : "Choose a way to interview from the list");

const checks: Record<string, Check> = {
  skill: skillCheck,
  availableBy: dateCheck,
  interview: interviewCheck,
  ...Object.fromEntries(choiceFields.map((field) => [field.name, choiceCheck(field.filter)])),
  ageMin: ageCheck,
  ageMax: ageCheck,
  salaryMax: salaryCheck,
};

export type FilterErrors = Record<string, string>;

/**
 * Apply's check (written without a schema library, to keep this page's script small): the
 * listing query for the chosen values, or a message per field to show next to it.
 */
export function checkFilterForm(
  values: FilterValues,
): { ok: true; query: Partial<HelperQuery> } | { ok: false; errors: FilterErrors } {
  const errors: FilterErrors = {};
  const text = (name: string) => (values[name] ?? "").trim();
  for (const [name, check] of Object.entries(checks)) {
    const value = text(name);
    const problem = value === "" ? undefined : check(value);
    if (problem) errors[name] = problem;
  }
  const from = wholeNumber(text("ageMin"));
  const to = wholeNumber(text("ageMax"));
  if (!errors.ageMin && !errors.ageMax && from !== undefined && to !== undefined && from > to) {
    errors.ageMax = `Must not be less than the “from” age (${from})`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const query: Record<string, unknown> = {};
  for (const field of choiceFields) {
    const value = text(field.name);
    if (value === "") continue;
    query[field.filter] = field.filter === "care" ? careSlugs(value) : [resolveSlug(field.filter, value)];
  }
  for (const name of numberFields) {
    const n = wholeNumber(text(name));
    if (n !== undefined) query[name] = n;
  }
  if (text("skill")) query.skill = text("skill").split(",").map((part) => part.trim());
  if (text("availableBy")) query.availableBy = text("availableBy");
  if (text("interview")) query.interview = [text("interview")];
  return { ok: true, query: query as Partial<HelperQuery> };
}

const STORAGE_KEY = "dh:filters";

/** The last choices of this browser tab; storage may be off (private modes), then nothing is kept. */
export function rememberFilterValues(values: FilterValues): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(values));
  } catch {
    // Not kept: the form still works, it just starts empty next time.
  }
}

export function recalledFilterValues(): FilterValues | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return null;
    const values = emptyFilterValues();
    for (const name of Object.keys(values)) {
      const value = (parsed as Record<string, unknown>)[name];
      if (typeof value === "string") values[name] = value;
    }
    return values;
  } catch {
    return null;
  }
}
