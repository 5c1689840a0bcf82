/**
 * How the forgiving search reads what a family typed (decision 130): the catalogue's values it
 * names, in English or Chinese, by their names, their synonyms (src/shared/search-words) or a
 * near misspelling, and the free words left, which search the biodata's text as before
 * (decision 104). A value read becomes a mark kept with each helper who has it
 * (`valueMark`), so "缅甸", "Burmese" and "Myanmr" all find the helpers of Myanmar and no one
 * whose notes merely mention the country. A condition ("失智", "dementia") reads as the
 * English words for it, searched in what her biodata tells of her work: her own medical history
 * is not among the words searched (search-text.ts).
 */
import { skillAreas } from "../../../shared/biodata-catalogue";
import { catalogue, type CatalogueEntry } from "../../../shared/catalogue";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { wordsOf } from "../../../shared/search-terms";
import { en } from "../../../shared/search-words/en";
import { conditions, type SearchWords } from "../../../shared/search-words/types";
import { zh } from "../../../shared/search-words/zh";
import { EditDistance } from "./forgiving-search";

/** The lists a family may name in a search. */
export type SearchList = "nationality" | "care" | "skill" | "language" | "religion" | "experience";

/**
 * A helper's mark for a value of a list: not a word anyone can type (it starts with a control
 * character), and no mark starts with another.
 */
export const valueMark = (list: SearchList, slug: string): string => `\u0001${list}:${slug}\u0002`;

const FAMILY_LANGUAGES = [
  ["en", en],
  ["zh", zh],
] as const satisfies readonly (readonly ["en" | "zh", SearchWords])[];

/** A group of a search: a helper matches when one of its words starts one of her words. */
export type SearchGroup = readonly string[];

/** What a phrase reads as: the marks of the values it names, or the words it stands for. */
interface Reading {
  marks: Set<string>;
  words: Set<string>;
}

/** A phrase as compared: its letters and digits only, lowercased ("Ex-Sin" → "exsin", "英语（尚可）" → "英语尚可"). */
const keyOf = (phrase: string) => wordsOf(phrase.normalize("NFKC")).join("");

const HAN = /\p{Script=Han}/u;

class Dictionary {
  readonly readings = new Map<string, Reading>();
  /** Latin keys long enough to forgive a misspelling of, by length. */
  readonly latin: string[] = [];
  readonly ignored = new Set<string>();
  /** The longest key, in characters (a Chinese search is read by the longest phrase first). */
  longest = 0;

  add(phrase: string, mark?: string, word?: string): void {
    const key = keyOf(phrase);
    if (key === "") return;
    let reading = this.readings.get(key);
    if (!reading) {
      reading = { marks: new Set(), words: new Set() };
      this.readings.set(key, reading);
      if (!HAN.test(key) && key.length >= MIN_FORGIVEN) this.latin.push(key);
      this.longest = Math.max(this.longest, key.length);
    }
    if (mark) reading.marks.add(mark);
    if (word) reading.words.add(word);
  }
}

/** A Latin key shorter than this must be typed as it is. */
const MIN_FORGIVEN = 5;
/** Edits forgiven in a word of this many letters or more: 1 from MIN_FORGIVEN, 2 from 9. */
const allowed = (length: number) => (length >= 9 ? 2 : length >= MIN_FORGIVEN ? 1 : 0);

/** Each list's entries and the message giving their names in a language. */
const LISTS: readonly [SearchList, readonly CatalogueEntry[], (slug: string, locale: "en" | "zh") => string][] = [
  ["nationality", catalogue.nationality, (slug, locale) => m.shared_nationality({ slug }, { locale })],
  ["care", catalogue.care, (slug, locale) => m.shared_care({ slug }, { locale })],
  ["skill", skillAreas, (slug, locale) => m.shared_skill_area({ slug }, { locale })],
  ["language", catalogue.language, (slug, locale) => m.shared_language({ slug }, { locale })],
  ["language", catalogue.motherTongue, (slug, locale) => m.shared_mother_tongue({ slug }, { locale })],
  ["religion", catalogue.religion, (slug, locale) => m.shared_religion({ slug }, { locale })],
  ["experience", catalogue.experience, (slug, locale) => m.shared_experience({ slug }, { locale })],
];

let built: Dictionary | undefined;

function dictionary(): Dictionary {
  if (built) return built;
  const dict = new Dictionary();
  for (const [list, entries, name] of LISTS) {
    for (const entry of entries) {
      // "Other" names nothing a family asks for.
      if (entry.slug === "other") continue;
      const mark = valueMark(list, entry.slug);
      for (const phrase of [entry.label, ...(entry.aliases ?? [])]) dict.add(phrase, mark);
      for (const [locale, words] of FAMILY_LANGUAGES) {
        dict.add(name(entry.slug, locale), mark);
        for (const phrase of (words[list] as Record<string, readonly string[] | undefined>)[entry.slug] ?? []) dict.add(phrase, mark);
      }
    }
  }
  for (const condition of conditions) {
    for (const [, words] of FAMILY_LANGUAGES) {
      for (const phrase of words.condition[condition]) {
        for (const word of en.condition[condition]) dict.add(phrase, undefined, word);
      }
    }
  }
  for (const [, words] of FAMILY_LANGUAGES) for (const word of words.ignored) dict.ignored.add(keyOf(word));
  built = dict;
  return dict;
}

