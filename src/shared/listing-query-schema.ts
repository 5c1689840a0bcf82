/**
 * The listing's query as one zod schema: GET /api/helpers declares it (a malformed parameter is
 * a 400 naming it), the /posts loaders read a URL with it (a malformed parameter is left out
 * with a note, never an error page), and the /filters form is checked with a schema made from it.
 * Only servers and loaders import this module: zod stays out of the browser (listing-query.ts
 * has the types and the URL writer the pages need).
 */
import { z } from "zod";
import { parseIsoDate } from "./age";
import { interviewModes, isInterviewMode, isSkillArea, skillAreas } from "./biodata-catalogue";
import { resolveSlug, slugsOf } from "./catalogue";
import { HELPER_LIMITS } from "./helper-limits";
import {
  DEFAULT_PAGE_SIZE,
  filterParams,
  listFilters,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  MAX_QUERY_LENGTH,
  hireKinds,
  sortOrders,
  type HelperQuery,
  type HireKind,
  type ListFilter,
  type ParsedHelperQuery,
  type QueryProblem,
  type RawQuery,
  type SortOrder,
  type UnknownValue,
} from "./listing-query";

export const MAX_SALARY_FILTER = 100_000;

/** What an issue is about, for those who word it their own way (the page's notes, the form). */
export interface QueryIssueParams {
  kind: "whole-number" | "range" | "too-long" | "date" | "sort" | "order" | "hire";
  /** Parameters to leave out with this one when a page reads on regardless (the age range). */
  also?: string[];
  /** The "from" age of a range that runs backwards. */
  from?: number;
}

const raw = z.union([z.string(), z.array(z.string())]).optional();
type Raw = z.output<typeof raw>;
type Ctx = z.core.$RefinementCtx<Raw>;

const all = (value: Raw): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
/** A parameter given twice counts once, as its last value; blank means not given. */
const last = (value: Raw): string | undefined => all(value).at(-1)?.trim() || undefined;

function refuse(ctx: Ctx, message: string, params: QueryIssueParams): never {
  ctx.issues.push({ code: "custom", message, input: ctx.value, params });
  return z.NEVER;
}

function wholeNumber(name: string, bounds: { min: number; max: number }) {
  return raw.transform((value, ctx) => {
    const text = last(value);
    if (text === undefined) return undefined;
    if (!/^-?\d+$/.test(text)) return refuse(ctx, `${name} must be a whole number`, { kind: "whole-number" });
    const number = Number(text);
    if (number < bounds.min || number > bounds.max) {
      return refuse(ctx, `${name} must be between ${bounds.min} and ${bounds.max}`, { kind: "range" });
    }
    return number;
  });
}

interface Choices {
  slugs: string[];
  /** Values that match nothing: an empty page that says so, not an error. */
  unknown: string[];
}

/** A comma list (or repeated parameter) of choices, each read by `resolve`. */
function choices(resolve: (value: string) => string | undefined) {
  return raw.transform((value): Choices => {
    const result: Choices = { slugs: [], unknown: [] };
    for (const text of all(value).flatMap((part) => part.split(","))) {
      const trimmed = text.trim();
      if (trimmed === "") continue;
      const slug = resolve(trimmed);
      if (slug) result.slugs.push(slug);
      else result.unknown.push(trimmed);
    }
    return result;
  });
}

/** "Pet care", "pet_care" and "PET-CARE" all read as the slug pet-care. */
const asSlug = (value: string) => value.toLowerCase().replace(/[\s_]+/g, "-");
const slugIn = (isSlug: (slug: string) => boolean) => (value: string) => (isSlug(asSlug(value)) ? asSlug(value) : undefined);

/** What the API document says of a catalogue filter's parameter (its other names read the same). */
function catalogueWords(filter: ListFilter, param: string): string {
  const others = filterParams[filter].filter((name) => name !== param).map((name) => `\`${name}\``);
  const also = others.length > 0 ? ` The same filter as ${others.join(" and ")}.` : "";
  return `Comma list of ${slugsOf(filter).join(", ")} (or their labels or the old site's spellings, any case): a helper matches any of them.${also}`;
}

