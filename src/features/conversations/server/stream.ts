/**
 * The server-sent-events streams: one conversation's, and a supplier's inbox. A conversation's
 * starts by sending what came after the browser's last message (its Last-Event-ID after a
 * reconnection), then each signal from the hub makes it read the messages after the last one it
 * sent, so a message is sent once, in order, whichever instance stored it and however the signals
 * arrive (decision 110). An inbox's sends the supplier's unread count and a stamp of the list
 * when it opens and each time they change.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ConversationService } from "../service";
import { familySpaceKey, inboxKey, type Signal } from "./live";
import type { StreamLease } from "./limits";
import type { LiveEvent } from "../components/message-rules";

const HEARTBEAT_MS = 20_000;

/**
 * Takes the answer over as a text/event-stream that follows `key` on the hub; `onSignal` gets
 * `send` and `read` (one read at a time: a signal arriving during a read is answered by one
 * more read after it). The stream ends when the browser goes or the app closes (`open`).
 */
async function openEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    service: ConversationService;
    key: string;
    open: Set<() => void>;
    /** What to send (read from the tables) when the stream opens and when a signal asks. */
    read: (send: (event: object, id?: number) => void) => Promise<void>;
    onSignal: (signal: Signal, send: (event: object) => void, readAgain: () => void) => void;
    what: string;
    /** The stream as the limits count it (decision 152): renewed with the heartbeat, released when it ends. */
    lease: StreamLease;
  },
): Promise<void> {
  let closed = false;
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  // Reconnect after 2 s when the connection drops (the browser's EventSource does it itself).
  raw.write("retry: 2000\n\n");
  const send = (event: object, id?: number) => {
    if (closed) return;
    raw.write(`${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`);
  };

  let reading: Promise<void> = Promise.resolve();
  let again = false;
  const readAgain = () => {
    if (again) return;
    again = true;
    reading = reading.then(async () => {
      again = false;
      if (closed) return;
      try {
        await options.read(send);
      } catch (error) {
        request.log.warn({ err: error }, `${options.what}: reading failed`);
      }
    });
  };
  const unsubscribe = await options.service.live.subscribe(options.key, (signal) => options.onSignal(signal, send, readAgain));
  readAgain();
  const { lease } = options;
  const heartbeat = setInterval(() => {
    raw.write(": ping\n\n");
    lease.renew().catch((error: unknown) => request.log.warn({ err: error }, `${options.what}: renewing its lease failed`));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    lease.release().catch((error: unknown) => request.log.warn({ err: error }, `${options.what}: releasing its lease failed`));
  };
  const finish = () => {
    end();
    raw.end();
  };
  options.open.add(finish);
  const gone = () => {
    options.open.delete(finish);
    end();
  };
  raw.on("close", gone);
  // Left while the subscription was being made: nothing will say so again.
  if (raw.destroyed) gone();
}

export async function openStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    service: ConversationService;
    conversationId: string;
    side: "family" | "supplier" | "operator";
    after: number;
    /** The streams open on this app, ended when it closes. */
    open: Set<() => void>;
    lease: StreamLease;
  },
): Promise<void> {
  const { service, conversationId, side } = options;
  let cursor = options.after;
  await openEvents(request, reply, {
    service,
    key: conversationId,
    open: options.open,
    lease: options.lease,
    what: "conversation stream",
    async read(send) {
      for (const message of await service.messagesAfter(conversationId, cursor, side)) {
        cursor = message.id;
        send({ kind: "message", message } satisfies LiveEvent, message.id);
      }
    },
    onSignal(signal, send, readNew) {
      const event = (value: LiveEvent) => send(value);
      if (signal.k === "message") readNew();
      else if (signal.k === "read") event({ kind: "read", side: signal.side, upTo: signal.upTo });
      // "Typing" is for the other side: a party's own streams are not told it types.
      else if (signal.k === "typing" && signal.side !== side) event({ kind: "typing", side: signal.side });
      else if (signal.k === "status") event({ kind: "status", status: signal.status });
      else if (signal.k === "hidden" && side !== "operator") event({ kind: "hidden", id: signal.id });
      else if (signal.k === "hidden") readNew();
    },
  });
}

/**
 * A signed-in account's inbox, or a family's space: `{ unread, stamp }` on opening and whenever
 * either changes (the menu's count shows `unread`; the list's page reloads when `stamp` differs
 * from the one it was rendered with). Any signal on its key, or the hub's reconnection, reads again.
 */
export async function openInboxStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { service: ConversationService; open: Set<() => void>; lease: StreamLease } & ({ supplierId: string } | { familyId: string }),
): Promise<void> {
  const { service } = options;
  const [key, state] =
    "supplierId" in options
      ? [inboxKey(options.supplierId), () => service.inboxPage(options.supplierId)]
      : [familySpaceKey(options.familyId), () => service.familySpace(options.familyId)];
  let last = "";
  await openEvents(request, reply, {
    service,
    key,
    open: options.open,
    lease: options.lease,
    what: "supplierId" in options ? "inbox stream" : "family space stream",
    async read(send) {
      const { unread, stamp } = await state();
      if (stamp === last) return;
      last = stamp;
      send({ unread, stamp });
    },
    onSignal: (_signal, _send, readAgain) => readAgain(),
  });
}
