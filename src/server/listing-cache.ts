/**
 * The public listing changes rarely and is read constantly, so its pages are cached in memory
 * (and the supplier list, and the PDFs and photos made from biodata). Every write to helpers or
 * suppliers announces a `listing` event (a database trigger), and every instance listening clears
 * its listing caches at once; a generation number keeps a read that raced a write from storing
 * what it read before the write.
 */

export interface ListingCacheOptions {
  maxEntries?: number;
  /** A safety net should a notification ever be missed. */
  ttlMs?: number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

export class ListingCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly pending = new Map<string, Promise<T>>();
  private generation = 0;
  private readonly maxEntries: number;
  private readonly ttlMs: number;

  constructor(options: ListingCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 1000;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
  }

  /** What `get` would answer at once: the value kept and not expired, if any. */
  peek(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.expiresAt <= Date.now()) return undefined;
    // Re-insert to keep the map in least-recently-used order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;

    const generation = this.generation;
    const loading = load().then(
      (value) => {
        if (this.pending.get(key) === loading) this.pending.delete(key);
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === loading) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, loading);
    return loading;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  /** Drops the entries whose key passes `test`; a load under way is not kept. */
  invalidateWhere(test: (key: string) => boolean): void {
    this.generation += 1;
    this.pending.clear();
    for (const key of [...this.entries.keys()]) if (test(key)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
