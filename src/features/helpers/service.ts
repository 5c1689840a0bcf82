/**
 * The helpers feature's service: what pages and API routes may do with biodata (reads through
 * the listing cache, writes with their permission checks).
 */
import { calendarDateAt, formatIsoDate } from "../../shared/age";
import type { GatedHelperRecord, HelperPage, OwnedHelperRecord } from "../../shared/helper-types";
import type { HelperQuery } from "../../shared/listing-query";
import type { Viewer } from "../accounts";
import type { Database, Executor } from "../../server/db/connect";
import type { MediaStorage } from "../media";
import {
  findShownIdByRef,
  findHelper,
  findHelperFor,
  findPrivateDetails,
  findPublicHelpers,
  type BiodataReader,
} from "./server/helper-reads";
import { listAvailableHelpers } from "./server/helper-search";
import { filtersMatched, idsMatching } from "./server/filter-match";
import type { HelperFilter } from "../../shared/listing-query";
import { isUuid } from "../../shared/uuid";
import { HelperSearchIndex } from "./server/search-index-holder";
import {
  createHelper,
  deleteHelper,
  helperForEditing,
  listOwnHelpers,
  updateHelper,
  type DeletedBiodata,
  type SavedChange,
  type WriteDeps,
} from "./server/helper-writes";
import { listAllHelpers, suppliersWithHelpers, type AllHelpersQuery } from "./server/all-helpers";
import { listedCount, listedCounts, newestListed } from "./server/listed-summaries";
import { personnelNamedBy } from "./server/named-personnel";
import { ListingCache } from "../../server/listing-cache";
import type { ListingChange } from "./server/listing-changes";
import { accountMayShow, type PublicRule } from "./server/visibility";
import { createWriteLimiter, type WriteWindow } from "./server/write-limit";

type MaybeViewer = Viewer | null | undefined;

export interface HelperServiceDeps {
  db: Database;
  storage: MediaStorage;
  /** Delivers here what a write announced (the database's triggers announce it to every instance). */
  announced: WriteDeps["announced"];
  /** A new search index is ready: kept search pages may read otherwise now. */
  searchesChanged?(): void;
  /** How fast one account may write (write-limit.ts); shared by every instance on the database. */
  writeLimits?: readonly WriteWindow[];
  log?: WriteDeps["log"];
  /** Which accounts' biodata the public sees (visibility.ts); writes refuse what it would hide. */
  rule: PublicRule;
}

/**
 * Reads and writes of biodata. Writes take the body as it arrived (a form's values or a JSON
 * body): the shared helper schema checks it after the permission checks, and a refusal is an
 * HttpError (400 with a message per field, 401, 403, 404).
 */
