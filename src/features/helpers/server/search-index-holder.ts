/**
 * The search index one instance holds (search-index.ts) and its cards (card-store.ts): built from
 * the database when first needed, built again or patched after each round of changes, the one
 * before answering meanwhile (decisions 072 and 083).
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { HelperQuery } from "../../../shared/listing-query";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { helpers } from "./tables";
import { CardStore, rowVersion } from "./card-store";
import { orderBy } from "./helper-reads";
import type { ListingChange } from "./listing-changes";
import { BuiltSearchIndex, ranksBy, type IndexRow } from "./search-index";
import { listedHelpers, type PublicRule } from "./visibility";

export interface SearchIndexOptions {
  /** A safety net should a notification ever be missed, as for the listing cache. */
  ttlMs?: number;
  /** Called when a new index replaces a stale one: searches it answered may now read otherwise. */
  onRebuilt?: () => void;
  log?: { warn(details: object, message: string): void };
}

/** How long after a change the index is built again, so that a burst of writes costs one build. */
const REBUILD_DELAY_MS = 250;

type IndexedRow = IndexRow & { version: string; salary: number; born: string; published: string };
type Keys = Pick<IndexedRow, "salary" | "born" | "published">[];

/** What a change of a helper's salary or birth date can be taken in from, beside the index. */
const indexKeys = {
  salary: helpers.salary,
  born: helpers.dateOfBirth,
  /** Only compared: a new publishing time moves her in the default order, so the index is built again. */
  published: sql<string>`${helpers.publishedAt}::text`,
};

/**
 * Every available helper's lowercased name and reference, her place in each sort, newest first,
 * the version of her card's rows, and the keys a change is compared by.
 */
export async function loadIndexRows(db: Database, rule: PublicRule): Promise<IndexedRow[]> {
  const rank = (sort: HelperQuery["sort"]) => sql<number>`row_number() over (order by ${sql.join(orderBy(sort), sql`, `)})`.mapWith(Number);
  return db
    .select({
      id: helpers.id,
      name: sql<string>`lower(${helpers.name})`,
      ref: sql<string>`lower(${helpers.ref})`,
      bySalary: rank("salary"),
      byAge: rank("age"),
      version: rowVersion,
      ...indexKeys,
    })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(listedHelpers(rule))
    .orderBy(...orderBy("newest"));
}

/**
 * The index of one instance: built when a search needs it, built again after each round of
 * changes (listing-changes.ts gathers a burst into one). Until the new one is ready the one held
 * keeps answering, so a supplier saving often never sends every search to SQL; a build that
 * raced a change is thrown away (a generation number, as in the listing cache) and another
 * follows. The cards stay across changes: each build reads again only those whose rows changed.
 */
export class HelperSearchIndex {
  private built: BuiltSearchIndex | undefined;
  private builtAt = 0;
  /** The held index predates a change: it answers while its successor is built. */
  private stale = false;
  private building: Promise<void> | undefined;
  private generation = 0;
  /** Each place's salary, birth date and publishing time, as the index held was built or patched. */
  private keys: Keys = [];
  private rebuild: NodeJS.Timeout | undefined;
  private readonly ttlMs: number;
  /** The card of every helper the index holds. */
  readonly cards: CardStore;
  /** Indexes made current (built, or a change taken in), for tests and the benchmark. */
  builds = 0;
  /** Of those, the changes taken into the index held without building it again. */
  patches = 0;

  constructor(
    private readonly db: Database,
    /** Which helpers are listed: the index holds those only. */
    readonly rule: PublicRule,
    private readonly options: SearchIndexOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.cards = new CardStore(rule);
  }

  /**
   * The index to answer from: the current one, or while a change is being taken in the one
   * before it; undefined before the first build (the caller uses SQL meanwhile). A build starts
   * when the index is missing, stale or old.
   */
  current(): BuiltSearchIndex | undefined {
    if (!this.built || this.stale || Date.now() - this.builtAt > this.ttlMs) void this.build();
    return this.built;
  }

