/**
 * Public pages as bytes: the same page for everyone without a session is rendered once, kept
 * Brotli- and gzip-compressed, and sent again until what it shows changes (the same
 * `listing` event (decision 189) that clears the API's cache: a changed page is then rendered
 * again while the copy held is still sent) or the day in Singapore turns (ages on the page
 * change at midnight). Bounded by the bytes it holds, least recently used first out. Pages
 * with a query (a search, a filter, a page number: endless variety anyone can ask for) have a
 * budget of their own, so a flood of them pushes out only each other, never the listings and
 * biodata pages. See docs/decisions/070-page-cache.md, 083 and 153.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { calendarDateAt, formatIsoDate } from "../../shared/age";
import type { SharedPage } from "./page-policies";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  br: Buffer;
  gzip: Buffer;
  /**
   * The bytes uncompressed, kept once a client that takes neither encoding asked (plainBytes):
   * unpacking the gzip copy for every such request made them several times slower than Brotli's.
   */
  plain?: Buffer;
  /** Bytes held: both compressed variants, and the plain one once kept. */
  bytes: number;
  expiresAt: number;
  /** Something it shows changed: still sent while its successor is rendered, once, in the background. */
  stale?: boolean;
  /** What the page shows (its route's policy), so a change drops only the pages it touches. */
  shows?: Pick<SharedPage, "shows" | "helperId">;
}

