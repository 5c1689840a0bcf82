/**
 * The in-memory search index (decisions 072, 104 and 111) against a plain reading of what it
 * must find: every helper checked one by one. The index keeps names once per distinct name,
 * merges their helpers' lists, scores near names per name and matches biodata words as sets of
 * bits; none of that may change which helpers a search finds, how many, or their order.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/features/demo/server/portraits";
import { BuiltSearchIndex, indexSearch, type IndexRow } from "../../src/features/helpers/server/search-index";
import { readSearch } from "../../src/features/helpers/server/search-reading";
import { wordsOf } from "../../src/shared/search-terms";

type Sort = "newest" | "salary" | "age";

const GIVEN = ["marites", "maria", "rosa", "siti", "dewi", "joy", "lorna", "ma", "anne", "mary ann", "nur", "aye"];
const FAMILY = ["dela cruz", "santos", "aminah", "lestari", "reyes", "win", "cruz", "dela rosa", "bautista", "moe"];
const COMMON = ["cooking", "housekeeping", "laundry", "care", "years"];
const SOME = ["bedridden", "stroke", "malay", "malayalam", "vegetarian", "muslim", "islam", "catholic", "infant", "tamil", "baking"];

const random = seededRandom(111);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const size = 700;
/** A permutation of 1..size: each place's rank in a sort. */
const ranks = () => {
  const order = Array.from({ length: size }, (_, i) => i + 1);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
};
const salary = ranks();
const age = ranks();
const names = Array.from({ length: size }, (_, place) =>
  // A few names are many helpers', the rest fewer: as in the demo data.
  place % 7 === 0 ? `${pick(GIVEN)} ${pick(GIVEN)} ${pick(FAMILY)}` : `${pick(GIVEN.slice(0, 4))} ${pick(FAMILY)}`,
);
const rows: IndexRow[] = Array.from({ length: size }, (_, place) => ({
  id: `id-${place}`,
  name: names[place]!,
  ref: `dh${1001 + ((place * 37) % size)}`,
  bySalary: salary[place]!,
  byAge: age[place]!,
}));
const biodata = new Map(
  rows.map((row, place) => [
    row.id,
    [...new Set([...COMMON.filter((_, i) => place % (i + 1) === 0), ...SOME.filter(() => random() < 0.15)])],
  ]),
);
/** The same helpers, each name told apart by a word of its own ("santos qe"): names mostly distinct. */
const distinctRows = rows.map((row, place) => ({ ...row, name: `${row.name} q${place.toString(36)}` }));

/** Letters added, dropped, changed or two neighbours swapped, counted cell by cell. */
function edits(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

function nearness(a: string, b: string): number {
  const near = 1 - edits(a, b) / Math.max(a.length, b.length);
  return near >= 0.6 ? Math.fround(near) : 0;
}

const inOrder = (places: number[], sort: Sort) =>
  sort === "newest" ? places : [...places].sort((a, b) => (sort === "salary" ? salary : age)[a]! - (sort === "salary" ? salary : age)[b]!);

/** What a search must find, best first: every helper read one by one. */
function expected(rows: readonly IndexRow[], q: string, sort: Sort): number[] {
  const search = indexSearch(q);
  const places = rows.map((_, place) => place);
  if (search.term !== undefined) {
    const term = search.term;
    const exact = places.filter((p) => (!search.refOnly && rows[p]!.name.includes(term)) || rows[p]!.ref.startsWith(term));
    if (exact.length > 0 || search.refOnly) return inOrder(exact, sort);
  }
  const words = wordsOf(q).filter((word) => word.length >= 2);
  if (words.length === 0) return [];
  const score = places.map((p) =>
    words.reduce((sum, word) => sum + Math.max(0, ...wordsOf(rows[p]!.name).map((w) => nearness(word, w))), 0),
  );
  const near = places.filter((p) => score[p]! >= 0.6 * words.length - 1e-6).sort((a, b) => score[b]! - score[a]! || a - b);
  // The biodata's words as the search reads them (decision 130): every group has a word starting one of hers.
  const groups = readSearch(q);
  const text = places.filter(
    (p) =>
      !near.includes(p) &&
      groups.length > 0 &&
      groups.every((group) => group.some((word) => biodata.get(rows[p]!.id)!.some((w) => w.startsWith(word)))),
  );
  return [...near, ...inOrder(text, sort)];
}

const terms = [
  ...["a", "m", "ma", "ri", "s", " ", "a m", "mar", "ros", "rosa", "sant", "cruz", "dela", "marit", "maria", "santos", "a dela c"],
  ...["mary ann", "ann reyes", "siti aminah", "dewi lestari", "marites dela cruz", "win", "aye moe", "nur"],
  ...["dh1", "DH10", "dh1013", "1013", "DH 1020", "(ref DH1200)", "dh9999", "dh", "d", "h"],
  ...["Marittes", "Marites Dela Curz", "Marites Cruz", "lorna santso", "mraia", "dewy lestri", "sity", "rosa dela cruzz"],
  ...["cooking", "COOKING", "laundry years", "bedridden", "Malay", "mala", "vegetarian muslim", "islam", "catholic", "tamil"],
  ...["infant care", "stroke", "baking", "xylophone", "zz", "x", "é", "Zoë", "marîtes"],
];
const sorts: Sort[] = ["newest", "salary", "age"];

describe.each([
  ["names shared by many helpers", rows, undefined],
  ["names mostly distinct, merged as lists", distinctRows, undefined],
  ["names mostly distinct, read in order past a few", distinctRows, 8],
] as const)("the search index finds what every helper read one by one finds: %s", (_, rows, manyNames) => {
  const index = new BuiltSearchIndex(rows, (id) => biodata.get(id), manyNames);

  it.each(terms)("“%s”, in every sort, on every page", (q) => {
    for (const sort of sorts) {
      const all = expected(rows, q, sort);
      for (const [offset, limit] of [
        [0, 10],
        [7, 10],
        [30, 25],
        [all.length - 3, 10],
      ] as const) {
        if (offset < 0) continue;
        const found = index.page(q, sort, offset, limit);
        expect({ q, sort, offset, ...found }).toEqual({
          q,
          sort,
          offset,
          ids: all.slice(offset, offset + limit).map((place) => rows[place]!.id),
          total: all.length,
        });
      }
    }
  });

  it.each(terms)("“%s”: the ids given to the database with other filters", (q) => {
    const all = expected(rows, q, "newest").map((place) => rows[place]!.id);
    const search = indexSearch(q);
    const term = search.term;
    const exact = term !== undefined && (search.refOnly || rows.some((row) => row.name.includes(term) || row.ref.startsWith(term)));
    const forgiving = !exact && !search.refOnly;
    // Exact matches in any order, all or none; the forgiving search's best first, cut at its own limit.
    for (const max of [5, 1000]) {
      const ids = index.matchingIds(q, max, 40);
      if (forgiving) expect(ids).toEqual(all.slice(0, 40));
      else if (all.length > max) expect(ids).toBeUndefined();
      else expect([...(ids ?? [])].sort()).toEqual([...all].sort());
    }
  });
});
