import { redirect, type AppLoadContext } from "react-router";
import { interviewLabel, skillAreaLabel } from "../../../shared/biodata-catalogue";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatBirthDate, formatSalary, intlLocale } from "../../../shared/format";
import { hireLabel } from "../../../shared/filter-words";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { listingNotes } from "../../../shared/listing-notes";
import type { HelperFilter, HelperQuery } from "../../../shared/listing-query";
import { readListingUrl } from "../../../shared/listing-query-schema";
import { clearAllHref, filterChips } from "../components/listing-chips";
import { languagesNamed } from "../server/search-reading";

/** The same listing's address on another page, every other parameter kept. */
export function listingPageHref(url: URL, page: number): string {
  const params = new URLSearchParams(url.searchParams);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * A listing page's data: the query read from the URL (old names and spellings included) plus
 * what the route fixes (a supplier, a nationality). Malformed numbers fall back to defaults and
 * unknown values give an empty page with a note, never an error page. A page past the last
 * redirects to the last one, so an old link or a shrunken listing never shows an empty page.
 */
export async function loadListing(context: AppLoadContext, url: URL, fixed: HelperFilter = {}) {
  const reading = readListingUrl(url);
  const { problems, unknown } = reading;
  // The reading is shared by every request for this URL: what the route fixes goes on a copy.
  const query: HelperQuery = { ...reading.query, ...fixed };
  const notes = listingNotes(problems, unknown);
  const result =
    unknown.length > 0 ? { items: [], total: 0, page: query.page, pageSize: query.pageSize } : await context.services.helpers.list(query);
  const lastPage = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (result.page > lastPage) throw redirect(listingPageHref(url, lastPage), 302);
  const chips = filterChips(url.pathname, query, fixed);
  // The languages a card names with her level: those filtered for, and those the search names.
  const soughtLanguages = [...new Set([...(query.language ?? []), ...languagesNamed(query.q)])];
  return {
    ...result,
    query,
    soughtLanguages,
    notes,
    chips,
    clearHref: clearAllHref(url.pathname, query),
    search: url.searchParams.toString(),
  };
}

/** "cooking and infant care", "by phone or by video": lower case where the language has it. */
function joined(words: string[], type: "conjunction" | "disjunction"): string {
  return new Intl.ListFormat(intlLocale(), { type }).format(words.map((word) => word.toLocaleLowerCase(intlLocale())));
}

/** "Filipino, single" — what the current filter asks for, in words. */
export function describeFilter(filter: HelperFilter): string[] {
  const words: string[] = [];
  const add = (name: Parameters<typeof labelOf>[0], values?: string[]) =>
    values?.forEach((value) => words.push(labelOf(name, value) ?? value));
  add("nationality", filter.nationality);
  add("experience", filter.experience);
  add("motherTongue", filter.motherTongue);
  add("language", filter.language);
  add("marital", filter.marital);
  add("religion", filter.religion);
  add("care", filter.care);
  if (filter.ageMin !== undefined || filter.ageMax !== undefined) {
    words.push(m.helpers_summary_age({ min: filter.ageMin ?? 18, max: filter.ageMax ?? 60 }));
  }
  if (filter.salaryMax !== undefined) words.push(m.helpers_summary_salary({ amount: formatSalary(filter.salaryMax)! }));
  if (filter.q) words.push(`“${filter.q}”`);
  if (filter.skill) words.push(m.helpers_summary_skills({ skills: joined(filter.skill.map(skillAreaLabel), "conjunction") }));
  if (filter.availableBy) words.push(m.helpers_summary_available_by({ date: formatBirthDate(filter.availableBy) ?? filter.availableBy }));
  if (filter.interview) words.push(m.helpers_summary_interview({ modes: joined(filter.interview.map(interviewLabel), "disjunction") }));
  if (filter.hire) words.push(hireLabel(filter.hire));
  return words;
}