/** The groups of a reading: its marks and words as one group, with the word typed when it was one word. */
function groupOf(reading: Reading, typed?: string): SearchGroup {
  return [...new Set([...reading.marks, ...reading.words, ...(typed === undefined ? [] : [typed])])];
}

const EDITS = new EditDistance();

/** The readings of the keys nearest a misspelt word, when some are near enough. */
function nearest(dict: Dictionary, word: string): Reading | undefined {
  const bound = allowed(word.length);
  if (bound === 0 || HAN.test(word)) return undefined;
  let best = bound + 1;
  let found: Reading | undefined;
  for (const key of dict.latin) {
    if (Math.abs(key.length - word.length) >= best || allowed(key.length) === 0) continue;
    const within = Math.min(bound, allowed(key.length));
    const distance = EDITS.within(word, key, within);
    if (distance > within) continue;
    const reading = dict.readings.get(key)!;
    if (distance < best) {
      best = distance;
      found = { marks: new Set(reading.marks), words: new Set(reading.words) };
    } else if (distance === best && found) {
      for (const mark of reading.marks) found.marks.add(mark);
      for (const w of reading.words) found.words.add(w);
    }
  }
  return found;
}

/** A run of Chinese characters read phrase by phrase, the longest known phrase first; what is left between them is a free word. */
function readHan(dict: Dictionary, run: string, groups: SearchGroup[]): void {
  let free = "";
  const flush = () => {
    if (free !== "") groups.push([free]);
    free = "";
  };
  for (let at = 0; at < run.length;) {
    let length = Math.min(dict.longest, run.length - at);
    for (; length > 0; length--) {
      const key = run.slice(at, at + length);
      if (dict.readings.has(key) || dict.ignored.has(key)) break;
    }
    if (length === 0) {
      free += run[at];
      at++;
      continue;
    }
    flush();
    const reading = dict.readings.get(run.slice(at, at + length));
    if (reading) groups.push(groupOf(reading));
    at += length;
  }
  flush();
}

const LANGUAGE_MARK = valueMark("language", "");
const otherLanguageSlugs = new Set<string>(catalogue.language.map((entry) => entry.slug));

/**
 * The languages she speaks besides her mother tongue that a search names ("粤语", "Hokkien",
 * "方言"): a card names those she speaks with her level, as for a family that filtered for them
 * (decision 134).
 */
export function languagesNamed(q: string | undefined): string[] {
  if (!q) return [];
  const prefix = LANGUAGE_MARK.slice(0, -1);
  const named = readSearch(q)
    .flat()
    .filter((word) => word.startsWith(prefix))
    .map((mark) => mark.slice(prefix.length, -1))
    .filter((slug) => otherLanguageSlugs.has(slug));
  return [...new Set(named)];
}

/** Words of the search shorter than this are not searched for (as in forgiving-search.ts). */
const SHORTEST = 2;
/** A phrase is at most this many words ("new to singapore"). */
const LONGEST_PHRASE = 4;

/**
 * The groups a search reads as: a helper is found when her biodata has, for every group, a word
 * starting with one of the group's words. Each value named is a group of its mark (with the word
 * typed, so her notes still count); each free word is a group of itself.
 */
export function readSearch(q: string): SearchGroup[] {
  const dict = dictionary();
  const words = wordsOf(q.normalize("NFKC").replace(/\p{Script=Han}+/gu, " $& "));
  const groups: SearchGroup[] = [];
  const free: string[] = [];
  for (let at = 0; at < words.length;) {
    const word = words[at]!;
    if (HAN.test(word)) {
      readHan(dict, word, groups);
      at++;
      continue;
    }
    let length = Math.min(LONGEST_PHRASE, words.length - at);
    for (; length > 1; length--) {
      const key = words.slice(at, at + length).join("");
      if (dict.readings.has(key) && !words.slice(at, at + length).some((w) => HAN.test(w))) break;
    }
    const key = words.slice(at, at + length).join("");
    const reading = dict.readings.get(key);
    if (reading) groups.push(groupOf(reading, length === 1 ? word : undefined));
    else if (dict.ignored.has(key)) free.push(word);
    else {
      const near = nearest(dict, word);
      if (near) groups.push(groupOf(near, word));
      else if (word.length >= SHORTEST) groups.push([word]);
    }
    at += length;
  }
  // A search of nothing but such words ("helper") searches for them after all.
  if (groups.length === 0) for (const word of free) if (word.length >= SHORTEST) groups.push([word]);
  return groups;
}
