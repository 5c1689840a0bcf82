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

export class ForgivingSearch {
  private readonly names: WordIndex;
  private readonly texts: WordIndex;

  constructor(
    names: readonly string[],
    textAt: (place: number) => readonly string[],
    private readonly size: number,
  ) {
    this.names = new WordIndex((place) => wordsOf(names[place]!), size);
    this.texts = new WordIndex(textAt, size);
  }

  /** Names near the search, best first (ties in the default order). */
  nearNames(q: string): number[] {
    const words = wordsOf(q).filter((word) => word.length >= SHORTEST);
    if (words.length === 0) return [];
    const score = new Map<number, number>();
    for (const word of words) {
      const best = new Map<number, number>();
      this.names.words.forEach((nameWord, i) => {
        const near = similarity(word, nameWord);
        if (near < WORD_MIN) return;
        for (const place of this.names.places[i]!) if ((best.get(place) ?? 0) < near) best.set(place, near);
      });
      for (const [place, near] of best) score.set(place, (score.get(place) ?? 0) + near);
    }
    const wanted = NAME_MIN * words.length;
    return [...score]
      .filter(([, total]) => total >= wanted)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([place]) => place);
  }

  /** Helpers whose biodata has a word starting with each word of the search, in the default order. */
  inText(q: string): number[] {
    const words = [...new Set(wordsOf(q))].filter((word) => word.length >= SHORTEST);
    if (words.length === 0) return [];
    const marks = new Int32Array(this.size);
    words.forEach((word, k) => {
      const [from, to] = this.texts.startingWith(word);
      for (let i = from; i < to; i++) {
        for (const place of this.texts.places[i]!) if (marks[place] === k) marks[place] = k + 1;
      }
    });
    const found: number[] = [];
    marks.forEach((mark, place) => {
      if (mark === words.length) found.push(place);
    });
    return found;
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
