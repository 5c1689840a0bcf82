/**
 * What a search finds when no name holds its text and no reference starts with it (decision 104):
 * names that are near it word by word ("Marittes", "Marites Dela Curz"), best first, then the
 * helpers whose biodata has every word of it ("bedridden", "vegetarian", "Muslim"). Built from
 * the index's names and the words kept with the cards, once per index, on the first search
 * that needs it.
 *
 * Names are scored once per distinct name (many helpers share one), and the biodata's words are
 * matched as sets of helpers, one bit each (decision 111): a word every helper has costs a few
 * thousand machine words, not a step per helper.
 */
import { wordsOf } from "../../../shared/search-terms";

/** A name's word this near a word of the search counts for it (1 = the same word). */
const WORD_MIN = 0.6;
/** A name this near the whole search, on average over its words, is a match. */
const NAME_MIN = 0.6;
/** Words of the search shorter than this are not compared. */
const SHORTEST = 2;

/** A set of places (0 to size - 1), one bit each. */
export type PlaceBits = Uint32Array;

export const bitsFor = (size: number): PlaceBits => new Uint32Array((size + 31) >>> 5);
export const hasBit = (bits: PlaceBits, place: number): boolean => ((bits[place >>> 5]! >>> (place & 31)) & 1) === 1;

/**
 * The places of a word: a sorted list when few have it, their bits when more than one in 32
 * do (the bits are then the smaller of the two).
 */
type Postings = Int32Array | PlaceBits;

/** The places (or names) having each word, the words sorted. */
class WordIndex {
  readonly words: string[];
  readonly places: Postings[];

  constructor(wordsAt: (place: number) => readonly string[], size: number, bitsAbove = Infinity) {
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
    this.places = this.words.map((word) => {
      const list = lists.get(word)!;
      if (list.length <= bitsAbove) return Int32Array.from(list);
      const bits = bitsFor(size);
      for (const place of list) bits[place >>> 5]! |= 1 << (place & 31);
      return bits;
    });
  }

  /** The positions of the words starting with `prefix`. */
  startingWith(prefix: string): [number, number] {
    return [lowerBound(this.words, prefix), lowerBound(this.words, `${prefix}\uffff`)];
  }
}

/** The helpers whose biodata has every word of a search: valid until the next search. */
export interface TextMatches {
  /** Their places, one bit each. */
  bits: PlaceBits;
  count: number;
}

/** Distinct names near a search, best first: `scores` beside `names`, equal scores side by side. */
export interface NearNames {
  names: number[];
  scores: number[];
}

/**
 * Searches run one at a time (each is synchronous), so the scratch arrays are kept and cleared
 * after use instead of made for each search.
 */
export class ForgivingSearch {
  private readonly nameWords: WordIndex;
  /** The letters of each of those words (letterMask). */
  private readonly nameWordLetters: Int32Array;
  private readonly texts: WordIndex;
  private readonly score: Float64Array;
  private readonly best: Float32Array;
  private readonly matched: PlaceBits;
  private readonly either: PlaceBits;
  private readonly distance = new EditDistance();

  /**
   * `names`: the distinct lowercased names (a name's number is its place here); `textAt`: a
   * helper's biodata words, for each of `size` places.
   */
  constructor(names: readonly string[], textAt: (place: number) => readonly string[], size: number) {
    this.nameWords = new WordIndex((name) => wordsOf(names[name]!), names.length);
    this.nameWordLetters = Int32Array.from(this.nameWords.words, letterMask);
    this.texts = new WordIndex(textAt, size, size >>> 5);
    this.score = new Float64Array(names.length);
    this.best = new Float32Array(names.length);
    this.matched = bitsFor(size);
    this.either = bitsFor(size);
  }

  /**
   * The distinct names near the search, best first; names as near as each other in the order
   * they were given (the caller orders their helpers).
   */
  nearNames(q: string): NearNames {
    const words = wordsOf(q).filter((word) => word.length >= SHORTEST);
    if (words.length === 0) return { names: [], scores: [] };
    const { score, best } = this;
    const touched: number[] = [];
    for (const word of words) {
      const bestTouched: number[] = [];
      const { words: nameWords, places } = this.nameWords;
      const letters = letterMask(word);
      for (let i = 0; i < nameWords.length; i++) {
        const nameWord = nameWords[i]!;
        const longer = Math.max(word.length, nameWord.length);
        // Each letter one word has and the other lacks costs an edit at least: most words are
        // told apart by that alone, before the edits are counted.
        const lacking = Math.max(bitCount(letters & ~this.nameWordLetters[i]!), bitCount(this.nameWordLetters[i]! & ~letters));
        if (lacking > allowedEdits(longer)) continue;
        const near = this.similarity(word, nameWord);
        if (near < WORD_MIN) continue;
        for (const name of places[i]! as Int32Array) {
          if (best[name] === 0) bestTouched.push(name);
          if (best[name]! < near) best[name] = near;
        }
      }
      for (const name of bestTouched) {
        if (score[name] === 0) touched.push(name);
        score[name]! += best[name]!;
        best[name] = 0;
      }
    }
    // Float32 nearness per word: a name as near as the bar, word by word, is not lost to rounding.
    const wanted = NAME_MIN * words.length - 1e-6;
    const names = touched.filter((name) => score[name]! >= wanted);
    names.sort((a, b) => score[b]! - score[a]! || a - b);
    const scores = names.map((name) => score[name]!);
    for (const name of touched) score[name] = 0;
    return { names, scores };
  }

