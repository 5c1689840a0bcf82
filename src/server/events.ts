/**
 * The site's events (decision 189): changes announced by the database's triggers in the
 * transaction that makes them (`site_events`), delivered at least once to the listeners of every
 * instance. An instance reads the events it has not delivered when a NOTIFY says there are some,
 * on a timer in case one was missed (a lost connection), and when a writer on this instance asks
 * (`catchUp`, after its commit, so its next page shows the change). Each reading takes the ids
 * after the highest read, and the ids it skipped for a minute after: a transaction that took its
 * id earlier may commit after a later one. An event is handed over once per instance; a
 * listener must still bear a second delivery (a restart reads again what came in its last second).
 */
import { and, asc, gt, inArray, lt, lte, max, or, sql } from "drizzle-orm";
import { scheduleDailySweep, type SweepLog } from "./daily-sweep";
import type { Database, Executor } from "./db/connect";
import { siteEvents } from "./db/schema";

/** What to do with an event's payload; a promise is waited for before `catchUp` resolves. */
export type EventListener = (payload: string) => void | Promise<void>;

/**
 * A kind of event: its name in `site_events` and how its stored payload reads. The feature that
 * announces it declares it and exports it from its index.ts; listeners name it (feature.ts `on`).
 */
export interface SiteEvent<Payload> {
  name: string;
  parse(payload: string): Payload;
}

export function defineEvent<Payload>(name: string, parse: (payload: string) => Payload): SiteEvent<Payload> {
  return { name, parse };
}

/**
 * Announces an event from code, as the triggers do from the database (`announce()`, migration
 * 0024): in `db`'s transaction when it is one, so it is delivered only if that commits.
 */
export async function announce(db: Executor, event: SiteEvent<unknown>, payload: string): Promise<void> {
  await db.execute(sql`select announce(${event.name}, ${payload})`);
}

export interface EventFeed {
  /** Calls `listener` with the payload of every `name` event from now on; returns the unsubscribe. */
  on(name: string, listener: EventListener): () => void;
  /** Delivers what has been announced and not yet delivered here; resolves once it is. */
  catchUp(): Promise<void>;
  /**
   * Starts following the database (NOTIFY and the timer), and with `pruning`, deleting the events
   * of more than a day ago at start and daily (every instance has read them long since); the
   * function returned stops it.
   */
  start(pruning?: SweepLog): Promise<() => Promise<void>>;
  /** Deletes events older than a day (every instance has read them long before). */
  prune(now?: Date): Promise<number>;
}

export interface EventFeedOptions {
  db: Database;
  /** NOTIFYs on a channel from every instance (DatabaseHandle.listen). */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  log?: { error(details: object, message: string): void };
  /** How long an id skipped by a reading is looked for (a transaction that commits after a later one). */
  gapMs?: number;
  /** How often an instance reads even without a NOTIFY. */
  pollMs?: number;
}

const CHANNEL = "site_events";
const DAY_MS = 24 * 60 * 60 * 1000;

export function createEventFeed({ db, listen, log, gapMs = 60_000, pollMs = 30_000 }: EventFeedOptions): EventFeed {
  const listeners = new Map<string, Set<EventListener>>();
  /** The highest id read; unknown (null) until the first reading. */
  let maxSeen: number | null = null;
  /**
   * Ids below `maxSeen` not seen yet, with when they were noticed: a transaction that took its
   * id earlier and has not committed yet (read when it does), or one rolled back (forgotten).
   */
  const gaps = new Map<number, number>();
  /** Events announced before the feed was made were not this instance's business (its caches started empty). */
  const since = new Date(Date.now() - 1000);
  let reading: Promise<void> | undefined;
  let readAgain = false;

  async function deliver(name: string, payload: string): Promise<void> {
    const failed = (error: unknown) => log?.error({ err: error, event: name }, "an event's listener failed");
    const working: Promise<void>[] = [];
    for (const listener of listeners.get(name) ?? []) {
      try {
        const done = listener(payload);
        if (done) working.push(done.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    await Promise.all(working);
  }

  async function readOnce(): Promise<void> {
    const now = Date.now();
    for (const [id, noticed] of gaps) if (noticed < now - gapMs) gaps.delete(id);
    let first: (typeof siteEvents.$inferSelect)[] = [];
    if (maxSeen === null) {
      // The first reading: the highest id now, then what came since the feed was made up to it.
      const [top] = await db.select({ id: max(siteEvents.id) }).from(siteEvents);
      maxSeen = top?.id ?? 0;
      first = await db
        .select()
        .from(siteEvents)
        .where(and(gt(siteEvents.createdAt, since), lte(siteEvents.id, maxSeen)))
        .orderBy(asc(siteEvents.id));
    }
    const waiting = [...gaps.keys()];
    const rows = await db
      .select()
      .from(siteEvents)
      .where(waiting.length > 0 ? or(gt(siteEvents.id, maxSeen), inArray(siteEvents.id, waiting)) : gt(siteEvents.id, maxSeen))
      .orderBy(asc(siteEvents.id));
    for (const row of rows) {
      if (row.id <= maxSeen) {
        gaps.delete(row.id);
        continue;
      }
      for (let missing = maxSeen + 1; missing < row.id; missing++) gaps.set(missing, now);
      maxSeen = row.id;
    }
    for (const row of [...first, ...rows]) await deliver(row.name, row.payload);
  }

  /** One reading at a time; a request during one makes one more after it. */
  function catchUp(): Promise<void> {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await readOnce();
        } while (readAgain);
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  }

  const quietly = () => void catchUp().catch((error: unknown) => log?.error({ err: error }, "reading the site's events failed"));

  async function prune(now = new Date()): Promise<number> {
    const gone = await db
      .delete(siteEvents)
      .where(lt(siteEvents.createdAt, new Date(now.getTime() - DAY_MS)))
      .returning({ id: siteEvents.id });
    return gone.length;
  }

  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
    catchUp,
    async start(pruning) {
      const stopListening = await listen(CHANNEL, quietly);
      const timer = setInterval(quietly, pollMs);
      timer.unref();
      quietly();
      const words = { removed: "deleted the site's events of more than a day ago", failed: "deleting old events failed" };
      const stopPruning = pruning ? scheduleDailySweep(async () => ({ deleted: await prune() }), pruning, words) : () => undefined;
      return async () => {
        stopPruning();
        clearInterval(timer);
        await stopListening();
        await reading?.catch(() => undefined);
      };
    },
    prune,
  };
}