export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** A page's path without its trailing slash, as routes are matched and pages kept. */
export function pagePath(url: string): string {
  const mark = url.indexOf("?");
  const pathname = mark === -1 ? url : url.slice(0, mark);
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/**
 * The address a public page is kept under: the path without a trailing slash, and only the
 * parameters the page reads (`known`, from its route's policy), sorted by name. Anything else
 * (`?x=1`, `fbclid`, `utm_*`) is dropped, so junk addresses cannot fill the cache with copies of
 * one page; the kept copy is rendered for this address, so no visitor's extra parameters end up
 * in the bytes sent to others (decision 083).
 */
export function canonicalPageUrl(url: string, known: ReadonlySet<string>): string {
  const mark = url.indexOf("?");
  const pathname = pagePath(url);
  if (mark === -1) return pathname;
  const params = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) if (known.has(name)) params.append(name, value);
  // Stable: a name's repeated values keep their order, as the page reads them.
  params.sort();
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The cache key of a page: its canonical address (above) and today's date in Singapore. */
export function pageCacheKey(canonical: string, now = new Date()): string {
  return `${formatIsoDate(calendarDateAt(now))} ${canonical}`;
}

/** Whether a rendered answer is the same for everyone and may be kept. */
function keepable(page: RenderedPage): boolean {
  if (page.status !== 200) return false;
  if (page.headers.has("set-cookie")) return false;
  const cacheControl = page.headers.get("cache-control") ?? "";
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/**
 * React Router's inline scripts carry the nonce of the request that rendered them. Bytes sent
 * to many visitors cannot hold a secret per visitor, so a kept page's policy allows exactly its
 * own inline scripts by their hashes instead.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export interface PageCacheOptions {
  /** Bytes of compressed pages held at most; 0 turns the cache off. */
  maxBytes: number;
  /** Largest single page kept (both variants). */
  maxEntryBytes?: number;
  /** A safety net should a change notification ever be missed (as the listing's cache). */
  ttlMs?: number;
  /** The share of maxBytes pages with a query may hold (the rest is for pages without one); a quarter unless told. */
  varietyShare?: number;
}

/** Pages kept under one budget, least recently used first in the map. */
interface Lane {
  entries: Map<string, CachedPage>;
  bytes: number;
  maxBytes: number;
}

/** Whether a key's page has a query: a search, filters or a page number (keys are `<date> <canonical address>`). */
export function isVarietyKey(key: string): boolean {
  return key.includes("?");
}

export class PageCache {
  private readonly plainLane: Lane;
  private readonly varietyLane: Lane;
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private generation = 0;
  /** `invalidations`: rounds of changes taken in (a new search index dropping search pages is not one). */
  readonly stats = { hits: 0, misses: 0, stores: 0, evictions: 0, invalidations: 0 };

  constructor(private readonly options: PageCacheOptions) {
    const variety = Math.floor(options.maxBytes * (options.varietyShare ?? 0.25));
    this.varietyLane = { entries: new Map(), bytes: 0, maxBytes: variety };
    this.plainLane = { entries: new Map(), bytes: 0, maxBytes: options.maxBytes - variety };
  }

  private laneOf(key: string): Lane {
    return isVarietyKey(key) ? this.varietyLane : this.plainLane;
  }

  /** Bytes held by the pages with a query (their own budget) and by the others. */
  get laneBytes(): { plain: number; variety: number } {
    return { plain: this.plainLane.bytes, variety: this.varietyLane.bytes };
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  get bytes(): number {
    return this.plainLane.bytes + this.varietyLane.bytes;
  }

  get size(): number {
    return this.plainLane.entries.size + this.varietyLane.entries.size;
  }

  lookup(key: string): CachedPage | undefined {
    const lane = this.laneOf(key);
    const hit = lane.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      lane.entries.delete(key);
      lane.bytes -= hit.bytes;
      return undefined;
    }
    // Re-inserted to keep the map in least-recently-used order.
    lane.entries.delete(key);
    lane.entries.set(key, hit);
    this.stats.hits += 1;
    return hit;
  }

  /**
   * The kept page for `key`, rendering it once however many ask at the same moment. Resolves
   * to null when the rendered answer may not be kept; each asker then renders its own.
   * `onOwn` gets the first asker's rendering when it may not be kept, for that asker to send.
   */
  async fill(
    key: string,
    render: () => Promise<RenderedPage>,
    onOwn: (page: RenderedPage) => void,
    shows?: CachedPage["shows"],
  ): Promise<CachedPage | null> {
    const inFlight = this.pending.get(key);
    // Those who asked while another rendered: that page, or their own rendering should it fail.
    if (inFlight) return inFlight.catch(() => null);
    this.stats.misses += 1;
    const generation = this.generation;
    const loading = (async () => {
      const page = await render();
      if (!keepable(page)) {
        // A stale copy whose page is now a 404 (a deleted biodata) or personal is not sent again.
        if (generation === this.generation) this.drop(key);
        onOwn(page);
        return null;
      }
      const entry = await compress(page, Date.now() + (this.options.ttlMs ?? 5 * 60_000));
      entry.shows = shows;
      if (generation === this.generation) this.store(key, entry);
      return entry;
    })();
    this.pending.set(key, loading);
    try {
      return await loading;
    } finally {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    }
  }

  /**
   * The page's bytes uncompressed, for a client that takes neither encoding: unpacked once and
   * kept with the page while it is held, counted in the bytes held like its compressed copies.
   */
  async plainBytes(key: string, page: CachedPage): Promise<Buffer> {
    if (page.plain) return page.plain;
    const body = await gunzip(page.gzip);
    const lane = this.laneOf(key);
    if (!page.plain && lane.entries.get(key) === page && page.bytes + body.length <= this.maxEntryBytes(lane)) {
      page.plain = body;
      page.bytes += body.length;
      lane.bytes += body.length;
      this.evictOverflow(lane);
    }
    return body;
  }

  private maxEntryBytes(lane: Lane): number {
    return Math.min(this.options.maxEntryBytes ?? 2 * 1024 * 1024, lane.maxBytes);
  }

  /** Everything goes: anything may have changed (a supplier's name, a seed). */
  invalidate(): void {
    this.generation += 1;
    for (const lane of [this.plainLane, this.varietyLane]) {
      lane.entries.clear();
      lane.bytes = 0;
    }
    this.pending.clear();
    this.stats.invalidations += 1;
  }

  /**
   * These helpers changed: their own pages and every page that lists helpers are rendered
   * again, the copy held being sent meanwhile (so visitors never wait for a rendering after a
   * save); the other biodata pages and the privacy policy stay as they are.
   */
  invalidateHelpers(ids: readonly string[]): void {
    const changed = new Set(ids);
    this.invalidateWhere((_key, entry) => !showsNoneOf(entry, changed));
    this.stats.invalidations += 1;
  }

  /** The pages of a search (`q=`): a new search index may answer them otherwise. */
  invalidateSearches(): void {
    this.invalidateWhere((key) => /[?&]q=/.test(key));
  }

  /** Marks stale the pages whose key passes `test`; a rendering under way is not kept (it may predate the change). */
  private invalidateWhere(test: (key: string, entry: CachedPage) => boolean): void {
    this.generation += 1;
    this.pending.clear();
    for (const lane of [this.plainLane, this.varietyLane])
      for (const [key, entry] of lane.entries) if (test(key, entry)) entry.stale = true;
  }

  private drop(key: string): void {
    const lane = this.laneOf(key);
    const held = lane.entries.get(key);
    if (!held) return;
    lane.entries.delete(key);
    lane.bytes -= held.bytes;
  }

  private store(key: string, entry: CachedPage): void {
    const lane = this.laneOf(key);
    if (entry.bytes > this.maxEntryBytes(lane)) return;
    const previous = lane.entries.get(key);
    if (previous) {
      lane.entries.delete(key);
      lane.bytes -= previous.bytes;
    }
    lane.entries.set(key, entry);
    lane.bytes += entry.bytes;
    this.stats.stores += 1;
    this.evictOverflow(lane);
  }

  /** Least recently used first out of the page's own budget, until its bytes fit. */
  private evictOverflow(lane: Lane): void {
    while (lane.bytes > lane.maxBytes) {
      const [oldestKey, oldest] = lane.entries.entries().next().value as [string, CachedPage];
      lane.entries.delete(oldestKey);
      lane.bytes -= oldest.bytes;
      this.stats.evictions += 1;
    }
  }
}

/**
 * Whether a kept page shows none of these helpers, by what its route declares: another helper's
 * biodata page, a page showing no biodata (the privacy policy). A page kept without a
 * declaration is taken to show everything.
 */
function showsNoneOf(entry: CachedPage, helperIds: ReadonlySet<string>): boolean {
  if (entry.shows?.shows === "fixed") return true;
  return entry.shows?.shows === "helper" && entry.shows.helperId !== undefined && !helperIds.has(entry.shows.helperId);
}

async function compress(page: RenderedPage, expiresAt: number): Promise<CachedPage> {
  const [br, gz] = await Promise.all([
    // Quality 5: most of Brotli's gain for a fraction of quality 11's time, paid on every miss.
    brotli(page.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
      },
    }),
    gzip(page.body, { level: 6 }),
  ]);
  const headers: Record<string, string> = {};
  for (const [name, value] of page.headers) {
    if (name === "content-length" || name === "content-encoding" || name === "transfer-encoding") continue;
    headers[name] = value;
  }
  return { status: page.status, headers, br, gzip: gz, bytes: br.length + gz.length, expiresAt };
}

const BR = /(?:^|,)\s*br\s*(?:;\s*q=([\d.]+))?\s*(?=,|$)/i;
const GZIP = /(?:^|,)\s*gzip\s*(?:;\s*q=([\d.]+))?\s*(?=,|$)/i;

function accepts(pattern: RegExp, header: string): boolean {
  const match = pattern.exec(header);
  return match !== null && (match[1] === undefined || Number(match[1]) > 0);
}

/** The variant a client takes: Brotli, gzip, or (rarely: a script, an old tool) neither. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  if (accepts(BR, acceptEncoding)) return "br";
  if (accepts(GZIP, acceptEncoding)) return "gzip";
  return undefined;
}
