/**
 * The browser's half of a conversation's stream: one EventSource per tab, opened after the page
 * (which rendered the thread) with the newest message it shows, so the stream sends only what
 * came since; the browser reconnects by itself with Last-Event-ID. Messages are kept by id, so
 * one sent twice (a reconnection racing a page's own post) is shown once.
 */
import { useEffect, useRef, useState } from "react";
import type { LiveEvent, ShownMessage } from "./message-rules";

const TYPING_SHOWN_MS = 4000;

export function useLiveThread(options: {
  conversationId: string;
  initial: ShownMessage[];
  side: "family" | "supplier" | "operator";
  readMarks: { family: number; supplier: number };
  status: string;
}) {
  const { conversationId, side } = options;
  const [messages, setMessages] = useState(options.initial);
  const [readMarks, setReadMarks] = useState(options.readMarks);
  const [status, setStatus] = useState(options.status);
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [live, setLive] = useState(false);

  // A page's own revalidation (after its form posted) brings the full thread: merged, not replaced.
  useEffect(() => setMessages((shown) => merge(shown, options.initial)), [options.initial]);

  useEffect(() => {
    const newest = options.initial.at(-1)?.id ?? 0;
    const source = new EventSource(`/api/conversations/${conversationId}/events?after=${newest}`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.onmessage = (event: MessageEvent<string>) => {
      const data = JSON.parse(event.data) as LiveEvent;
      if (data.kind === "message") {
        setMessages((shown) => merge(shown, [data.message]));
        if (data.message.author !== side) {
          setTyping(false);
          if (side !== "operator" && document.visibilityState === "visible") markRead(conversationId, data.message.id);
        }
      } else if (data.kind === "hidden") setMessages((shown) => shown.filter((message) => message.id !== data.id));
      else if (data.kind === "read") setReadMarks((marks) => ({ ...marks, [data.side]: Math.max(marks[data.side], data.upTo) }));
      else if (data.kind === "status") setStatus(data.status);
      else if (data.kind === "typing" && data.side !== side) {
        setTyping(true);
        clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
      }
    };
    return () => {
      source.close();
      clearTimeout(typingTimer.current);
    };
    // Opened once per conversation: the stream itself catches up after a reconnection.
  }, [conversationId]);

  return { messages, readMarks, status, typing, live };
}

function merge(shown: ShownMessage[], more: ShownMessage[]): ShownMessage[] {
  const byId = new Map(shown.map((message) => [message.id, message]));
  for (const message of more) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function markRead(conversationId: string, upTo: number) {
  void fetch(`/api/conversations/${conversationId}/read`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ upTo }),
  }).catch(() => undefined);
}

let lastTyping = 0;
/** Tells the other side this one is typing, at most every 3 seconds. */
export function sayTyping(conversationId: string) {
  const now = Date.now();
  if (now - lastTyping < 3000) return;
  lastTyping = now;
  void fetch(`/api/conversations/${conversationId}/typing`, { method: "POST" }).catch(() => undefined);
}
