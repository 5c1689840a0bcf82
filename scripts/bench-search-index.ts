/**
 * npx tsx scripts/bench-search-index.ts <PGlite folder or postgres:// URL> [--rounds 3]
 *
 * The in-memory search's own cost, by kind of term, on a database seeded by the load benchmark
 * (scripts/bench-pages-site.ts with BENCH_HELPERS): the benchmark's terms run through the index
 * in this process, each part timed on its own.
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/connect";
import { HelperSearchIndex } from "../src/features/helpers/server/search-index-holder";
import { indexSearch } from "../src/features/helpers/server/search-index";
import { listAvailableHelpers } from "../src/features/helpers/server/helper-search";
import { serializePage } from "../src/features/helpers/api";
import { searchPaths } from "./bench-search-terms";
import { helperQuerySchema } from "../src/shared/listing-query-schema";

const { values: args, positionals } = parseArgs({ options: { rounds: { type: "string", default: "3" } }, allowPositionals: true });
const where = positionals[0]!;
const database = await openDatabase(where.startsWith("postgres") ? { databaseUrl: where } : { pgliteDir: where });
const rule = { confirmedOwnersOnly: false };
const index = new HelperSearchIndex(database.db, rule);
let t = performance.now();
const built = (await index.ready())!;
console.log(`index of ${built.size} built in ${(performance.now() - t).toFixed(0)} ms`);

const terms = searchPaths(built.size, 20_000).map((p) => decodeURIComponent(p.slice("/api/helpers?q=".length)));
const BIODATA = new Set([
  "bedridden",
  "stroke",
  "malay",
  "vegetarian",
  "muslim",
  "catholic",
  "cooking",
  "elderly",
  "infant",
  "tamil",
  "baking",
]);
const kindOf = (q: string) => {
  const search = indexSearch(q);
  if (search.refOnly) return "reference";
  if (BIODATA.has(q.toLowerCase())) return "biodata word";
  const term = q.toLowerCase();
  for (let place = 0; place < built.size; place++)
    if (built.namesAt(place).name.includes(term)) return term.length > 4 ? "name, long" : "name, short";
  return "misspelt";
};
// warm, and the first forgiving search builds its word lists
t = performance.now();
built.page(indexSearch("xylophne"), "newest", 0, 20);
console.log(`forgiving lists made in ${(performance.now() - t).toFixed(1)} ms`);

const kinds = new Map<string, { n: number; index: number; cards: number; json: number; whole: number }>();
const now = new Date();
const kindCache = new Map<string, string>();
for (let round = 0; round < Number(args.rounds); round++) {
  for (const q of terms) {
    const search = indexSearch(q);
    const t0 = performance.now();
    const found = built.page(search, "newest", 0, 20);
    const t1 = performance.now();
    const items = index.cards.cards(found.ids, now)!;
    const t2 = performance.now();
    serializePage({ items, total: found.total, page: 1, pageSize: 20 }, (rest) => JSON.stringify(rest));
    const t3 = performance.now();
    const kind = found.total === 0 ? "nothing" : (kindCache.get(q) ?? kindCache.set(q, kindOf(q)).get(q)!);
    const k = kinds.get(kind) ?? { n: 0, index: 0, cards: 0, json: 0, whole: 0 };
    k.n++;
    k.index += t1 - t0;
    k.cards += t2 - t1;
    k.json += t3 - t2;
    kinds.set(kind, k);
  }
}
const { query } = helperQuerySchema.parse({});
t = performance.now();
for (const q of terms.slice(0, 5000)) await listAvailableHelpers(database.db, rule, { ...query, q }, now, index);
const whole = ((performance.now() - t) * 1000) / 5000;
let all = { n: 0, index: 0, cards: 0, json: 0 };
console.log("kind           share   index µs  cards µs  json µs");
for (const [kind, k] of [...kinds].sort()) {
  all = { n: all.n + k.n, index: all.index + k.index, cards: all.cards + k.cards, json: all.json + k.json };
  const us = (v: number) => ((v * 1000) / k.n).toFixed(1).padStart(9);
  console.log(
    `${kind.padEnd(14)} ${((100 * k.n) / (terms.length * Number(args.rounds))).toFixed(0).padStart(4)}% ${us(k.index)} ${us(k.cards)} ${us(k.json)}`,
  );
}
const us = (v: number) => ((v * 1000) / all.n).toFixed(1).padStart(9);
console.log(`${"all".padEnd(14)} ${"100".padStart(4)}% ${us(all.index)} ${us(all.cards)} ${us(all.json)}`);
console.log(`listAvailableHelpers, whole: ${whole.toFixed(1)} µs a term`);
await database.close();
