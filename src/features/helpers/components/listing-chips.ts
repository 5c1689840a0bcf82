/**
 * The listing's active filters as chips a visitor can remove one by one: each chip carries the
 * address of the same listing without it (the other choices, the search and the order kept).
 */
import { isSkillArea, skillAreaLabel } from "../../../shared/biodata-catalogue";
import { labelOf } from "../../../shared/catalogue-labels";
import { ageWords, availableByWords, hireLabel, interviewLabel, salaryWords } from "../../../shared/filter-words";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { listFilters, toListingSearchParams, type HelperFilter, type HelperQuery } from "../../../shared/listing-query";

export interface FilterChip {
  label: string;
  /** The listing without this choice. */
  href: string;
}

function hrefOf(pathname: string, query: Partial<HelperQuery>): string {
  const params = toListingSearchParams({ ...query, page: 1 }).toString();
  return params ? `${pathname}?${params}` : pathname;
}

/** Chips for what the visitor chose; what the page itself fixes (a nationality, a supplier) is not one. */
export function filterChips(pathname: string, query: HelperQuery, fixed: HelperFilter = {}): FilterChip[] {
  const base: Partial<HelperQuery> = { ...query };
  for (const key of Object.keys(fixed) as (keyof HelperFilter)[]) delete base[key];
  const chips: FilterChip[] = [];
  const without = (change: Partial<HelperQuery>) => hrefOf(pathname, { ...base, ...change });

  for (const filter of listFilters) {
    const values = (base[filter] ?? []) as string[];
    for (const value of values) {
      chips.push({
        label: labelOf(filter, value) ?? value,
        href: without({ [filter]: values.filter((other) => other !== value) }),
      });
    }
  }
  const age = ageWords(base.ageMin, base.ageMax);
  if (age) chips.push({ label: age, href: without({ ageMin: undefined, ageMax: undefined }) });
  if (base.salaryMax !== undefined) chips.push({ label: salaryWords(base.salaryMax), href: without({ salaryMax: undefined }) });
  for (const slug of base.skill ?? []) {
    chips.push({
      label: isSkillArea(slug) ? skillAreaLabel(slug) : slug,
      href: without({ skill: base.skill!.filter((other) => other !== slug) }),
    });
  }
  if (base.availableBy) {
    chips.push({ label: availableByWords(base.availableBy), href: without({ availableBy: undefined }) });
  }
  for (const mode of base.interview ?? []) {
    chips.push({
      label: m.helpers_chip_interview({ mode: interviewLabel(mode) }),
      href: without({ interview: base.interview!.filter((other) => other !== mode) }),
    });
  }
  if (base.hire) chips.push({ label: hireLabel(base.hire), href: without({ hire: undefined }) });
  if (base.q) chips.push({ label: `“${base.q}”`, href: without({ q: undefined }) });
  return chips;
}

/** Every choice gone; the order the visitor picked stays. */
export function clearAllHref(pathname: string, query: HelperQuery): string {
  return hrefOf(pathname, { sort: query.sort, pageSize: query.pageSize });
}
