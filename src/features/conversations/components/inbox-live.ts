/**
 * The browser's half of the inbox stream (`/api/inbox/events`): one EventSource a tab, shared by
 * the header's unread count and the inbox page's list, opened while either follows it and closed
 * when neither does. The browser reconnects by itself; the stream sends the state on each opening.
 */
import { useEffect, useState } from "react";

export interface InboxState {
  /** Messages from families the account has not read, over all its conversations. */
  unread: number;
  /** Changes whenever anything the inbox list shows does. */
  stamp: string;
}

/** Given the state on each change, and null when the connection drops (until it is back). */
type Listener = (state: InboxState | null) => void;

const listeners = new Set<Listener>();
let source: EventSource | undefined;
let latest: InboxState | undefined;

/** Calls `listener` with the inbox's state now (when known) and on each change, until the returned function is called. */
export function followInbox(listener: Listener): () => void {
  listeners.add(listener);
  if (!source) {
    source = new EventSource("/api/inbox/events");
    source.onmessage = (event: MessageEvent<string>) => {
      latest = JSON.parse(event.data) as InboxState;
      for (const each of [...listeners]) each(latest);
    };
    source.onerror = () => {
      latest = undefined;
      for (const each of [...listeners]) each(null);
    };
  } else if (latest) listener(latest);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    source?.close();
    source = undefined;
    latest = undefined;
  };
}

/**
 * The header's unread count: the stream's while it is connected (it says each change as it is
 * committed, which a page's data loaded alongside a read mark may not have seen yet), else the
 * page's (the root loader's).
 */
export function useLiveUnread(rendered: number, follow: boolean): number {
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => (follow ? followInbox((state) => setLive(state ? state.unread : null)) : undefined), [follow]);
  return live ?? rendered;
}
