/**
 * The filter form of /filters: its fields under the original site's parameter names, pre-filled
 * from the address it was opened with (the listing's "Edit filters" sends its own query), never
 * from an earlier visit's choices. Apply is checked on the server
 * (filter-form.server.ts), so the page's script carries no validation library.
 */
import { interviewLabel, interviewModes, isSkillArea, skillAreaLabel, skillAreas } from "../../shared/biodata-catalogue";
import { careGroups, resolveSlug, type CatalogueName } from "../../shared/catalogue";
import { careGroupLabel, catalogueOptions, labelOf } from "../../shared/catalogue-labels";
import { intlLocale } from "../../shared/format";
import { hireLabel } from "../../shared/filter-words";
import { hireKinds, type HelperQuery, type ListFilter } from "../../shared/listing-query";
import type { Option } from "../../shared/options";

export type Choice = Option;

export interface ChoiceField {
  name: string;
  filter: ListFilter;
  /** Boxes to tick, any number of them (a helper matches any), instead of a drop-down. */
  multiple?: boolean;
}

/** The choices, in the original's order; `name` is the parameter the listing reads (its words: `leads_field`). */
export const choiceFields: readonly ChoiceField[] = [
  { name: "category", filter: "nationality", multiple: true },
  { name: "sgExp", filter: "experience" },
  { name: "language1", filter: "motherTongue" },
  { name: "language2", filter: "language", multiple: true },
  { name: "marital", filter: "marital" },
  { name: "religion", filter: "religion", multiple: true },
  { name: "neg", filter: "care" },
];

export const numberFields = ["ageMin", "ageMax", "salaryMax"] as const;

/** What she has done and when she can start: the listing's own parameter names. */
export const biodataFilterFields = ["skill", "availableBy", "interview", "hire"] as const;

/** The skill drop-down: one area, or a combination a link asked for ("cooking,infant"). */
export function skillChoices(current = ""): Choice[] {
  const choices: Choice[] = skillAreas.map((area) => ({ value: area.slug, label: skillAreaLabel(area.slug) }));
  const parts = current
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1 && parts.every(isSkillArea)) {
    choices.push({ value: parts.join(","), label: joined(parts.map(skillAreaLabel), "conjunction") });
  }
  return choices;
}

/** The ways to interview, in the page's language. */
export const interviewChoices = (): Choice[] => interviewModes.map((mode) => ({ value: mode.slug, label: interviewLabel(mode.slug) }));

/** Who publishes her biodata: the helper herself (direct hire) or an agency. */
export const hireChoices = (): Choice[] => hireKinds.map((kind) => ({ value: kind, label: hireLabel(kind) }));

/** "Cooking and care of infants", "infant care or elderly care", as the page's language joins them. */
function joined(words: string[], type: "conjunction" | "disjunction"): string {
  return new Intl.ListFormat(intlLocale(), { type }).format(words);
}
export type NumberField = (typeof numberFields)[number];

/** Every field of the form, in its order on the page. */
export const filterFieldNames: readonly string[] = [...choiceFields.map((f) => f.name), ...numberFields, ...biodataFilterFields];

/** Sent with Apply: the form's values are then checked and applied, not only shown. */
export const APPLY_FIELD = "apply";

/** A drop-down's or a box's value; the ticked boxes of a `multiple` choice. */
export type FilterValues = Record<string, string | string[]>;

export function emptyFilterValues(): FilterValues {
  return Object.fromEntries(filterFieldNames.map((name) => [name, choiceFields.find((f) => f.name === name)?.multiple ? [] : ""]));
}

/** A value as one text: a drop-down's own, or ticked boxes joined by commas. */
export function valueText(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(",") : (value ?? "");
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
  if (field.filter !== "care") return catalogueOptions(field.filter as CatalogueName);
  const choices: Choice[] = careGroups.map((group) => ({ value: group.value, label: careGroupLabel(group) }));
  const slugs = current ? careSlugs(current) : undefined;
  if (slugs && !choices.some((c) => c.value === current)) {
    choices.push({
      value: current,
      label: joined(
        slugs.map((slug) => labelOf("care", slug) ?? slug),
        "disjunction",
      ),
    });
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
    values[field.name] = field.multiple ? [...slugs] : field.filter === "care" ? careValue(slugs) : slugs[0]!;
  }
  for (const name of numberFields) {
    const value = query[name];
    if (value !== undefined) values[name] = String(value);
  }
  if (query.skill) values.skill = query.skill.join(",");
  if (query.availableBy) values.availableBy = query.availableBy;
  if (query.interview) values.interview = query.interview[0]!;
  if (query.hire) values.hire = query.hire;
  return values;
}