export function createHelperService(deps: HelperServiceDeps) {
  const { db, rule } = deps;
  const writes = createWriteLimiter(db, deps.writeLimits);
  // Counted before the write's own checks: a refused write costs the server work too. Without a
  // viewer the write itself answers 401.
  const limit = async (viewer: MaybeViewer) => {
    if (viewer) await writes.hit(viewer.id);
  };
  const listingCache = new ListingCache<HelperPage>();
  // Names and references in memory, so a new search term costs no scan (decision 072).
  // A search answered by the index before a change was taken in is not kept past the new index.
  const searchIndex = new HelperSearchIndex(db, rule, {
    log: deps.log,
    onRebuilt: () => {
      listingCache.invalidateWhere((key) => key.includes('"q":'));
      deps.searchesChanged?.();
    },
  });
  // Ages depend on today's date, so it is part of the key. A time zone's date changes only on a
  // minute, so it is worked out once a minute; the keys made with it are kept until it changes,
  // as looking up the same string again is cheaper than a new one of the same text.
  let today = { minute: -1, text: "", pageKeys: new Map<string, string>() };
  const pageKey = (queryKey: string) => {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== today.minute) {
      const text = formatIsoDate(calendarDateAt(new Date()));
      today = { minute, text, pageKeys: text === today.text ? today.pageKeys : new Map() };
    }
    let key = today.pageKeys.get(queryKey);
    if (key === undefined) {
      key = `${today.text}|${queryKey}`;
      if (today.pageKeys.size >= 1000) today.pageKeys.clear();
      today.pageKeys.set(queryKey, key);
    }
    return key;
  };
  const queryKey = (query: HelperQuery) => JSON.stringify(query);
  return {
    /** The public listing. */
    list(query: HelperQuery): Promise<HelperPage> {
      return listingCache.get(pageKey(queryKey(query)), () => listAvailableHelpers(db, rule, query, new Date(), searchIndex));
    },
    /** What the listing keeps a query's pages by: the same text for the same query. */
    queryKey,
    /**
     * The page `list` would answer at once for the query of this key, if it is kept: none once a
     * change to the listing dropped it, the cache let it expire or the date moved on.
     */
    listKept: (key: string): HelperPage | undefined => listingCache.peek(pageKey(key)),
    /** One biodata: shown ones (visibility.ts) for everybody, any for its owner or an operator. */
    find: (id: string, viewer?: { id: string; role: string } | null) => findHelper(db, rule, id, viewer),
    /**
     * One biodata and, for a family past the visitor gate, its owner or an operator, the gated
     * details (medical history, date of birth); null for anyone else (decision 086).
     */
    findFor: (id: string, reader: BiodataReader) => findHelperFor(db, rule, id, reader),
    /**
     * Which of these filters a biodata answers now, by the listing's own conditions: the one
     * definition of a match, used by saved searches (their indexes in the list).
     */
    filtersMatched: (helperId: string, filters: readonly HelperFilter[]): Promise<number[]> =>
      isUuid(helperId) ? filtersMatched(db, rule, helperId, filters) : Promise.resolve([]),
    /** The listed biodata a filter answers now (at most `limit`; among some ids when given). */
    idsMatching: (filter: HelperFilter, limit: number, among?: readonly string[], executor: Executor = db) =>
      idsMatching(executor, rule, filter, limit, among),
    /** A shortlist's helpers, in its order; drafts and unknown ids left out. */
    findMany: (ids: readonly string[], executor: Executor = db) => findPublicHelpers(executor, rule, ids),
    /** The helper a reference such as DH1042 names, if any and not a draft (a hired one's page says so). */
    idByRef: (ref: string) => findShownIdByRef(db, rule, ref),
    /** The EA personnel a biodata names (decision 163); null for an overseas supplier or an agency with none. */
    namedPersonnel: (helper: { id: string; supplierId: string }) => personnelNamedBy(db, helper),
    /** The private details (home address, repatriation port, home phone) for the owner or an operator; undefined for anyone else. */
    findPrivateDetails: (id: string, viewer: MaybeViewer) => findPrivateDetails(db, id, viewer),
    /** A biodata its owner (or an operator) may change: the edit and delete screens start here. */
    forEditing: (viewer: MaybeViewer, id: string): Promise<OwnedHelperRecord> => helperForEditing(deps, viewer, id),
    /** The signed-in supplier's own biodata, drafts included, with the gated details. */
    listOwn: (viewer: MaybeViewer): Promise<GatedHelperRecord[]> => listOwnHelpers(deps, viewer),
    async create(viewer: MaybeViewer, body: unknown): Promise<OwnedHelperRecord> {
      await limit(viewer);
      return createHelper(deps, viewer, body);
    },
    /** A change: the record as saved, and the status it had before (a page tells publishing from an edit). */
    async update(viewer: MaybeViewer, id: string, body: unknown): Promise<SavedChange> {
      await limit(viewer);
      return updateHelper(deps, viewer, id, body);
    },
    /** Deletes a biodata; answers its name and reference, for the confirmation. */
    async remove(viewer: MaybeViewer, id: string): Promise<DeletedBiodata> {
      await limit(viewer);
      return deleteHelper(deps, viewer, id);
    },
    /** Whether the public sees anything of an account (visibility.ts): its dashboard says so when not. */
    ownerMayShow: (account: { emailVerified: boolean; role: string }) => accountMayShow(rule, account),
    /** Every biodata, drafts too, for the operators' screen (its page admits operators only). */
    everyBiodata: (query: AllHelpersQuery) => listAllHelpers(db, query),
    /** Everyone with at least one biodata, by name: the operators' supplier filter. */
    suppliersWithBiodata: () => suppliersWithHelpers(db),
    /** The newest listed biodata, at most `limit`: the sitemap. */
    newestListed: (limit: number) => newestListed(db, rule, limit),
    /** Every supplier with a listed biodata, and how many: the supplier list. */
    listedCounts: () => listedCounts(db, rule),
    /** How many biodata one supplier has listed: the supplier's page. */
    listedCount: (supplierId: string) => listedCount(db, rule, supplierId),
    /** The search index of this instance: built when first needed after a change (tests wait for it). */
    searchIndex,
    /**
     * Drops this instance's cached listing pages and marks its search index stale (a new one is
     * built, the old answering meanwhile): called once per round of changes (listing-changes.ts).
     * PDFs need no dropping: each is kept under the versions it printed, read afresh on every
     * request (decision 062).
     */
    invalidate: (change?: ListingChange) => {
      listingCache.invalidate();
      searchIndex.invalidate(change);
    },
  };
}

export type HelperService = ReturnType<typeof createHelperService>;
