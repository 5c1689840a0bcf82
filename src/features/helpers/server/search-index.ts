/**
 * The names and references of every available helper, in memory, for `q=` (decision 072).
 * A search with a new term each time cannot be cached, and as a database query each one waited
 * for the one before on the embedded database; here a term is a few array reads, and the page's
 * cards come from memory too (card-store.ts).
 *
 * Every substring of one to four characters of each lowercased name points to the helpers
 * having it (in the listing's default order), so a term of up to four characters is one list
 * and a longer one is checked only against the helpers sharing its rarest four characters.
 * References match from their start: a sorted list and a binary search. The database lowercases
 * the names and ranks the helpers for each sort when the index is built, so matching and order
 * are its own. It is built again after each round of `listing_changed` notifications (and
 * after five minutes), the one before answering meanwhile (decision 083); before the first
 * build, and for terms that are not plain ASCII, the caller searches in SQL.
 */
import type { HelperQuery } from "../../../shared/listing-query";
import { referenceIn } from "../../../shared/search-terms";
import { ForgivingSearch, lowerBound } from "./forgiving-search";

/** One available helper as the index is built from it, in the listing's default order. */
export interface IndexRow {
  id: string;
  /** lower(name), as the database lowercases it. */
  name: string;
  /** lower(ref). */
  ref: string;
  /** 1-based place in the salary sort and the age sort. */
  bySalary: number;
  byAge: number;
}

type Sort = HelperQuery["sort"];

/** What a search found: the page's ids in order, and how many match in all. */
export interface IndexPage {
  ids: string[];
  total: number;
}

/** Plain ASCII without control characters: lowercased alike by JavaScript and the database. */
const PLAIN = /^[\x20-\x7e]+$/;

/**
 * A search as the index reads it: `term` is what names hold and references start with,
 * lowercased (a reference written another way, "DH 1013", is the reference alone); undefined
 * when the term is not plain ASCII, which the index cannot match exactly as the database would.
 * `q` is what was typed, for the forgiving search when nothing matches the term.
 */
export interface IndexSearch {
  q: string;
  term: string | undefined;
  refOnly: boolean;
}

export function indexSearch(q: string): IndexSearch {
  const reference = referenceIn(q);
  if (reference) return { q, term: reference.toLowerCase(), refOnly: true };
  return { q, term: PLAIN.test(q) ? q.toLowerCase() : undefined, refOnly: false };
}

const asSearch = (search: string | IndexSearch) => (typeof search === "string" ? indexSearch(search) : search);

export class BuiltSearchIndex {
  private readonly ids: string[];
  private readonly names: string[];
  private readonly grams = new Map<string, Int32Array>();
  /** Places (in the default order) sorted by reference, and the references in that order. */
  private readonly refPlaces: Int32Array;
  private readonly sortedRefs: string[];
  private readonly salaryOrder: Int32Array;
  private readonly ageOrder: Int32Array;
  private readonly salaryRank: Int32Array;
  private readonly ageRank: Int32Array;
  private readonly refs: string[];
  private placeById: Map<string, number> | undefined;
  private forgiving: ForgivingSearch | undefined;

