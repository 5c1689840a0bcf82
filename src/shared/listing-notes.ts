/**
 * What the listing tells a visitor about parameters it could not use, in people's words: never
 * a parameter's name (ageMin, sgExp), always what was ignored and what would work.
 */
import { HELPER_LIMITS } from "./helper-limits";
import { filterParams, listFilters, MAX_QUERY_LENGTH, type ListFilter, type QueryProblem, type UnknownValue } from "./listing-query";

const FILTER_WORDS: Record<ListFilter, string> = {
  nationality: "nationality",
  experience: "experience",
  motherTongue: "mother tongue",
  language: "language",
  marital: "marital status",
  religion: "religion",
  care: "kind of care",
};

function filterOf(param: string): ListFilter | undefined {
  return listFilters.find((filter) => filterParams[filter].includes(param));
}

export function unknownValueNote({ param, value }: UnknownValue): string {
  const filter = filterOf(param);
  const what = filter ? `the ${FILTER_WORDS[filter]}` : "a choice";
  return `No helper matches ${what} “${value}”: it is not one we know. Choose one from the filters.`;
}

export function problemNote({ param }: QueryProblem): string {
  switch (param) {
    case "ageMin":
    case "ageMax":
      return `We ignored the age range: ages run from ${HELPER_LIMITS.age.min} to ${HELPER_LIMITS.age.max}, the youngest first.`;
    case "salaryMax":
      return "We ignored the highest salary: give it in whole dollars, such as 800.";
    case "q":
      return `We ignored the search: keep it under ${MAX_QUERY_LENGTH} characters.`;
    case "sort":
      return "We sorted by newest first: the order asked for is not one we know.";
    case "page":
      return "We showed the first page: the page asked for does not exist.";
    case "pageSize":
      return "We showed the usual number of helpers a page.";
    default:
      return "We ignored a choice we could not read.";
  }
}

/** One note per kind of problem: "ageMin" and "ageMax" both wrong still say it once. */
export function listingNotes(problems: QueryProblem[], unknown: UnknownValue[]): string[] {
  return [...new Set([...unknown.map(unknownValueNote), ...problems.map(problemNote)])];
}
