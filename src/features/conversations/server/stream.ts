/**
 * One conversation's server-sent-events stream. It starts by sending what came after the
 * browser's last message (its Last-Event-ID after a reconnection), then each signal from the hub
 * makes it read the messages after the last one it sent, so a message is sent once, in order,
 * whichever instance stored it and however the signals arrive (decision 110).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ConversationService } from "../service";
import type { Signal } from "./live";
import type { LiveEvent } from "../components/message-rules";

const HEARTBEAT_MS = 20_000;

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
  },
): Promise<void> {
  const { service, conversationId, side } = options;
  let cursor = options.after;
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
  const send = (event: LiveEvent, id?: number) => {
    if (closed) return;
    raw.write(`${id === undefined ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`);
  };

  // One read at a time: a signal arriving during a read is answered by one more read after it.
  let reading: Promise<void> = Promise.resolve();
  let again = false;
  const readNew = () => {
    if (again) return;
    again = true;
    reading = reading.then(async () => {
      again = false;
      if (closed) return;
      try {
        for (const message of await service.messagesAfter(conversationId, cursor, side)) {
          cursor = message.id;
          send({ kind: "message", message }, message.id);
        }
      } catch (error) {
        request.log.warn({ err: error }, "conversation stream: reading messages failed");
      }
    });
  };
  const onSignal = (signal: Signal) => {
    if (signal.k === "message") readNew();
    else if (signal.k === "read") send({ kind: "read", side: signal.side, upTo: signal.upTo });
    else if (signal.k === "typing") send({ kind: "typing", side: signal.side });
    else if (signal.k === "status") send({ kind: "status", status: signal.status });
    else if (signal.k === "hidden" && side !== "operator") send({ kind: "hidden", id: signal.id });
    else if (signal.k === "hidden") readNew();
  };
  const unsubscribe = await service.live.subscribe(conversationId, onSignal);
  readNew();
  const heartbeat = setInterval(() => raw.write(": ping\n\n"), HEARTBEAT_MS);
  heartbeat.unref();
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
  };
  const finish = () => {
    end();
    raw.end();
  };
  options.open.add(finish);
  raw.on("close", () => {
    options.open.delete(finish);
    end();
  });
}