/** Every URL name of the catalogue filters (old names first), each read against its catalogue. */
const catalogueFields: Record<string, ReturnType<typeof choices>> = Object.fromEntries(
  listFilters.flatMap((filter) =>
    filterParams[filter].map((param) => [param, choices((value) => resolveSlug(filter, value)).describe(catalogueWords(filter, param))]),
  ),
);

// The keys' order is the order of the notes and of the unknown values reported.
const fields = z.object({
  ...catalogueFields,
  supplier: raw.transform(last).describe("Only the helpers of the supplier with this id."),
  q: raw
    .transform((value, ctx) => {
      const text = last(value);
      if (text && text.length > MAX_QUERY_LENGTH) {
        return refuse(ctx, `q must be at most ${MAX_QUERY_LENGTH} characters`, { kind: "too-long" });
      }
      return text;
    })
    .describe(`A helper's name or reference, at most ${MAX_QUERY_LENGTH} characters.`),
  ageMin: wholeNumber("ageMin", HELPER_LIMITS.age).describe(`Youngest age, ${HELPER_LIMITS.age.min} to ${HELPER_LIMITS.age.max}.`),
  ageMax: wholeNumber("ageMax", HELPER_LIMITS.age).describe(
    `Oldest age, ${HELPER_LIMITS.age.min} to ${HELPER_LIMITS.age.max}, not below ageMin.`,
  ),
  salaryMax: wholeNumber("salaryMax", { min: 0, max: MAX_SALARY_FILTER }).describe(`Highest monthly salary, 0 to ${MAX_SALARY_FILTER}.`),
  skill: choices(slugIn(isSkillArea)).describe(
    `Comma list of skill areas (${skillAreas.map((area) => area.slug).join(", ")}): a helper matches when she has experience in every area named (willingness alone does not count); a care area also matches a helper whose biodata lists that care.`,
  ),
  interview: choices(slugIn(isInterviewMode)).describe(
    `Comma list of ${interviewModes.map((mode) => mode.slug).join(", ")}: a helper matches when she can be interviewed in any of them.`,
  ),
  availableBy: raw
    .transform((value, ctx) => {
      const text = last(value);
      if (text === undefined || parseIsoDate(text)) return text;
      return refuse(ctx, "availableBy must be a date (YYYY-MM-DD)", { kind: "date" });
    })
    .describe("YYYY-MM-DD: available on or before that day (a helper with no available-from date is available now and always matches)."),
  hire: raw
    .transform((value, ctx): HireKind | undefined => {
      const text = last(value)?.toLowerCase();
      if (!text) return undefined;
      if ((hireKinds as readonly string[]).includes(text)) return text as HireKind;
      return refuse(ctx, `hire must be one of ${hireKinds.join(", ")}`, { kind: "hire" });
    })
    .describe("direct: biodata the helpers publish themselves (direct hire); agency: those of agencies and overseas suppliers."),
  sort: raw
    .transform((value, ctx): SortOrder => {
      const text = last(value)?.toLowerCase();
      if (text === undefined) return "newest";
      if ((sortOrders as readonly string[]).includes(text)) return text as SortOrder;
      return refuse(ctx, `sort must be one of ${sortOrders.join(", ")}`, { kind: "sort" });
    })
    .describe(`${sortOrders.join(", ")}; ${sortOrders[0]} when not given.`),
  page: wholeNumber("page", { min: 1, max: MAX_PAGE }).describe(`The page, from 1 to ${MAX_PAGE}.`),
  pageSize: wholeNumber("pageSize", { min: 1, max: MAX_PAGE_SIZE }).describe(
    `Helpers a page, 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when not given.`,
  ),
});
type Fields = z.output<typeof fields>;

/** Every parameter name a listing page reads (old names included); any other changes nothing. */
export const LISTING_PARAMS: readonly string[] = Object.keys(fields.shape);

