/**
 * A saved search's criteria: the listing's address parameters (search words included), read by
 * the listing's own schema and written back in one spelling, so equal criteria are equal text
 * and the searches of one criteria are found by it.
 */
import type { HelperFilter } from "../../../shared/listing-query";
import { listFilters, toListingSearchParams } from "../../../shared/listing-query";
import { parseHelperQuery } from "../../../shared/listing-query-schema";

/** Longer than any address the filter form makes. */
export const MAX_CRITERIA_LENGTH = 2000;

export type CriteriaReading = { ok: true; criteria: string; filter: HelperFilter } | { ok: false; problem: "invalid" | "unknown" };

/** The filter part of the listing's query; its order and page are no part of a match. */
function filterOf(params: URLSearchParams): { filter: HelperFilter; problems: number; unknown: number } {
  const { query, problems, unknown } = parseHelperQuery(params);
  const { sort: _sort, page: _page, pageSize: _pageSize, ...filter } = query;
  const ignored = new Set(["sort", "page", "pageSize"]);
  return { filter, problems: problems.filter((problem) => !ignored.has(problem.param)).length, unknown: unknown.length };
}

/** The canonical text of a filter (lists sorted), and the filter read back from it. */
export function canonicalCriteria(filter: HelperFilter): string {
  const sorted: HelperFilter = { ...filter };
  for (const name of listFilters) if (sorted[name]) (sorted[name] as string[]) = [...sorted[name]].sort();
  if (sorted.skill) sorted.skill = [...sorted.skill].sort();
  if (sorted.interview) sorted.interview = [...sorted.interview].sort();
  return toListingSearchParams(sorted).toString();
}

/** Criteria as a form or an address gives them; refused when the listing would note a problem. */
export function readCriteria(raw: string): CriteriaReading {
  const text = raw.startsWith("?") ? raw.slice(1) : raw;
  if (text.length > MAX_CRITERIA_LENGTH || text.includes("\0")) return { ok: false, problem: "invalid" };
  const { filter, problems, unknown } = filterOf(new URLSearchParams(text));
  if (problems > 0) return { ok: false, problem: "invalid" };
  if (unknown > 0) return { ok: false, problem: "unknown" };
  return { ok: true, criteria: canonicalCriteria(filter), filter };
}

const kept = new Map<string, HelperFilter>();

/** A stored criteria's filter (stored criteria were read when saved; read once, then kept). */
export function filterOfCriteria(criteria: string): HelperFilter {
  let filter = kept.get(criteria);
  if (!filter) {
    filter = filterOf(new URLSearchParams(criteria)).filter;
    if (kept.size >= 50_000) kept.clear();
    kept.set(criteria, filter);
  }
  return filter;
}

/** A criteria's parameters one by one, each read as a filter of its own (`category=myanmar,india`). */
export function atomsOf(criteria: string): string[] {
  return [...new URLSearchParams(criteria)].map(([name, value]) => new URLSearchParams({ [name]: value }).toString());
}
