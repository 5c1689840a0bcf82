/**
 * npx tsx scripts/bench-search-index.ts <PGlite folder or postgres:// URL> [--rounds 3]
 *
 * The in-memory search's own work (decisions 072, 104, 111), by kind of term: the load
 * benchmark's terms (bench-search-terms.ts) run through one instance's index in this process,
 * the index's page, the cards' lookup and the page's JSON timed apart, then the whole listing
 * call. The database must hold the demo helpers already, e.g. a PGlite folder seeded by
 *   BENCH_HELPERS=50000 npx tsx scripts/bench-pages-site.ts build <empty folder>
 * (stopped once it prints its address; the database is then in <folder>/db).
 */
import { parseArgs } from "node:util";
import { openDatabase } from "../src/server/db/connect";
import { serializePage } from "../src/features/helpers/api";
import { listAvailableHelpers } from "../src/features/helpers/server/helper-search";
import { indexSearch } from "../src/features/helpers/server/search-index";
import { HelperSearchIndex } from "../src/features/helpers/server/search-index-holder";
import { DEFAULT_PAGE_SIZE } from "../src/shared/listing-query";
import { helperQuerySchema } from "../src/shared/listing-query-schema";
import { positiveOption } from "./bench-args";
import { BIODATA_WORDS, searchPaths } from "./bench-search-terms";

const { values: args, positionals } = parseArgs({ options: { rounds: { type: "string", default: "3" } }, allowPositionals: true });
const rounds = positiveOption("rounds", args.rounds);
const where = positionals[0];
if (!where) throw new Error("usage: bench-search-index.ts <PGlite folder or postgres:// URL> [--rounds 3]");
const database = await openDatabase(where.startsWith("postgres") ? { databaseUrl: where } : { pgliteDir: where });
const rule = { confirmedOwnersOnly: false };
const index = new HelperSearchIndex(database.db, rule);
let started = performance.now();
const built = await index.ready();
if (!built || built.size === 0) throw new Error("no helpers to search: seed the database first");
console.log(`index of ${built.size} helpers built in ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
built.page("xylophne", "newest", 0, DEFAULT_PAGE_SIZE);
console.log(`forgiving search's word lists made in ${(performance.now() - started).toFixed(0)} ms`);

const terms = searchPaths(built.size, 20_000).map((path) => new URLSearchParams(path.split("?")[1]).get("q")!);
const biodataWords = new Set(BIODATA_WORDS.map((word) => word.toLowerCase()));
const kinds = new Map<string, string>();
/** What kind of term this is, by what finds it. */
function kindOf(q: string, total: number): string {
  let kind = kinds.get(q);
  if (kind === undefined) {
    const term = q.toLowerCase();
    if (total === 0) kind = "nothing found";
    else if (indexSearch(q).refOnly) kind = "reference";
    else if (biodataWords.has(term)) kind = "biodata word";
    else if (!Array.from({ length: built!.size }, (_, place) => built!.namesAt(place).name).some((name) => name.includes(term)))
      kind = "misspelt name";
    else kind = term.length > 4 ? "name, 5+ letters" : "name, 1-4 letters";
    kinds.set(q, kind);
  }
  return kind;
}

const times = new Map<string, { terms: number; index: number; cards: number; json: number }>();
const now = new Date();
for (let round = 0; round < rounds; round++) {
  for (const q of terms) {
    const t0 = performance.now();
    const found = built.page(indexSearch(q), "newest", 0, DEFAULT_PAGE_SIZE);
    const t1 = performance.now();
    const items = index.cards.cards(found.ids, now)!;
    const t2 = performance.now();
    serializePage({ items, total: found.total, page: 1, pageSize: DEFAULT_PAGE_SIZE }, (rest) => JSON.stringify(rest));
    const t3 = performance.now();
    const kind = kindOf(q, found.total);
    const sum = times.get(kind) ?? { terms: 0, index: 0, cards: 0, json: 0 };
    times.set(kind, { terms: sum.terms + 1, index: sum.index + t1 - t0, cards: sum.cards + t2 - t1, json: sum.json + t3 - t2 });
  }
}
const { query } = helperQuerySchema.parse({});
started = performance.now();
for (const q of terms.slice(0, 5000)) await listAvailableHelpers(database.db, rule, { ...query, q }, now, index);
const whole = ((performance.now() - started) * 1000) / 5000;

const all = { terms: 0, index: 0, cards: 0, json: 0 };
const line = (kind: string, sum: typeof all) => {
  const us = (ms: number) => ((ms * 1000) / sum.terms).toFixed(1).padStart(9);
  const share = `${((100 * sum.terms) / (terms.length * rounds)).toFixed(0)}%`.padStart(6);
  console.log(`${kind.padEnd(18)} ${share} ${us(sum.index)} ${us(sum.cards)} ${us(sum.json)}`);
};
console.log(`${"kind of term".padEnd(18)}  share  index µs  cards µs  json µs   (means, ${rounds} rounds of ${terms.length} terms)`);
for (const [kind, sum] of [...times].sort()) {
  line(kind, sum);
  for (const key of ["terms", "index", "cards", "json"] as const) all[key] += sum[key];
}
line("all", all);
console.log(`the listing call as a whole (index, cards): ${whole.toFixed(1)} µs a term`);
await database.close();
