/**
 * Search terms for the load benchmark, as households type them: a helper's reference (written
 * several ways), a name (given, family or both), a few letters out of a name, a misspelt name
 * and a word from the biodata (decision 104), in mixed case. Drawn from a seed so runs compare;
 * most terms occur once in a run, so the listing's cache seldom answers them.
 */
import { demoHelper } from "../src/features/demo/server/demo-helpers";
import { seededRandom, type Random } from "../src/features/demo/server/portraits";

/** The first reference the database hands out (helper_ref_seq starts at 1001). */
const FIRST_REF = 1001;

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, list: readonly T[]): T {
  return list[between(random, 0, list.length - 1)]!;
}

/** Words a biodata has that are not names: the forgiving search reads them from the biodata. */
export const BIODATA_WORDS = [
  "bedridden",
  "stroke",
  "Malay",
  "vegetarian",
  "Muslim",
  "Catholic",
  "cooking",
  "elderly",
  "infant",
  "Tamil",
  "baking",
];

/** Two letters swapped, one dropped or one doubled: what a hurried thumb does to a name. */
function misspell(random: Random, name: string): string {
  const at = between(random, 1, name.length - 2);
  const kind = random();
  if (kind < 0.4) return name.slice(0, at) + name[at + 1]! + name[at]! + name.slice(at + 2);
  if (kind < 0.7) return name.slice(0, at) + name.slice(at + 1);
  return name.slice(0, at) + name[at]! + name.slice(at);
}

function recase(random: Random, text: string): string {
  const choice = random();
  if (choice < 0.4) return text.toLowerCase();
  if (choice < 0.5) return text.toUpperCase();
  return text;
}

export function searchPaths(helperCount: number, count: number, seed = 20261123): string[] {
  const random = seededRandom(seed);
  const now = new Date();
  const names = Array.from({ length: 500 }, (_, i) => demoHelper(i, random, now).name);
  const terms: string[] = [];
  for (let i = 0; i < count; i++) {
    const kind = random();
    const name = names[between(random, 0, names.length - 1)]!;
    let term: string;
    const ref = between(random, FIRST_REF, FIRST_REF + helperCount - 1);
    if (kind < 0.3) term = `DH${ref}`;
    else if (kind < 0.35) term = pick(random, [`DH ${ref}`, `${ref}`, `DH-${ref}`, `(ref DH${ref})`]);
    else if (kind < 0.6) {
      const words = name.split(" ");
      const from = between(random, 0, words.length - 1);
      term = words.slice(from, between(random, from + 1, words.length)).join(" ");
    } else if (kind < 0.8) {
      const length = between(random, 3, 6);
      const start = between(random, 0, Math.max(0, name.length - length));
      term = name.slice(start, start + length).trim() || name;
    } else if (kind < 0.9) term = misspell(random, name);
    else term = pick(random, BIODATA_WORDS);
    terms.push(`/api/helpers?q=${encodeURIComponent(recase(random, term))}`);
  }
  return terms;
}
