/**
 * The helper listing's query: its parameters, its shape once read, and its page URL under the
 * original site's names (so links keep working both ways). This module has no validation
 * library in it, so the browser may import it: the one reading of a URL is the zod schema in
 * listing-query-schema.ts, which only servers and loaders import.
 */
import type { InterviewMode, SkillAreaSlug } from "./biodata-catalogue";
import type { CatalogueName, SlugOf } from "./catalogue";

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;
export const MAX_PAGE = 10_000;
export const MAX_QUERY_LENGTH = 80;

export const sortOrders = ["newest", "salary", "age"] as const;
export type SortOrder = (typeof sortOrders)[number];

/** Who publishes a biodata: the helper herself (a direct hire) or an agency or overseas supplier. */
export const hireKinds = ["direct", "agency"] as const;
export type HireKind = (typeof hireKinds)[number];

/** Filter fields backed by the catalogue; each takes a list and matches any of its values. */
export const listFilters = [
  "nationality",
  "experience",
  "motherTongue",
  "language",
  "marital",
  "religion",
  "care",
] as const satisfies readonly CatalogueName[];
export type ListFilter = (typeof listFilters)[number];

/** URL parameter name(s) per filter: the first is what the site writes, the rest are read too. */
export const filterParams: Record<ListFilter, readonly string[]> = {
  nationality: ["category", "nationality"],
  experience: ["sgExp", "experience"],
  motherTongue: ["language1", "motherTongue", "dialect"],
  language: ["language2", "language"],
  marital: ["marital", "marriage"],
  religion: ["religion"],
  care: ["neg", "care"],
};

export type HelperFilter = { [K in ListFilter]?: SlugOf<K>[] } & {
  supplier?: string;
  ageMin?: number;
  ageMax?: number;
  salaryMax?: number;
  q?: string;
  /** Skill areas she has experience in, every one of them. */
  skill?: SkillAreaSlug[];
  /** YYYY-MM-DD: available on or before this day. */
  availableBy?: string;
  /** Ways she can be interviewed, any of them. */
  interview?: InterviewMode[];
  /** Published by the helper herself (`direct`) or by an agency (`agency`). */
  hire?: HireKind;
};

export interface HelperQuery extends HelperFilter {
  sort: SortOrder;
  page: number;
  pageSize: number;
}

export interface QueryProblem {
  param: string;
  message: string;
}

export interface UnknownValue {
  param: string;
  value: string;
}

export interface ParsedHelperQuery {
  query: HelperQuery;
  /** Malformed parameters (a non-number page, an unknown sort, …): the API answers 400. */
  problems: QueryProblem[];
  /** Values that are well-formed but match nothing in the catalogue: an empty result, not an error. */
  unknown: UnknownValue[];
}

/** A URL's query as a server framework hands it over: repeated names give a list. */
export type RawQuery = Record<string, string | string[] | undefined>;

/**
 * Page URL parameters for a listing query, under the original site's names, with only the
 * values that are set (defaults left out), so links stay short and old bookmarks still match.
 */
export function toListingSearchParams(query: Partial<HelperQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const filter of listFilters) {
    const values = query[filter];
    if (values && values.length > 0) params.set(filterParams[filter][0]!, values.join(","));
  }
  if (query.supplier) params.set("supplier", query.supplier);
  if (query.ageMin !== undefined) params.set("ageMin", String(query.ageMin));
  if (query.ageMax !== undefined) params.set("ageMax", String(query.ageMax));
  if (query.salaryMax !== undefined) params.set("salaryMax", String(query.salaryMax));
  if (query.q) params.set("q", query.q);
  if (query.skill?.length) params.set("skill", query.skill.join(","));
  if (query.availableBy) params.set("availableBy", query.availableBy);
  if (query.interview?.length) params.set("interview", query.interview.join(","));
  if (query.hire) params.set("hire", query.hire);
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
