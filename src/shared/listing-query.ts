/**
 * The helper listing's query: read from page URLs (the original site's parameter names and
 * spellings) and from API calls (the new names), written back to page URLs under the old names
 * so links keep working both ways.
 */
import { parseIsoDate } from "./age";
import { isInterviewMode, isSkillArea, type InterviewMode, type SkillAreaSlug } from "./biodata-catalogue";
import { resolveSlug, type CatalogueName, type SlugOf } from "./catalogue";
import { HELPER_LIMITS } from "./helper-limits";

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 60;
export const MAX_PAGE = 10_000;
export const MAX_QUERY_LENGTH = 80;

export const sortOrders = ["newest", "salary", "age"] as const;
export type SortOrder = (typeof sortOrders)[number];

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

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function readAll(params: Params, name: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(name);
  const value = params[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function splitList(values: string[]): string[] {
  return values
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

function readInteger(
  params: Params,
  name: string,
  bounds: { min: number; max: number },
  problems: QueryProblem[],
): number | undefined {
  const raw = readAll(params, name).at(-1)?.trim();
  if (raw === undefined || raw === "") return undefined;
  if (!/^-?\d+$/.test(raw)) {
    problems.push({ param: name, message: `${name} must be a whole number` });
    return undefined;
  }
  const value = Number(raw);
  if (value < bounds.min || value > bounds.max) {
    problems.push({ param: name, message: `${name} must be between ${bounds.min} and ${bounds.max}` });
    return undefined;
  }
  return value;
}

/** "Pet care", "pet_care" and "PET-CARE" all read as the slug pet-care. */
function asSlug(value: string): string {
  return value.trim().toLowerCase().replace(/[\s_]+/g, "-");
}

function readSlugs<S extends string>(
  params: Params,
  name: string,
  isSlug: (value: string) => value is S,
  unknown: UnknownValue[],
): S[] | undefined {
  const slugs = new Set<S>();
  for (const value of splitList(readAll(params, name))) {
    const slug = asSlug(value);
    if (isSlug(slug)) slugs.add(slug);
    else unknown.push({ param: name, value });
  }
  return slugs.size > 0 ? [...slugs] : undefined;
}

export function parseHelperQuery(params: Params): ParsedHelperQuery {
  const problems: QueryProblem[] = [];
  const unknown: UnknownValue[] = [];
  const query: HelperQuery = { sort: "newest", page: 1, pageSize: DEFAULT_PAGE_SIZE };

  for (const filter of listFilters) {
    const slugs = new Set<string>();
    for (const param of filterParams[filter]) {
      for (const value of splitList(readAll(params, param))) {
        const slug = resolveSlug(filter, value);
        if (slug) slugs.add(slug);
        else unknown.push({ param, value });
      }
    }
    if (slugs.size > 0) (query as unknown as Record<string, unknown>)[filter] = [...slugs];
  }

  const supplier = readAll(params, "supplier").at(-1)?.trim();
  if (supplier) query.supplier = supplier;

  const q = readAll(params, "q").at(-1)?.trim();
  if (q) {
    if (q.length > MAX_QUERY_LENGTH) {
      problems.push({ param: "q", message: `q must be at most ${MAX_QUERY_LENGTH} characters` });
    } else {
      query.q = q;
    }
  }

  const ageMin = readInteger(params, "ageMin", HELPER_LIMITS.age, problems);
  const ageMax = readInteger(params, "ageMax", HELPER_LIMITS.age, problems);
  if (ageMin !== undefined && ageMax !== undefined && ageMin > ageMax) {
    problems.push({ param: "ageMin", message: "ageMin must not be more than ageMax" });
  } else {
    if (ageMin !== undefined) query.ageMin = ageMin;
    if (ageMax !== undefined) query.ageMax = ageMax;
  }
  const salaryMax = readInteger(params, "salaryMax", { min: 0, max: 100_000 }, problems);
  if (salaryMax !== undefined) query.salaryMax = salaryMax;

  const skill = readSlugs(params, "skill", isSkillArea, unknown);
  if (skill) query.skill = skill;
  const interview = readSlugs(params, "interview", isInterviewMode, unknown);
  if (interview) query.interview = interview;
  const availableBy = readAll(params, "availableBy").at(-1)?.trim();
  if (availableBy) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(availableBy) && parseIsoDate(availableBy)) query.availableBy = availableBy;
    else problems.push({ param: "availableBy", message: "availableBy must be a date (YYYY-MM-DD)" });
  }

  const sort = readAll(params, "sort").at(-1)?.trim().toLowerCase();
  if (sort) {
    if ((sortOrders as readonly string[]).includes(sort)) query.sort = sort as SortOrder;
    else problems.push({ param: "sort", message: `sort must be one of ${sortOrders.join(", ")}` });
  }
  query.page = readInteger(params, "page", { min: 1, max: MAX_PAGE }, problems) ?? 1;
  query.pageSize =
    readInteger(params, "pageSize", { min: 1, max: MAX_PAGE_SIZE }, problems) ?? DEFAULT_PAGE_SIZE;

  return { query, problems, unknown };
}

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
  if (query.sort && query.sort !== "newest") params.set("sort", query.sort);
  if (query.pageSize && query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params;
}
