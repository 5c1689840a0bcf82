/**
 * `q=` through the in-memory index (search-index.ts): the index and the cards of every available
 * helper (card-store.ts) are built from the database when first asked after a change, and a
 * search is then answered from memory. Whenever the index cannot answer exactly (being built, a
 * term that is not plain ASCII, many matches combined with other filters), the caller searches
 * in SQL as before.
 */
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { HelperCard, HelperPage } from "../../shared/helper-types";
import type { HelperQuery } from "../../shared/listing-query";
import type { Database } from "../db/connect";
import { helpers, user } from "../db/schema";
import { CardStore, readCards, rowVersion } from "./card-store";
import { cardColumns, listingConditions, listingPage, orderBy, supplierColumns, toCard } from "./helper-service";
import { BuiltSearchIndex, indexableTerm, type IndexRow } from "./search-index";
import { listedHelpers, type PublicRule } from "./visibility";

export interface SearchIndexOptions {
  /** A safety net should a notification ever be missed, as for the listing cache. */
  ttlMs?: number;
  log?: { warn(details: object, message: string): void };
}

/** How long after a change the index is built again, so that a burst of writes costs one build. */
const REBUILD_DELAY_MS = 250;

/** With other filters too, the matches' ids go to the database when there are at most this many. */
const MAX_IDS_WITH_FILTERS = 1000;

/**
 * Every available helper's lowercased name and reference, her place in each sort, newest first,
 * and the version of her card's rows.
 */
export async function loadIndexRows(db: Database, rule: PublicRule): Promise<(IndexRow & { version: string })[]> {
  const rank = (sort: HelperQuery["sort"]) => sql<number>`row_number() over (order by ${sql.join(orderBy(sort), sql`, `)})`.mapWith(Number);
  return db
    .select({
      id: helpers.id,
      name: sql<string>`lower(${helpers.name})`,
      ref: sql<string>`lower(${helpers.ref})`,
      bySalary: rank("salary"),
      byAge: rank("age"),
      version: rowVersion,
    })
    .from(helpers)
    .innerJoin(user, eq(user.id, helpers.supplierId))
    .where(listedHelpers(rule))
    .orderBy(...orderBy("newest"));
}

/**
 * The index of one instance: built when a search needs it, dropped on every change. A build that
 * raced a change is thrown away (a generation number, as in the listing cache), so an index is
 * never older than the last notification this instance received. The cards stay across changes:
 * each build reads again only those whose rows changed.
 */
export class HelperSearchIndex {
  private built: BuiltSearchIndex | undefined;
  private builtAt = 0;
  private building: Promise<void> | undefined;
  private generation = 0;
  private rebuild: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;
  /** The card of every helper the index holds. */
  readonly cards: CardStore;

  constructor(
    private readonly db: Database,
    /** Which helpers are listed: the index holds those only. */
    readonly rule: PublicRule,
    private readonly options: SearchIndexOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.cards = new CardStore(rule);
  }

  /** The index if it is current; otherwise undefined, and a build starts (the caller uses SQL meanwhile). */
  current(): BuiltSearchIndex | undefined {
    if (!this.built || Date.now() - this.builtAt > this.ttlMs) void this.build();
    return this.built;
  }

  /** The index once current: the one held, or the one a build (started if need be) makes. */
  async ready(): Promise<BuiltSearchIndex | undefined> {
    // A build that a change overtook is thrown away: try again a few times.
    for (let attempt = 0; attempt < 5 && !this.current(); attempt++) await this.build();
    return this.built;
  }

  /** Builds the index now unless a build is under way; resolves once it is current or has failed. */
  build(): Promise<void> {
    if (this.building) return this.building;
    const generation = this.generation;
    const building = loadIndexRows(this.db, this.rule)
      .then(async (rows) => {
        // Only a build that no change has overtaken touches the cards: those refreshes run in
        // the order the builds started, so the newest rows are the ones kept.
        if (generation !== this.generation) return;
        await this.cards.refresh(this.db, rows);
        if (generation !== this.generation) return;
        this.built = new BuiltSearchIndex(rows);
        this.builtAt = Date.now();
      })
      .catch((error: unknown) => this.options.log?.warn({ err: error }, "search index not built; searching in SQL"))
      .finally(() => {
        if (this.building === building) this.building = undefined;
      });
    this.building = building;
    return building;
  }

  /**
   * Called on every change: the index goes at once. Once searches have needed it, the next one
   * is built a moment later (a burst of writes costs one build) so that searches seldom wait for
   * SQL; until then an instance nobody searches builds nothing.
   */
  invalidate(): void {
    this.generation += 1;
    const wanted = this.built !== undefined || this.building !== undefined || this.rebuild !== undefined;
    this.built = undefined;
    this.building = undefined;
    if (!wanted) return;
    clearTimeout(this.rebuild);
    this.rebuild = setTimeout(() => {
      this.rebuild = undefined;
      void this.build();
    }, REBUILD_DELAY_MS);
    this.rebuild.unref();
  }

  get size(): number {
    return this.built?.size ?? 0;
  }
}

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
  return found ?? searchInSql(db, query, and(...listingConditions(query, rule, now)), now);
}

/** Only q= and the page's order: nothing else narrows the listing. */
function searchOnly(query: HelperQuery): boolean {
  return Object.entries(query).every(([key, value]) => value === undefined || key === "q" || key === "sort" || key === "page" || key === "pageSize");
}

/** The listing page a search asks for, through the index; undefined when the index cannot answer. */
export async function searchThroughIndex(db: Database, index: HelperSearchIndex, query: HelperQuery, now: Date): Promise<HelperPage | undefined> {
  const term = query.q && indexableTerm(query.q);
  const built = term ? index.current() : undefined;
  if (!term || !built) return undefined;
  const offset = (query.page - 1) * query.pageSize;
  if (searchOnly(query)) {
    const { ids, total } = built.page(term, query.sort, offset, query.pageSize);
    // A card missing from the store (its helper changed while the index was built) is read.
    const items = index.cards.cards(ids, now) ?? (await cardsInOrder(db, index.rule, ids, now));
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
  const ids = built.matchingIds(term, MAX_IDS_WITH_FILTERS);
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
    .innerJoin(user, eq(user.id, helpers.supplierId))
    .where(where)
    .orderBy(...orderBy(query.sort))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    // Past the last page there is no row to carry the total.
    const [totals] = await db.select({ total: count() }).from(helpers).innerJoin(user, eq(user.id, helpers.supplierId)).where(where);
    total = totals?.total ?? 0;
  }
  return { items: rows.map((row) => toCard(row, now)), total, page: query.page, pageSize: query.pageSize };
}