function toQuery(read: Fields, ctx: z.core.$RefinementCtx<Fields>): { query: HelperQuery; unknown: UnknownValue[] } {
  if (read.ageMin !== undefined && read.ageMax !== undefined && read.ageMin > read.ageMax) {
    const params: QueryIssueParams = { kind: "order", also: ["ageMax"], from: read.ageMin };
    ctx.issues.push({ code: "custom", message: "ageMin must not be more than ageMax", input: read, path: ["ageMin"], params });
    return z.NEVER;
  }
  const query: HelperQuery = { sort: read.sort, page: read.page ?? 1, pageSize: read.pageSize ?? DEFAULT_PAGE_SIZE };
  const unknown: UnknownValue[] = [];
  const byParam = read as unknown as Record<string, Choices>;
  for (const filter of listFilters) {
    const slugs = new Set<string>();
    for (const param of filterParams[filter]) {
      byParam[param]!.slugs.forEach((slug) => slugs.add(slug));
      byParam[param]!.unknown.forEach((value) => unknown.push({ param, value }));
    }
    // In the catalogue's order, so "india,philippines" and "philippines,india" are one query (one
    // key in the listing's cache, the same chips).
    if (slugs.size > 0) (query as unknown as Record<string, string[]>)[filter] = slugsOf(filter).filter((slug) => slugs.has(slug));
  }
  if (read.supplier) query.supplier = read.supplier;
  if (read.q) query.q = read.q;
  if (read.ageMin !== undefined) query.ageMin = read.ageMin;
  if (read.ageMax !== undefined) query.ageMax = read.ageMax;
  if (read.salaryMax !== undefined) query.salaryMax = read.salaryMax;
  for (const param of ["skill", "interview"] as const) {
    if (read[param].slugs.length > 0) (query as unknown as Record<string, string[]>)[param] = [...new Set(read[param].slugs)];
    read[param].unknown.forEach((value) => unknown.push({ param, value }));
  }
  if (read.availableBy) query.availableBy = read.availableBy;
  if (read.hire) query.hire = read.hire;
  return { query, unknown };
}

/**
 * The schema: a URL's parameters (any of their names and spellings) in, the listing query and
 * the values the catalogue does not know out. A malformed parameter is an issue at its name.
 */
export const helperQuerySchema = fields.transform(toQuery);

/** A URL's parameters as the schema takes them (a repeated name gives a list). */
export function rawQuery(params: URLSearchParams): RawQuery {
  // No prototype: a parameter named `__proto__` is a parameter like any other, not the object's parent.
  const result: RawQuery = Object.create(null) as RawQuery;
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    result[name] = values.length === 1 ? values[0] : values;
  }
  return result;
}

/**
 * A page's reading: what the schema refuses is left out and the rest read again, so a wrong
 * page number still shows the listing. Each issue is kept, for the page to word.
 */
export function readLeniently(params: URLSearchParams | RawQuery): {
  query: HelperQuery;
  unknown: UnknownValue[];
  issues: z.core.$ZodIssue[];
} {
  const input = params instanceof URLSearchParams ? rawQuery(params) : (Object.assign(Object.create(null), params) as RawQuery);
  const issues: z.core.$ZodIssue[] = [];
  for (;;) {
    const result = helperQuerySchema.safeParse(input);
    if (result.success) return { ...result.data, issues };
    const before = Object.keys(input).length;
    for (const issue of result.error.issues) {
      issues.push(issue);
      const also = issue.code === "custom" ? ((issue.params as QueryIssueParams | undefined)?.also ?? []) : [];
      for (const name of [String(issue.path[0]), ...also]) delete input[name];
    }
    // Every issue names a parameter, so each round leaves one out at least.
    if (Object.keys(input).length === before) throw new Error("The listing query's schema refused no parameter in particular");
  }
}

/** The query a page shows, the problems it notes and the values that match nothing. */
export function parseHelperQuery(params: URLSearchParams | RawQuery): ParsedHelperQuery {
  const { query, unknown, issues } = readLeniently(params);
  const problems: QueryProblem[] = issues.map((issue) => ({ param: String(issue.path[0]), message: issue.message }));
  return { query, problems, unknown };
}

const MAX_KEPT = 1000;
const kept = new Map<string, ParsedHelperQuery>();

/**
 * The same few listing URLs come back constantly, and reading one is pure: readings are kept
 * by the query's text (frozen, since many requests share one).
 */
export function readListingUrl(url: URL): ParsedHelperQuery {
  const key = url.search;
  let reading = kept.get(key);
  if (!reading) {
    const { query, problems, unknown } = parseHelperQuery(url.searchParams);
    reading = Object.freeze({ query: Object.freeze(query), problems, unknown });
    if (kept.size >= MAX_KEPT) kept.clear();
    kept.set(key, reading);
  }
  return reading;
}
