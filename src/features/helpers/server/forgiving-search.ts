/**
 * What a search finds when no name holds its text and no reference starts with it (decision 104):
 * names that are near it word by word ("Marittes", "Marites Dela Curz"), best first, then the
 * helpers whose biodata has every word of it ("bedridden", "vegetarian", "Muslim"). Built from
 * the index's names and the words kept with the cards, once per index, on the first search
 * that needs it.
 */
import { wordsOf } from "../../../shared/search-terms";

/** A name's word this near a word of the search counts for it (1 = the same word). */
const WORD_MIN = 0.6;
/** A name this near the whole search, on average over its words, is a match. */
const NAME_MIN = 0.6;
/** Words of the search shorter than this are not compared. */
const SHORTEST = 2;

/** The helpers (places) having each word, the words sorted. */
class WordIndex {
  readonly words: string[];
  readonly places: Int32Array[];

  constructor(wordsAt: (place: number) => readonly string[], size: number) {
    const lists = new Map<string, number[]>();
    for (let place = 0; place < size; place++) {
      for (const word of wordsAt(place)) {
        const list = lists.get(word);
        if (list) {
          if (list[list.length - 1] !== place) list.push(place);
        } else lists.set(word, [place]);
      }
    }
    this.words = [...lists.keys()].sort();
    this.places = this.words.map((word) => Int32Array.from(lists.get(word)!));
  }

  /** The positions of the words starting with `prefix`. */
  startingWith(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, `${prefix}\uffff`)];
  }
}

/** The helpers whose biodata has every word of a search: valid until the next search. */
export interface TextMatches {
  has(place: number): boolean;
  count: number;
}

/**
 * Searches run one at a time (each is synchronous), so the per-helper scratch arrays are kept and
 * cleared after use instead of made for each search.
 */
export class ForgivingSearch {
  private readonly names: WordIndex;
  private readonly texts: WordIndex;
  private readonly score: Float64Array;
  private readonly best: Float32Array;
  private readonly marks: Int32Array;

  constructor(names: readonly string[], textAt: (place: number) => readonly string[], size: number) {
    this.names = new WordIndex((place) => wordsOf(names[place]!), size);
    this.texts = new WordIndex(textAt, size);
    this.score = new Float64Array(size);
    this.best = new Float32Array(size);
    this.marks = new Int32Array(size);
  }

  /** Names near the search, best first (ties in the default order). */
  nearNames(q: string): number[] {
    const words = wordsOf(q).filter((word) => word.length >= SHORTEST);
    if (words.length === 0) return [];
    const { score, best } = this;
    const touched: number[] = [];
    for (const word of words) {
      const bestTouched: number[] = [];
      this.names.words.forEach((nameWord, i) => {
        const near = similarity(word, nameWord);
        if (near < WORD_MIN) return;
        for (const place of this.names.places[i]!) {
          if (best[place] === 0) bestTouched.push(place);
          if (best[place]! < near) best[place] = near;
        }
      });
      for (const place of bestTouched) {
        if (score[place] === 0) touched.push(place);
        score[place]! += best[place]!;
        best[place] = 0;
      }
    }
    // Float32 scores: a name as near as the bar, word by word, is not lost to rounding.
    const wanted = NAME_MIN * words.length - 1e-6;
    const found = touched.filter((place) => score[place]! >= wanted);
    found.sort((a, b) => score[b]! - score[a]! || a - b);
    for (const place of touched) score[place] = 0;
    return found;
  }

  /** Helpers whose biodata has a word starting with each word of the search. */
  inText(q: string): TextMatches {
    const words = [...new Set(wordsOf(q))].filter((word) => word.length >= SHORTEST);
    const { marks } = this;
    marks.fill(0);
    if (words.length === 0) return { has: () => false, count: 0 };
    words.forEach((word, k) => {
      const [from, to] = this.texts.startingWith(word);
      for (let i = from; i < to; i++) {
        for (const place of this.texts.places[i]!) if (marks[place] === k) marks[place] = k + 1;
      }
    });
    const wanted = words.length;
    let count = 0;
    for (let place = 0; place < marks.length; place++) if (marks[place] === wanted) count++;
    return { has: (place) => marks[place] === wanted, count };
  }
}

/**
 * 1 minus the edits (a letter added, dropped, changed, or two neighbours swapped) from one word
 * to the other, over the longer's length: "marittes" and "marites" 0.88, "curz" and "cruz" 0.75.
 */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (Math.abs(a.length - b.length) > longer * (1 - WORD_MIN)) return 0;
  return 1 - editDistance(a, b) / longer;
}

function editDistance(a: string, b: string): number {
  // Three rows of the table: two back for a swap.
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    before = previous;
    previous = row;
  }
  return previous[b.length]!;
}

export function lowerBound(sorted: readonly string[], term: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}
