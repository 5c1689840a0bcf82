/**
 * A family's filter choices in words ("Nationality: Filipino", "Age 25–35"), for the operator's
 * leads screen and export: labels from the catalogue, never the URL's codes.
 */
import { skillAreaLabel } from "./biodata-catalogue";
import { labelOf } from "./catalogue-labels";
import { ageWords, availableByWords, hireLabel, interviewLabel, salaryWords } from "./filter-words";
import { listText } from "./format";
import { m } from "./i18n/compiled/messages.js";
import { listFilters, type HelperFilter, type ListFilter } from "./listing-query";
import { readLeniently } from "./listing-query-schema";

/** The filter form's own names for its lists, in the page's language. */
export const filterName = (name: ListFilter): string => m.shared_filter_name({ name });

export function describeFilter(filter: HelperFilter): string[] {
  const words: string[] = [];
  for (const name of listFilters) {
    const values = (filter[name] ?? []) as string[];
    if (values.length > 0) {
      words.push(m.shared_filter_words({ name: filterName(name), values: listText(values.map((value) => labelOf(name, value) ?? value)) }));
    }
  }
  const age = ageWords(filter.ageMin, filter.ageMax);
  if (age) words.push(age);
  if (filter.salaryMax !== undefined) words.push(salaryWords(filter.salaryMax));
  if (filter.skill?.length) words.push(m.shared_skills_words({ skills: listText(filter.skill.map(skillAreaLabel)) }));
  if (filter.availableBy) words.push(availableByWords(filter.availableBy));
  if (filter.interview?.length) words.push(m.shared_interview_words({ modes: listText(filter.interview.map(interviewLabel)) }));
  if (filter.hire) words.push(hireLabel(filter.hire));
  if (filter.q) words.push(m.shared_search_words({ q: filter.q }));
  return words;
}

/** The words for filters kept as the listing's query string; what no longer reads is left out. */
export function describeStoredFilters(stored: string | null): string[] {
  if (!stored) return [];
  const { query } = readLeniently(new URLSearchParams(stored));
  const { sort: _sort, page: _page, pageSize: _pageSize, supplier: _supplier, ...chosen } = query;
  return describeFilter(chosen);
}
