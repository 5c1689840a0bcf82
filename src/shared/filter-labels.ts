/**
 * A family's filter choices in words ("Nationality: Filipino", "Age 25–35"), for the operator's
 * leads screen and export: labels from the catalogue, never the URL's codes.
 */
import { skillArea } from "./biodata-catalogue";
import { labelOf } from "./catalogue";
import { ageWords, availableByWords, interviewLabel, salaryWords } from "./filter-words";
import { listFilters, type HelperFilter, type ListFilter } from "./listing-query";
import { readLeniently } from "./listing-query-schema";

/** The filter form's own names for its lists. */
export const FILTER_NAMES: Record<ListFilter, string> = {
  nationality: "Nationality",
  experience: "Experience",
  motherTongue: "Dialect (mother tongue)",
  language: "Other languages",
  marital: "Marital status",
  religion: "Religion",
  care: "Special care",
};

export function describeFilter(filter: HelperFilter): string[] {
  const words: string[] = [];
  for (const name of listFilters) {
    const values = (filter[name] ?? []) as string[];
    if (values.length > 0) words.push(`${FILTER_NAMES[name]}: ${values.map((value) => labelOf(name, value) ?? value).join(", ")}`);
  }
  const age = ageWords(filter.ageMin, filter.ageMax);
  if (age) words.push(age);
  if (filter.salaryMax !== undefined) words.push(salaryWords(filter.salaryMax));
  if (filter.skill?.length) words.push(`Skills: ${filter.skill.map((slug) => skillArea(slug)?.label ?? slug).join(", ")}`);
  if (filter.availableBy) words.push(availableByWords(filter.availableBy));
  if (filter.interview?.length) words.push(`Interview: ${filter.interview.map(interviewLabel).join(", ")}`);
  if (filter.q) words.push(`Search: “${filter.q}”`);
  return words;
}

/** The words for filters kept as the listing's query string; what no longer reads is left out. */
export function describeStoredFilters(stored: string | null): string[] {
  if (!stored) return [];
  const { query } = readLeniently(new URLSearchParams(stored));
  const { sort: _sort, page: _page, pageSize: _pageSize, supplier: _supplier, ...chosen } = query;
  return describeFilter(chosen);
}