  /**
   * The index to answer a search from: after a change, the new one if it is ready within `waitMs`.
   * A change that cannot be taken into the index held turns into a build: that is waited for too,
   * within the same time, so a save answered at once is not then missing from a search.
   */
  async answering(waitMs: number): Promise<BuiltSearchIndex | undefined> {
    const held = this.current();
    if (!held) return held;
    const deadline = Date.now() + waitMs;
    for (let building = this.building; this.stale && building && Date.now() < deadline; building = this.building) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([building, new Promise((resolve) => (timer = setTimeout(resolve, deadline - Date.now())))]);
      clearTimeout(timer);
    }
    return this.built;
  }

  /** The index once current: built (started if need be) after every change this instance has heard of. */
  async ready(): Promise<BuiltSearchIndex | undefined> {
    // A build that a change overtook is thrown away: try again a few times.
    for (let attempt = 0; attempt < 5 && (!this.built || this.stale); attempt++) await this.build();
    return this.stale ? undefined : this.built;
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
        const replacesStale = this.stale;
        this.built = new BuiltSearchIndex(rows, (id) => this.cards.wordsOf(id));
        this.keys = rows.map(({ salary, born, published }) => ({ salary, born, published }));
        this.builtAt = Date.now();
        this.stale = false;
        this.builds += 1;
        if (replacesStale) this.options.onRebuilt?.();
      })
      .catch((error: unknown) => this.options.log?.warn({ err: error }, "search index not built; searching in SQL"))
      .finally(() => {
        if (this.building === building) this.building = undefined;
      });
    this.building = building;
    return building;
  }

  /**
   * Called once per round of changes: the index held is stale from now on. Once searches have
   * needed it, the next one is built a moment later so that searches seldom wait; until then an
   * instance nobody searches builds nothing.
   */
  invalidate(change: ListingChange = "everything"): void {
    if (change !== "everything" && this.built && !this.stale && !this.building) return this.takeIn(change.helpers);
    this.generation += 1;
    const wanted = this.built !== undefined || this.building !== undefined || this.rebuild !== undefined;
    this.stale = true;
    this.building = undefined;
    if (!wanted) return;
    clearTimeout(this.rebuild);
    this.rebuild = setTimeout(() => {
      this.rebuild = undefined;
      // A search may have had it built already.
      if (this.stale) void this.build();
    }, REBUILD_DELAY_MS);
    this.rebuild.unref();
  }

  get size(): number {
    return this.built?.size ?? 0;
  }

  /**
   * A change of some helpers taken into the index held, without building it again, when it moves
   * nobody in or out and renames nobody: their cards are read again and the salary and age sorts
   * redone in memory (a supplier editing a salary then costs milliseconds, not a read of every
   * helper). Anything else builds it again, as after any other change.
   */
  private takeIn(ids: readonly string[]): void {
    this.generation += 1;
    this.stale = true;
    const generation = this.generation;
    const taking = this.patch(ids, generation)
      .catch((error: unknown) => {
        this.options.log?.warn({ err: error }, "search index not patched; building it again");
        return false;
      })
      .then((patched) => {
        if (this.building === taking) this.building = undefined;
        if (!patched && generation === this.generation) void this.build();
      });
    this.building = taking;
  }

  /** True when the change is in the index held; false when it must be built again. */
  private async patch(ids: readonly string[], generation: number): Promise<boolean> {
    const rows = await this.db
      .select({
        id: helpers.id,
        name: sql<string>`lower(${helpers.name})`,
        ref: sql<string>`lower(${helpers.ref})`,
        listed: sql<boolean>`(${listedHelpers(this.rule)})`,
        ...indexKeys,
      })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(inArray(helpers.id, [...ids]));
    const built = this.built;
    if (generation !== this.generation || !built) return true;
    const keys = [...this.keys];
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = byId.get(id);
      const place = built.placeOf(id);
      if (place === undefined) {
        if (row?.listed) return false;
        continue;
      }
      const held = built.namesAt(place);
      if (!row?.listed || row.name !== held.name || row.ref !== held.ref || row.published !== keys[place]!.published) return false;
      keys[place] = { salary: row.salary, born: row.born, published: row.published };
    }
    const held = ids.filter((id) => built.placeOf(id) !== undefined);
    const wordsBefore = held.map((id) => this.cards.wordsOf(id)?.join(" "));
    await this.cards.patch(this.db, held);
    const wordsChanged = held.some((id, i) => this.cards.wordsOf(id)?.join(" ") !== wordsBefore[i]);
    if (generation !== this.generation) return true;
    this.built = built.withRanks(
      ranksBy(
        keys.map((key) => key.salary),
        (a, b) => a - b,
      ),
      // Youngest first: the latest birth date.
      ranksBy(
        keys.map((key) => key.born),
        (a, b) => (a < b ? 1 : a > b ? -1 : 0),
      ),
      wordsChanged,
    );
    this.keys = keys;
    this.stale = false;
    this.builds += 1;
    this.patches += 1;
    this.options.onRebuilt?.();
    return true;
  }
}