  /** `wordsOf` gives a helper's biodata words (kept with her card) for the forgiving search. */
  constructor(
    rows: readonly IndexRow[],
    private readonly wordsOf: (id: string) => readonly string[] | undefined = () => undefined,
  ) {
    const n = rows.length;
    this.ids = rows.map((row) => row.id);
    this.names = rows.map((row) => row.name);
    this.refs = rows.map((row) => row.ref);
    const lists = new Map<string, number[]>();
    rows.forEach((row, place) => {
      const seen = new Set<string>();
      for (let length = 1; length <= GRAM; length++) {
        for (let start = 0; start + length <= row.name.length; start++) seen.add(row.name.slice(start, start + length));
      }
      for (const gram of seen) {
        const list = lists.get(gram);
        if (list) list.push(place);
        else lists.set(gram, [place]);
      }
    });
    for (const [gram, list] of lists) this.grams.set(gram, Int32Array.from(list));

    const byRef = Array.from({ length: n }, (_, place) => place).sort((a, b) => compare(rows[a]!.ref, rows[b]!.ref));
    this.refPlaces = Int32Array.from(byRef);
    this.sortedRefs = byRef.map((place) => rows[place]!.ref);
    this.salaryRank = Int32Array.from(rows, (row) => row.bySalary);
    this.ageRank = Int32Array.from(rows, (row) => row.byAge);
    this.salaryOrder = orderOf(this.salaryRank);
    this.ageOrder = orderOf(this.ageRank);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Where a helper stands in the default order, if the index holds her. */
  placeOf(id: string): number | undefined {
    this.placeById ??= new Map(this.ids.map((held, place) => [held, place]));
    return this.placeById.get(id);
  }

  /** The lowercased name and reference the index holds at a place. */
  namesAt(place: number): { name: string; ref: string } {
    return { name: this.names[place]!, ref: this.refs[place]! };
  }

  /**
   * The same helpers, names and references with new places in the salary and age sorts: what a
   * change of salaries or birth dates needs, without listing every name's substrings again.
   * `wordsChanged`: a biodata's words changed too, so the forgiving search is made again.
   */
  withRanks(salaryRank: Int32Array, ageRank: Int32Array, wordsChanged = false): BuiltSearchIndex {
    const copy = Object.create(BuiltSearchIndex.prototype) as BuiltSearchIndex;
    const forgiving = wordsChanged ? undefined : this.forgiving;
    return Object.assign(copy, this, { salaryRank, ageRank, salaryOrder: orderOf(salaryRank), ageOrder: orderOf(ageRank), forgiving });
  }

  /**
   * Every match's id, in no particular order, or undefined when there are more than `max`. When
   * nothing matches exactly, the forgiving search's best `forgivingMax`.
   */
  matchingIds(search: string | IndexSearch, max: number, forgivingMax = max): string[] | undefined {
    const read = asSearch(search);
    const { byName, byRef } = read.term === undefined ? { byName: EMPTY, byRef: EMPTY } : this.match(read.term, read.refOnly);
    if (byName.length === 0 && byRef.length === 0) {
      if (read.term === undefined || !read.refOnly)
        return this.forgivingPlaces(read.q, "newest")
          .slice(0, forgivingMax)
          .map((place) => this.ids[place]!);
      return [];
    }
    if (byName.length > max || byRef.length > max) return undefined;
    const places = new Set<number>([...byName, ...byRef]);
    return places.size > max ? undefined : [...places].map((place) => this.ids[place]!);
  }

  /**
   * One page of the matches of a search, in the sort's order; when no name holds the term and no
   * reference starts with it, the forgiving search's (near names first, best first).
   */
  page(search: string | IndexSearch, sort: Sort, offset: number, limit: number): IndexPage {
    const read = asSearch(search);
    if (read.term === undefined) return this.forgivingPage(read.q, sort, offset, limit);
    const term = read.term;
    const { byName, byRef } = this.match(term, read.refOnly);
    if (byName.length === 0 && byRef.length === 0 && !read.refOnly) return this.forgivingPage(read.q, sort, offset, limit);
    const inName = (place: number) => !read.refOnly && this.names[place]!.includes(term);
    const inRef = (place: number) => this.refs[place]!.startsWith(term);
    // A helper whose name and reference both match counts once.
    const overlap = byName.length < byRef.length ? count(byName, inRef) : count(byRef, inName);
    const total = byName.length + byRef.length - overlap;
    let picked: ArrayLike<number>;
    if (byRef.length === 0 && sort === "newest") {
      // The common case: names only, already in the default order.
      picked = byName.slice(offset, offset + limit);
    } else if (isDense(total, this.ids.length, offset + limit)) {
      // Many match (a letter or two): the sort's order is read until the page is full.
      picked = this.walk(sort, offset, limit, (place) => inName(place) || inRef(place));
    } else {
      const places = [...byName];
      for (const place of byRef) if (!inName(place)) places.push(place);
      picked = this.sorted(places, sort, offset, limit);
    }
    return { ids: Array.from(picked, (place) => this.ids[place]!), total };
  }

  /**
   * The places of the helpers whose name holds the term (in the default order) and of those whose
   * reference starts with it (in reference order); a helper may be in both.
   */
  private match(term: string, refOnly = false): { byName: Int32Array | number[]; byRef: Int32Array } {
    let byName: Int32Array | number[] = refOnly ? EMPTY : (this.grams.get(term) ?? EMPTY);
    if (term.length > GRAM && !refOnly) {
      let rarest: Int32Array | undefined;
      for (let start = 0; start + GRAM <= term.length; start++) {
        const list = this.grams.get(term.slice(start, start + GRAM)) ?? EMPTY;
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      byName = [];
      for (const place of rarest ?? EMPTY) if (this.names[place]!.includes(term)) byName.push(place);
    }
    // Every reference starting with the term sorts between it and the term followed by the last code unit.
    const from = lowerBound(this.sortedRefs, term);
    const to = lowerBound(this.sortedRefs, `${term}\uffff`);
    return { byName, byRef: this.refPlaces.subarray(from, to) };
  }

  /** Near names best first, then the helpers whose biodata has the words, in the sort's order. */
  private forgivingPage(q: string, sort: Sort, offset: number, limit: number): IndexPage {
    const { near, inText } = this.forgivingMatches(q);
    const named = new Set(near);
    const textOnly = (place: number) => inText.has(place) && !named.has(place);
    const total = near.length + inText.count - count(near, (place) => inText.has(place));
    const picked = near.slice(offset, offset + limit);
    if (picked.length < limit && total > near.length) {
      picked.push(...this.walk(sort, Math.max(0, offset - near.length), limit - picked.length, textOnly));
    }
    return { ids: picked.map((place) => this.ids[place]!), total };
  }

  /** The forgiving search's places: near names best first, then the biodata's words in the sort's order. */
  private forgivingPlaces(q: string, sort: Sort): number[] {
    const { near, inText } = this.forgivingMatches(q);
    const named = new Set(near);
    return [...near, ...this.walk(sort, 0, this.ids.length, (place) => inText.has(place) && !named.has(place))];
  }

  private forgivingMatches(q: string) {
    this.forgiving ??= new ForgivingSearch(this.names, (place) => this.wordsOf(this.ids[place]!) ?? [], this.ids.length);
    const near = this.forgiving.nearNames(q);
    return { near, inText: this.forgiving.inText(q) };
  }

  private sorted(places: number[], sort: Sort, offset: number, limit: number): number[] {
    const rank = sort === "salary" ? this.salaryRank : sort === "age" ? this.ageRank : undefined;
    places.sort(rank ? (a, b) => rank[a]! - rank[b]! : (a, b) => a - b);
    return places.slice(offset, offset + limit);
  }

  /** Many matches: the sort's order read from the start, matches counted, until the page is full. */
  private walk(sort: Sort, offset: number, limit: number, matches: (place: number) => boolean): number[] {
    const order = sort === "salary" ? this.salaryOrder : sort === "age" ? this.ageOrder : undefined;
    const picked: number[] = [];
    let skipped = 0;
    for (let i = 0; i < this.ids.length && picked.length < limit; i++) {
      const place = order ? order[i]! : i;
      if (!matches(place)) continue;
      if (skipped < offset) skipped++;
      else picked.push(place);
    }
    return picked;
  }
}

const EMPTY = new Int32Array(0);
/** The longest substrings the index lists the helpers of; a longer term is checked against those. */
const GRAM = 4;

/** Whether reading the sort's order until the page is full costs less than sorting every match. */
function isDense(total: number, size: number, wanted: number): boolean {
  if (total === 0) return false;
  // A step of the walk (a substring test) costs some comparisons of a sort.
  return Math.min(size, (wanted * size) / total) * 8 < total * Math.log2(total + 1);
}

function count(places: Iterable<number>, test: (place: number) => boolean): number {
  let found = 0;
  for (const place of places) if (test(place)) found++;
  return found;
}

/** Code-unit order, as a binary search by prefix needs (references are ASCII). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Each place's 1-based rank in an order by `keys` (`before` < 0 when a comes first), the default
 * order breaking ties: the order the database ranks by, since the default order is the one its
 * sorts end with (published, then id, newest first).
 */
export function ranksBy<T>(keys: readonly T[], before: (a: T, b: T) => number): Int32Array {
  const order = Array.from({ length: keys.length }, (_, place) => place).sort((a, b) => before(keys[a]!, keys[b]!) || a - b);
  const rank = new Int32Array(keys.length);
  order.forEach((place, i) => {
    rank[place] = i + 1;
  });
  return rank;
}

/** From each place's 1-based rank, the places in rank order. */
function orderOf(rank: Int32Array): Int32Array {
  const order = new Int32Array(rank.length);
  rank.forEach((r, place) => {
    order[r - 1] = place;
  });
  return order;
}
