/**
 * `q=` through the in-memory index (search-index.ts): the index and the cards of every available
 * helper (card-store.ts) are built from the database when first asked after a change, and a
 * search is then answered from memory. Whenever the index cannot answer exactly (being built, a
 * term that is not plain ASCII, many matches combined with other filters), the caller searches
 * in SQL as before.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { HelperCard, HelperPage } from "../../../shared/helper-types";
import type { HelperQuery } from "../../../shared/listing-query";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { helpers } from "./tables";
import { readCards } from "./card-store";
import { cardColumns, listingConditions, listingPage, orderBy, supplierColumns, toCard } from "./helper-reads";
import { referenceIn } from "../../../shared/search-terms";
import { indexSearch, type BuiltSearchIndex, type IndexSearch } from "./search-index";
import type { HelperSearchIndex } from "./search-index-holder";
import type { PublicRule } from "./visibility";

/**
 * How long a search waits for the index under way after a change before the one before answers
 * it: a small index is rebuilt within it (a save is then found at once), a large one is not.
 */
const FRESH_WAIT_MS = 100;

/** With other filters too, the matches' ids go to the database when there are at most this many. */
const MAX_IDS_WITH_FILTERS = 1000;
/** A forgiving search with other filters too: its best this many go to the database. */
const MAX_FORGIVING_IDS = 5000;

/**
 * The public listing: a search through the index when it can answer, else in SQL; the rest
 * filtered and paginated in the database.
 */
export async function listAvailableHelpers(
  db: Database,
  rule: PublicRule,
  query: HelperQuery,
  now = new Date(),
  index?: HelperSearchIndex,
): Promise<HelperPage> {
  if (!query.q) return listingPage(db, rule, query, now);
  const found = index && (await searchThroughIndex(db, index, query, now));
  if (found) return found;
  const exact = await searchInSql(db, query, and(...listingConditions(query, rule, now)), now);
  if (exact.total > 0 || !index || referenceIn(query.q)) return exact;
  // No name holds it and no reference starts with it: the forgiving search is the index's, so it
  // waits for one (the first search after a start, or a term the index does not match exactly).
  const built = await index.ready();
  return (built && (await answerFromIndex(db, index, built, { q: query.q, term: undefined, refOnly: false }, query, now))) ?? exact;
}

/** Only q= and the page's order: nothing else narrows the listing. */
function searchOnly(query: HelperQuery): boolean {
  return Object.entries(query).every(
    ([key, value]) => value === undefined || key === "q" || key === "sort" || key === "page" || key === "pageSize",
  );
}

/** The listing page a search asks for, through the index; undefined when the index cannot answer. */
export async function searchThroughIndex(
  db: Database,
  index: HelperSearchIndex,
  query: HelperQuery,
  now: Date,
): Promise<HelperPage | undefined> {
  const search = query.q ? indexSearch(query.q) : undefined;
  const built = search?.term ? await index.answering(FRESH_WAIT_MS) : undefined;
  if (!search || !built) return undefined;
  return answerFromIndex(db, index, built, search, query, now);
}

async function answerFromIndex(
  db: Database,
  index: HelperSearchIndex,
  built: BuiltSearchIndex,
  search: IndexSearch,
  query: HelperQuery,
  now: Date,
): Promise<HelperPage | undefined> {
  const offset = (query.page - 1) * query.pageSize;
  if (searchOnly(query)) {
    const { ids, total } = built.page(search, query.sort, offset, query.pageSize);
    // A card missing from the store (its helper changed while the index was built) is read.
    const items = index.cards.cards(ids, now) ?? (await cardsInOrder(db, index.rule, ids, now));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
  const ids = built.matchingIds(search, MAX_IDS_WITH_FILTERS, MAX_FORGIVING_IDS);
  if (!ids) return undefined;
  if (ids.length === 0) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  return listingPage(db, index.rule, { ...query, q: undefined }, now, inArray(helpers.id, ids));
}

async function cardsInOrder(db: Database, rule: PublicRule, ids: readonly string[], now: Date): Promise<HelperCard[]> {
  const byId = new Map((await readCards(db, rule, ids, now)).map(({ card }) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A search reads every match anyway (the trigram index narrows, each row is then checked), so
 * the page and the total come from one query: a search term is seldom asked twice, and on the
 * embedded database each query waits for the one before.
 */
export async function searchInSql(db: Database, query: HelperQuery, where: SQL | undefined, now: Date): Promise<HelperPage> {
  const rows = await db
    .select({ ...cardColumns, ...supplierColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(where)
    .orderBy(...orderBy(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page there is no row to carry the total.
    const [totals] = await db
      .select({ total: count() })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(where);
    total = totals?.total ?? 0;
  }
  return { items: rows.map((row) => toCard(row, now)), total, page: query.page, pageSize: query.pageSize };
}
