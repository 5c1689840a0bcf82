/**
 * Background work per key, started once the key has been quiet for `settleMs`: a supplier saving
 * one biodata again and again costs one drawing of its PDFs and link preview, after the last save,
 * instead of one per save (decision 083). Keys are worked one at a time, each after the requests
 * of the moment, so background work never crowds out visitors. Past `maxWaiting` keys a new one
 * is dropped: what it would have made is then made when first asked for.
 */
export interface SettledWorkOptions<V> {
  settleMs: number;
  maxWaiting: number;
  /** The work for one key; a failure is the caller's to log, and never stops the others. */
  run(key: string, value: V): Promise<void>;
}

export function createSettledWork<V>({ settleMs, maxWaiting, run }: SettledWorkOptions<V>) {
  const settling = new Map<string, NodeJS.Timeout>();
  const ready = new Map<string, V>();
  /** The loop working through `ready`, while it runs. */
  let working: Promise<void> | undefined;
  let stopped = false;

  async function work() {
    for (let next = ready.entries().next(); !next.done; next = ready.entries().next()) {
      const [key, value] = next.value;
      ready.delete(key);
      await new Promise((resolve) => setImmediate(resolve));
      await run(key, value).catch(() => undefined);
    }
    working = undefined;
  }

  function start(key: string, value: V) {
    settling.delete(key);
    ready.set(key, value);
    working ??= work();
  }

  return {
    /** Work for `key` once it has been quiet for the settle time; the latest value wins. */
    add(key: string, value: V): void {
      if (stopped) return;
      const pending = settling.get(key);
      if (pending) clearTimeout(pending);
      else if (settling.size + ready.size >= maxWaiting && !ready.has(key)) return;
      if (settleMs <= 0) return start(key, value);
      const timer = setTimeout(() => start(key, value), settleMs);
      // Work not started when the process stops is made on the next request that needs it.
      timer.unref();
      settling.set(key, timer);
    },
    /**
     * Drops the work not yet started and waits for the piece under way: the app closing waits for
     * it before it closes what that work uses (the database, the PDF workers, the media folder).
     */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
      ready.clear();
      await working;
    },
  };
}
