/**
 * What the listing tells a visitor about parameters it could not use, in people's words: never
 * a parameter's name (ageMin, sgExp), always what was ignored and what would work.
 */
import { HELPER_LIMITS } from "./helper-limits";
import { m } from "./i18n/compiled/messages.js";
import { filterParams, listFilters, MAX_QUERY_LENGTH, type ListFilter, type QueryProblem, type UnknownValue } from "./listing-query";

function filterOf(param: string): ListFilter | undefined {
  return listFilters.find((filter) => filterParams[filter].includes(param));
}

export function unknownValueNote({ param, value }: UnknownValue): string {
  const filter = filterOf(param);
  // An unknown filter's words are the catch-all "a choice".
  return m.shared_note_unknown({ what: m.shared_note_filter({ filter: filter ?? "" }), value });
}

export function problemNote({ param }: QueryProblem): string {
  switch (param) {
    case "ageMin":
    case "ageMax":
      return m.shared_note_age({ min: HELPER_LIMITS.age.min, max: HELPER_LIMITS.age.max });
    case "salaryMax":
      return m.shared_note_salary();
    case "q":
      return m.shared_note_search({ max: MAX_QUERY_LENGTH });
    case "sort":
      return m.shared_note_sort();
    case "page":
      return m.shared_note_page();
    case "pageSize":
      return m.shared_note_page_size();
    default:
      return m.shared_note_other();
  }
}

/** One note per kind of problem: "ageMin" and "ageMax" both wrong still say it once. */
export function listingNotes(problems: QueryProblem[], unknown: UnknownValue[]): string[] {
  return [...new Set([...unknown.map(unknownValueNote), ...problems.map(problemNote)])];
}
