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
 * are its own. It is built again after each round of `listing` events (decision 189; and
 * after five minutes), the one before answering meanwhile (decision 083); before the first
 * build, and for terms that are not plain ASCII, the caller searches in SQL.
 */
import type { HelperQuery } from "../../../shared/listing-query";
import { referenceIn } from "../../../shared/search-terms";
import { readSearch } from "./search-reading";
import { ForgivingSearch, hasBit, lowerBound, type NearNames, type PlaceBits, type TextMatches } from "./forgiving-search";

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
  /** Each place's reference, and each place's name as its number in `distinct`. */
  private readonly refs: string[];
  private readonly nameOf: Int32Array;
  /** The distinct names, numbered in the order they first come in the default order. */
  private readonly distinct: string[];
  /** The places of name n, in the default order: `byName` from `nameStart[n]` to `nameStart[n + 1]`. */
  private readonly byName: Int32Array;
  private readonly nameStart: Int32Array;
  /** Every substring of one to four characters of a distinct name: the names (numbers, ascending) having it. */
  private readonly grams = new Map<string, Int32Array>();
  /** For a substring more than `manyNames` names have, how many helpers have it. */
  private readonly gramHelpers = new Map<string, number>();
  /** Places (in the default order) sorted by reference, and the references in that order. */
  private readonly refPlaces: Int32Array;
  private readonly sortedRefs: string[];
  private readonly salaryOrder: Int32Array;
  private readonly ageOrder: Int32Array;
  private readonly salaryRank: Int32Array;
  private readonly ageRank: Int32Array;
  /** Names matched by the search under way (1), cleared after it: searches run one at a time. */
  private readonly marked: Uint8Array;
  private placeById: Map<string, number> | undefined;
  private forgiving: ForgivingSearch | undefined;

  /** `wordsOf` gives a helper's biodata words (kept with her card) for the forgiving search. */
  constructor(
    rows: readonly IndexRow[],
    private readonly wordsOf: (id: string) => readonly string[] | undefined = () => undefined,
    /**
     * Above this many matching names (names mostly distinct, a term of a letter or two), a page
     * reads the default order testing each helper's name instead of merging the names' lists.
     */
    private readonly manyNames = MANY_NAMES,
  ) {
    const n = rows.length;
    this.ids = rows.map((row) => row.id);
    this.refs = rows.map((row) => row.ref);
    const numbers = new Map<string, number>();
    this.distinct = [];
    this.nameOf = Int32Array.from(rows, (row) => {
      let number = numbers.get(row.name);
      if (number === undefined) {
        number = this.distinct.push(row.name) - 1;
        numbers.set(row.name, number);
      }
      return number;
    });
    this.nameStart = new Int32Array(this.distinct.length + 1);
    for (const number of this.nameOf) this.nameStart[number + 1]! += 1;
    for (let number = 0; number < this.distinct.length; number++) this.nameStart[number + 1]! += this.nameStart[number]!;
    this.byName = new Int32Array(n);
    const next = this.nameStart.slice(0, -1);
    this.nameOf.forEach((number, place) => {
      this.byName[next[number]!++] = place;
    });
    this.marked = new Uint8Array(this.distinct.length);

    const lists = new Map<string, number[]>();
    this.distinct.forEach((name, number) => {
      const seen = new Set<string>();
      for (let length = 1; length <= GRAM; length++) {
        for (let start = 0; start + length <= name.length; start++) seen.add(name.slice(start, start + length));
      }
      for (const gram of seen) {
        const list = lists.get(gram);
        if (list) list.push(number);
        else lists.set(gram, [number]);
      }
    });
    for (const [gram, list] of lists) {
      this.grams.set(gram, Int32Array.from(list));
      if (list.length > manyNames) this.gramHelpers.set(gram, this.helpersOf(list));
    }

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
    return { name: this.distinct[this.nameOf[place]!]!, ref: this.refs[place]! };
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
    const { names, named, byRef } = read.term === undefined ? NO_MATCH : this.match(read.term, read.refOnly);
    if (named === 0 && byRef.length === 0) {
      if (read.term === undefined || !read.refOnly) return this.forgivingPlaces(read.q, forgivingMax).map((place) => this.ids[place]!);
      return [];
    }
    if (named > max || byRef.length > max) return undefined;
    const places = new Set<number>(byRef);
    for (const name of names) for (const place of this.placesOf(name)) places.add(place);
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
    const { names, named, byRef } = this.match(term, read.refOnly);
    if (named === 0 && byRef.length === 0 && !read.refOnly) return this.forgivingPage(read.q, sort, offset, limit);
    const { marked, nameOf, distinct } = this;
    // Few names are marked; with many, each helper's name is tested instead.
    const many = names.length > this.manyNames;
    if (!many) for (const name of names) marked[name] = 1;
    try {
      const inName = many ? (place: number) => distinct[nameOf[place]!]!.includes(term) : (place: number) => marked[nameOf[place]!] === 1;
      const inRef = (place: number) => this.refs[place]!.startsWith(term);
      // A helper whose name and reference both match counts once.
      const overlap = named < byRef.length ? this.countNamed(names, inRef) : count(byRef, inName);
      const total = named + byRef.length - overlap;
      let picked: number[];
      if (byRef.length === 0 && sort === "newest" && !many) {
        // The common case: names only, each name's helpers already in the default order.
        picked = this.merged(names, offset, limit);
      } else if (byRef.length === 0 && sort === "newest") {
        // So many names that the default order holds one at least every `size / manyNames` places.
        picked = this.walk(sort, offset, limit, inName);
      } else if (isDense(total, this.ids.length, offset + limit)) {
        // Many match (a letter or two): the sort's order is read until the page is full.
        picked = this.walk(sort, offset, limit, (place) => inName(place) || inRef(place));
      } else {
        const places: number[] = [];
        for (const name of names) for (const place of this.placesOf(name)) places.push(place);
        for (const place of byRef) if (!inName(place)) places.push(place);
        picked = this.sorted(places, sort, offset, limit);
      }
      return { ids: picked.map((place) => this.ids[place]!), total };
    } finally {
      if (!many) for (const name of names) marked[name] = 0;
    }
  }

  /**
   * The distinct names holding the term and how many helpers have them, and the places of those
   * whose reference starts with it (in reference order); a helper may be in both.
   */
  private match(term: string, refOnly = false): Match {
    let names: Names = EMPTY;
    if (!refOnly && term.length <= GRAM) names = this.grams.get(term) ?? EMPTY;
    else if (!refOnly) {
      let rarest: Int32Array | undefined;
      for (let start = 0; start + GRAM <= term.length; start++) {
        const list = this.grams.get(term.slice(start, start + GRAM)) ?? EMPTY;
        if (!rarest || list.length < rarest.length) rarest = list;
      }
      const holding: number[] = [];
      for (const name of rarest ?? EMPTY) if (this.distinct[name]!.includes(term)) holding.push(name);
      names = holding;
    }
    const named = (names.length > this.manyNames && this.gramHelpers.get(term)) || this.helpersOf(names);
    // Every reference starting with the term sorts between it and the term followed by the last code unit.
    const from = lowerBound(this.sortedRefs, term);
    const to = lowerBound(this.sortedRefs, `${term}\uffff`);
    return { names, named, byRef: this.refPlaces.subarray(from, to) };
  }

  /** How many helpers have these names. */
  private helpersOf(names: Names): number {
    let helpers = 0;
    for (let i = 0; i < names.length; i++) helpers += this.nameStart[names[i]! + 1]! - this.nameStart[names[i]!]!;
    return helpers;
  }

  /** The places of a distinct name, in the default order. */
  private placesOf(name: number): Int32Array {
    return this.byName.subarray(this.nameStart[name]!, this.nameStart[name + 1]!);
  }

  private countNamed(names: Names, test: (place: number) => boolean): number {
    let found = 0;
    for (let i = 0; i < names.length; i++) found += count(this.placesOf(names[i]!), test);
    return found;
  }

  /**
   * The helpers of these names in the default order, `limit` of them after the first `offset`:
   * each name's list is in that order already, so they are merged, the smallest place first.
   */
  private merged(names: Names, offset: number, limit: number): number[] {
    const picked: number[] = [];
    if (limit <= 0 || names.length === 0) return picked;
    if (names.length === 1) return Array.from(this.placesOf(names[0]!).subarray(offset, offset + limit));
    const { byName, nameStart } = this;
    // A heap of the lists by their next place: at[i] is where list heap[i] has got to.
    const heap: number[] = [];
    const at: number[] = [];
    const end: number[] = [];
    for (let i = 0; i < names.length; i++) {
      heap.push(i);
      at.push(nameStart[names[i]!]!);
      end.push(nameStart[names[i]! + 1]!);
    }
    const key = (slot: number) => byName[at[heap[slot]!]!]!;
    const down = (from: number) => {
      for (let slot = from; ;) {
        const left = slot * 2 + 1;
        if (left >= heap.length) return;
        const child = left + 1 < heap.length && key(left + 1) < key(left) ? left + 1 : left;
        if (key(slot) <= key(child)) return;
        [heap[slot], heap[child]] = [heap[child]!, heap[slot]!];
        slot = child;
      }
    };
    for (let slot = (heap.length >>> 1) - 1; slot >= 0; slot--) down(slot);
    for (let skipped = 0; heap.length > 0 && picked.length < limit;) {
      const list = heap[0]!;
      if (skipped < offset) skipped++;
      else picked.push(byName[at[list]!]!);
      at[list]! += 1;
      if (at[list] === end[list]) {
        heap[0] = heap[heap.length - 1]!;
        heap.pop();
      }
      down(0);
    }
    return picked;
  }

  /** Near names best first, then the helpers whose biodata has the words, in the sort's order. */
  private forgivingPage(q: string, sort: Sort, offset: number, limit: number): IndexPage {
    return this.withForgiving(q, ({ near, nearCount, text, textOnly }) => {
      let overlap = 0;
      if (text.count > 0) for (const name of near.names) overlap += count(this.placesOf(name), (place) => hasBit(text.bits, place));
      const total = nearCount + text.count - overlap;
      const picked = this.nearPage(near, offset, limit);
      if (picked.length < limit && total > nearCount) {
        picked.push(...this.textPage(text, total - nearCount, sort, Math.max(0, offset - nearCount), limit - picked.length, textOnly));
      }
      return { ids: picked.map((place) => this.ids[place]!), total };
    });
  }

  /** The forgiving search's first `max` places: near names best first, then the biodata's words newest first. */
  private forgivingPlaces(q: string, max: number): number[] {
    return this.withForgiving(q, ({ near, text, textOnly }) => {
      const picked = this.nearPage(near, 0, max);
      if (picked.length < max) picked.push(...this.textPage(text, text.count, "newest", 0, max - picked.length, textOnly));
      return picked;
    });
  }

  /** Runs `use` with the forgiving search's matches; the names near the search are marked meanwhile. */
  private withForgiving<T>(
    q: string,
    use: (found: { near: NearNames; nearCount: number; text: TextMatches; textOnly: (place: number) => boolean }) => T,
  ): T {
    this.forgiving ??= new ForgivingSearch(this.distinct, (place) => this.wordsOf(this.ids[place]!) ?? [], this.ids.length);
    const near = this.forgiving.nearNames(q);
    const text = this.forgiving.inText(readSearch(q));
    const { marked, nameOf } = this;
    let nearCount = 0;
    for (const name of near.names) {
      marked[name] = 1;
      nearCount += this.nameStart[name + 1]! - this.nameStart[name]!;
    }
    try {
      return use({ near, nearCount, text, textOnly: (place) => hasBit(text.bits, place) && marked[nameOf[place]!] === 0 });
    } finally {
      for (const name of near.names) marked[name] = 0;
    }
  }

  /** Helpers of the near names, best first, those as near as each other in the default order. */
  private nearPage(near: NearNames, offset: number, limit: number): number[] {
    const picked: number[] = [];
    for (let from = 0; from < near.names.length && picked.length < limit;) {
      let to = from + 1;
      while (to < near.names.length && near.scores[to] === near.scores[from]) to++;
      const group = near.names.slice(from, to);
      let size = 0;
      for (const name of group) size += this.nameStart[name + 1]! - this.nameStart[name]!;
      if (offset >= size) offset -= size;
      else {
        picked.push(...this.merged(group, offset, limit - picked.length));
        offset = 0;
      }
      from = to;
    }
    return picked;
  }

  /** `limit` of the `count` places set in `bits` that pass `test`, after the first `offset`, in the sort's order. */
  private textPage(
    text: TextMatches,
    count: number,
    sort: Sort,
    offset: number,
    limit: number,
    test: (place: number) => boolean,
  ): number[] {
    const picked: number[] = [];
    if (limit <= 0 || count === 0) return picked;
    if (sort !== "newest") {
      if (isDense(count, this.ids.length, offset + limit)) return this.walk(sort, offset, limit, test);
      const places: number[] = [];
      eachBit(text.bits, (place) => {
        if (test(place)) places.push(place);
        return true;
      });
      return this.sorted(places, sort, offset, limit);
    }
    let skipped = 0;
    eachBit(text.bits, (place) => {
      if (!test(place)) return true;
      if (skipped < offset) skipped++;
      else picked.push(place);
      return picked.length < limit;
    });
    return picked;
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

/** Distinct names by number. */
type Names = Int32Array | readonly number[];

interface Match {
  /** The distinct names holding the term, and how many helpers they have in all. */
  names: Names;
  named: number;
  byRef: Int32Array;
}

/** The places set in `bits`, smallest first, until `each` says stop. */
function eachBit(bits: PlaceBits, each: (place: number) => boolean): void {
  for (let w = 0; w < bits.length; w++) {
    for (let word = bits[w]!; word !== 0; word &= word - 1) {
      if (!each(w * 32 + (31 - Math.clz32(word & -word)))) return;
    }
  }
}

const EMPTY = new Int32Array(0);
const NO_MATCH: Match = { names: EMPTY, named: 0, byRef: EMPTY };
/** The longest substrings the index lists the helpers of; a longer term is checked against those. */
const GRAM = 4;
/** Past this many names, merging their lists costs more than reading the default order (see the constructor). */
const MANY_NAMES = 1024;

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