  /**
   * Helpers whose biodata has, for each group the search reads as (search-reading.ts: a value of
   * the catalogue named in any family language, or a free word), a word starting with one of
   * the group's words.
   */
  inText(groups: readonly (readonly string[])[]): TextMatches {
    const { matched, either } = this;
    matched.fill(0);
    if (groups.length === 0) return { bits: matched, count: 0 };
    for (const [k, group] of groups.entries()) {
      // The first group's helpers go straight into the answer; each next group's are kept in common with it.
      const into = k === 0 ? matched : either;
      if (k > 0) into.fill(0);
      let any = false;
      for (const word of group) {
        const [from, to] = this.texts.startingWith(word);
        for (let i = from; i < to; i++) addTo(into, this.texts.places[i]!);
        any ||= from < to;
      }
      if (!any) {
        matched.fill(0);
        return { bits: matched, count: 0 };
      }
      if (k > 0) for (let w = 0; w < matched.length; w++) matched[w]! &= either[w]!;
    }
    let count = 0;
    for (let w = 0; w < matched.length; w++) count += bitCount(matched[w]!);
    return { bits: matched, count };
  }

  /**
   * 1 minus the edits (a letter added, dropped, changed, or two neighbours swapped) from one word
   * to the other, over the longer's length: "marittes" and "marites" 0.88, "curz" and "cruz" 0.75;
   * 0 for words too far apart to count (WORD_MIN).
   */
  private similarity(a: string, b: string): number {
    const longer = Math.max(a.length, b.length);
    const allowed = allowedEdits(longer);
    if (Math.abs(a.length - b.length) > allowed) return 0;
    const edits = this.distance.within(a, b, allowed);
    return edits > allowed ? 0 : 1 - edits / longer;
  }
}

/** The most edits a word of this length (the longer of two) may be from another and count (WORD_MIN). */
const allowedEdits = (longer: number) => Math.floor(longer * (1 - WORD_MIN) + 1e-9);

/**
 * A word's letters, one bit each (by their code modulo 32, so that two letters may share a bit:
 * the letters two words do not share are then fewer, never more, than they are).
 */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) & 31);
  return mask;
}

/** Adds a word's places to a set of bits. */
function addTo(bits: PlaceBits, places: Postings): void {
  if (places instanceof Uint32Array) for (let w = 0; w < bits.length; w++) bits[w]! |= places[w]!;
  else for (const place of places) bits[place >>> 5]! |= 1 << (place & 31);
}

/** How many bits of a 32-bit word are set. */
export function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Edits (a letter added, dropped, changed, or two neighbours swapped) between two words, in three
 * rows of the table kept from one call to the next; once every cell of a row is above `bound`
 * the answer is too, and the count stops there (it returns more than `bound`).
 */
export class EditDistance {
  private before: Int32Array = new Int32Array(16);
  private previous: Int32Array = new Int32Array(16);
  private row: Int32Array = new Int32Array(16);

  within(a: string, b: string, bound: number): number {
    if (this.row.length <= b.length) {
      const size = b.length * 2 + 1;
      this.before = new Int32Array(size);
      this.previous = new Int32Array(size);
      this.row = new Int32Array(size);
    }
    let { before, previous, row } = this;
    for (let j = 0; j <= b.length; j++) previous[j] = j;
    for (let i = 1; i <= a.length; i++) {
      const letter = a.charCodeAt(i - 1);
      const letterBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
      row[0] = i;
      let least = i;
      for (let j = 1; j <= b.length; j++) {
        const other = b.charCodeAt(j - 1);
        const cost = letter === other ? 0 : 1;
        let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
        if (j > 1 && letter === b.charCodeAt(j - 2) && letterBefore === other) d = Math.min(d, before[j - 2]! + 1);
        row[j] = d;
        if (d < least) least = d;
      }
      // A swap reaches back two rows: only when both rows are past the bound is the answer.
      if (least > bound && i > 1 && minOf(previous, b.length) > bound) {
        this.keep(before, previous, row);
        return bound + 1;
      }
      const oldest = before;
      before = previous;
      previous = row;
      row = oldest;
    }
    this.keep(before, previous, row);
    return previous[b.length]!;
  }

  private keep(before: Int32Array, previous: Int32Array, row: Int32Array): void {
    this.before = before;
    this.previous = previous;
    this.row = row;
  }
}

function minOf(row: Int32Array, last: number): number {
  let least = row[0]!;
  for (let j = 1; j <= last; j++) if (row[j]! < least) least = row[j]!;
  return least;
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
