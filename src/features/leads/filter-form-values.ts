/**
 * The filter form of /filters: its fields under the original site's parameter names, pre-filling
 * from a URL and the session's memory of the last choices. Apply is checked on the server
 * (filter-form.server.ts), so the page's script carries no validation library.
 */
import { interviewModes, isSkillArea, skillAreas } from "../../shared/biodata-catalogue";
import { careGroups, catalogue, labelOf, resolveSlug, type CatalogueName } from "../../shared/catalogue";
import { filterParams, listFilters, type HelperQuery, type ListFilter } from "../../shared/listing-query";
import { optionsOf, type Option } from "../../shared/options";

export type Choice = Option;

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
  const choices = optionsOf(skillAreas);
  const parts = current
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1 && parts.every(isSkillArea)) {
    choices.push({ value: parts.join(","), label: parts.map((part) => skillAreas.find((a) => a.slug === part)!.label).join(" and ") });
  }
  return choices;
}

export const interviewChoices = optionsOf(interviewModes);
export type NumberField = (typeof numberFields)[number];

/** Every field of the form, in its order on the page. */
export const filterFieldNames: readonly string[] = [...choiceFields.map((f) => f.name), ...numberFields, ...biodataFilterFields];

/** Sent with Apply: the form's values are then checked and applied, not only shown. */
export const APPLY_FIELD = "apply";

export type FilterValues = Record<string, string>;

export function emptyFilterValues(): FilterValues {
  return Object.fromEntries(filterFieldNames.map((name) => [name, ""]));
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
  if (field.filter !== "care") return optionsOf(catalogue[field.filter as CatalogueName]);
  const choices = optionsOf(careGroups);
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
