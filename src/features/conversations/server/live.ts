/**
 * What happens in a conversation reaches every open stream on every instance through the
 * database's LISTEN/NOTIFY, the same path the listing's changes take (decision 110): a NOTIFY
 * sent in the transaction that stored a message is delivered at its commit, never for a write
 * rolled back, to each instance listening, which hands it to its own streams of that
 * conversation. PGlite delivers it within the process. A signal only says what to read again:
 * streams read messages from the table, so a signal lost or repeated loses or repeats nothing.
 * A supplier's inbox (the list and the header's unread count) is followed the same way, under
 * a key of its own (`inboxKey`), and so is a family's space (`familySpaceKey`): a signal there
 * says the list changed, the stream reads it.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";

export const CONVERSATION_CHANNEL = "conversation_events";

export type Side = "family" | "supplier";

export type Signal =
  | { c: string; k: "message" }
  | { c: string; k: "read"; side: Side; upTo: number }
  | { c: string; k: "typing"; side: Side }
  | { c: string; k: "status"; status: string }
  | { c: string; k: "hidden"; id: number }
  | { c: string; k: "inbox" };

/** The key a supplier's inbox streams listen on (a conversation's is its id). */
export const inboxKey = (supplierId: string) => `inbox:${supplierId}`;

/** The key a family's space streams listen on (the menu's unread count on every page). */
export const familySpaceKey = (familyId: string) => `family:${familyId}`;

/** Tells the supplier's inbox streams, on every instance, that their inbox changed. */
export function signalInbox(executor: Executor, supplierId: string): Promise<void> {
  return sendSignal(executor, { c: inboxKey(supplierId), k: "inbox" });
}

/** Tells both sides' lists (the supplier's inbox, the family's space) that a conversation of theirs changed. */
export async function signalLists(executor: Executor, sides: { supplierId: string; familyId: string }): Promise<void> {
  await signalInbox(executor, sides.supplierId);
  await sendSignal(executor, { c: familySpaceKey(sides.familyId), k: "inbox" });
}

export async function sendSignal(executor: Executor, signal: Signal): Promise<void> {
  await executor.execute(sql`select pg_notify(${CONVERSATION_CHANNEL}, ${JSON.stringify(signal)})`);
}

type Listener = (signal: Signal) => void;

export interface LiveHub {
  /** Calls `listener` for each signal of the conversation (or inbox key) until the returned function is called. */
  subscribe(key: string, listener: Listener): Promise<() => void>;
  /** Streams open on this instance (metrics, the benchmark). */
  readonly open: number;
  close(): Promise<void>;
}

function parse(payload: string): Signal | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Signal>;
    return typeof value.c === "string" && typeof value.k === "string" ? (value as Signal) : undefined;
  } catch {
    return undefined;
  }
}

export function createLiveHub(listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>): LiveHub {
  const listeners = new Map<string, Set<Listener>>();
  let open = 0;
  let stop: Promise<() => Promise<void>> | undefined;
  const dispatch = (payload: string) => {
    // After a lost connection to the database, anything may have been missed: every stream reads again.
    if (payload === "reconnected") {
      for (const [c, set] of listeners) for (const listener of set) listener({ c, k: "message" });
      return;
    }
    const signal = parse(payload);
    if (!signal) return;
    for (const listener of listeners.get(signal.c) ?? []) listener(signal);
  };
  return {
    get open() {
      return open;
    },
    async subscribe(key, listener) {
      stop ??= listen(CONVERSATION_CHANNEL, dispatch);
      await stop;
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      open += 1;
      return () => {
        if (!set.delete(listener)) return;
        open -= 1;
        if (set.size === 0) listeners.delete(key);
      };
    },
    async close() {
      const started = stop;
      stop = undefined;
      listeners.clear();
      if (started) await (await started)();
    },
  };
}
