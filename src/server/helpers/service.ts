/**
 * The helpers feature's service: what pages and API routes may do with biodata (reads through
 * the listing cache, writes with their permission checks).
 */
import { calendarDateAt, formatIsoDate } from "../../shared/age";
import type { GatedHelperRecord, HelperPage, OwnedHelperRecord } from "../../shared/helper-types";
import type { HelperQuery } from "../../shared/listing-query";
import type { Viewer } from "../auth";
import type { Database } from "../db/connect";
import type { MediaStorage } from "../media";
import { findAvailableIdByRef, findHelper, findHelperFor, findPrivateDetails, findPublicHelpers, type BiodataReader } from "./helper-service";
import { listAvailableHelpers } from "./helper-search";
import { HelperSearchIndex } from "./search-index-holder";
import { createHelper, deleteHelper, helperForEditing, listOwnHelpers, updateHelper, type WriteDeps } from "./helper-writes";
import { ListingCache } from "./listing-cache";
import type { ListingChange } from "./listing-changes";
import type { PublicRule } from "./visibility";
import { createWriteLimiter, type WriteWindow } from "./write-limit";
import { createBiodataPdfs, type PdfRenderer } from "../pdf";
import { createLinkPreviews } from "../seo";

export interface HelperServiceDeps {
  db: Database;
  storage: MediaStorage;
  /** Tells this instance what a write changed (the database trigger tells every instance). */
  listingChanged: WriteDeps["listingChanged"];
  /** A new search index is ready: kept search pages may read otherwise now. */
  searchesChanged?(): void;
  /** How fast one account may write (write-limit.ts); shared by every instance on the database. */
  writeLimits?: readonly WriteWindow[];
  log?: WriteDeps["log"];
  /** Which accounts' biodata the public sees (visibility.ts); writes refuse what it would hide. */
  rule: PublicRule;
  /** The site's name, printed on link previews. */
  siteName: string;
  /** Where PDFs are laid out (worker threads). */
  pdfRenderer: Pick<PdfRenderer, "render">;
  /** How long a biodata goes without a save before its PDFs and preview are made (the change window). */
  settleMs: number;
}

type MaybeViewer = Viewer | null | undefined;

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
  const pdfs = createBiodataPdfs({
    db,
    storage: deps.storage,
    log: deps.log,
    findHelper: (id, reader) => findHelperFor(db, rule, id, reader),
    findPrivateDetails: (id, viewer) => findPrivateDetails(db, id, viewer),
    cache: new ListingCache<Buffer>({ maxEntries: 400, ttlMs: 24 * 60 * 60_000 }),
    photos: new ListingCache<Buffer | null>({ maxEntries: 200, ttlMs: 24 * 60 * 60_000 }),
    renderer: deps.pdfRenderer,
    settleMs: deps.settleMs,
  });
  const previews = createLinkPreviews({
    storage: deps.storage,
    findHelper: (id) => findHelper(db, rule, id),
    siteName: deps.siteName,
    log: deps.log,
    settleMs: deps.settleMs,
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
    /** A shortlist's helpers, in its order; drafts and unknown ids left out. */
    findMany: (ids: readonly string[]) => findPublicHelpers(db, rule, ids),
    /** The available helper a reference such as DH1042 names, if any. */
    idByRef: (ref: string) => findAvailableIdByRef(db, rule, ref),
    /** A public biodata's link-preview JPEG (photo and name), or undefined for a draft or unknown id. */
    previewJpeg: (id: string): Promise<Buffer | undefined> => previews.get(id),
    /** Removes stored link previews no public biodata shows any more (run daily). */
    sweepPreviews: () => previews.sweep(),
    /** A biodata its owner (or an operator) may change: the edit and delete screens start here. */
    forEditing: (viewer: MaybeViewer, id: string): Promise<OwnedHelperRecord> => helperForEditing(deps, viewer, id),
    /** The signed-in supplier's own biodata, drafts included, with the gated details. */
    listOwn: (viewer: MaybeViewer): Promise<GatedHelperRecord[]> => listOwnHelpers(deps, viewer),
    // A saved biodata's PDFs and link preview are made once the write has committed, before anyone
    // asks; a draft's PDFs only when its owner asks (nobody else may, and a draft is saved often).
    async create(viewer: MaybeViewer, body: unknown): Promise<OwnedHelperRecord> {
      await limit(viewer);
      const record = await createHelper(deps, viewer, body);
      if (record.status !== "draft") pdfs.prepare(record.id, viewer);
      previews.prepare(record.id);
      return record;
    },
    async update(viewer: MaybeViewer, id: string, body: unknown): Promise<OwnedHelperRecord> {
      await limit(viewer);
      const record = await updateHelper(deps, viewer, id, body);
      if (record.status !== "draft") pdfs.prepare(record.id, viewer);
      previews.prepare(record.id);
      return record;
    },
    async remove(viewer: MaybeViewer, id: string): Promise<void> {
      await limit(viewer);
      await deleteHelper(deps, viewer, id);
      previews.prepare(id);
    },
    /**
     * The biodata as an A4 PDF: the public copy, the family's (past the gate: with the gated
     * details), or the owner's and operators' (with the private details too).
     */
    pdf: (id: string, reader: BiodataReader) => pdfs.get(id, reader),
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
