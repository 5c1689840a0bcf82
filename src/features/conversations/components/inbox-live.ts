/**
 * The browser's half of a list's stream: the signed-in account's inbox (`/api/inbox/events`) or
 * the family's space (`/api/messages/events`). One EventSource a tab, shared by the menu's unread
 * count and the list's page, opened while either follows it and closed when neither does. The
 * browser reconnects by itself; the stream sends the state on each opening.
 */
import { useEffect, useState } from "react";

export interface InboxState {
  /** Messages from the other side not read yet, over all the conversations. */
  unread: number;
  /** Changes whenever anything the list shows does. */
  stamp: string;
}

/** Whose list a tab follows: a signed-in account's inbox, or the family's space. */
export type ListStream = "inbox" | "family";

const URLS: Record<ListStream, string> = { inbox: "/api/inbox/events", family: "/api/messages/events" };

/** Given the state on each change, and null when the connection drops (until it is back). */
type Listener = (state: InboxState | null) => void;

const listeners = new Set<Listener>();
let source: { stream: ListStream; events: EventSource } | undefined;
let latest: InboxState | undefined;

function close(): void {
  source?.events.close();
  source = undefined;
  latest = undefined;
}

/** Calls `listener` with the list's state now (when known) and on each change, until the returned function is called. */
export function followInbox(listener: Listener, stream: ListStream = "inbox"): () => void {
  listeners.add(listener);
  // A tab follows one list: signing in or out changes which.
  if (source && source.stream !== stream) close();
  if (!source) {
    const events = new EventSource(URLS[stream]);
    source = { stream, events };
    events.onmessage = (event: MessageEvent<string>) => {
      latest = JSON.parse(event.data) as InboxState;
      for (const each of [...listeners]) each(latest);
    };
    events.onerror = () => {
      latest = undefined;
      for (const each of [...listeners]) each(null);
    };
  } else if (latest) listener(latest);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) close();
  };
}

/**
 * The menu's unread count: the stream's while it is connected (it says each change as it is
 * committed, which a page's data loaded alongside a read mark may not have seen yet), else the
 * page's (the root loader's). `stream`: null when there is no list to follow.
 */
export function useLiveUnread(rendered: number, stream: ListStream | null): number {
  const [live, setLive] = useState<number | null>(null);
  useEffect(() => (stream ? followInbox((state) => setLive(state ? state.unread : null), stream) : undefined), [stream]);
  return live ?? rendered;
}
