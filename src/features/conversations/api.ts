import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { actor as signedIn } from "../accounts";
import { notFound } from "../../server/http/errors";
import { idParams, noContent, refusals } from "../../server/http/schemas";
import { m } from "../../shared/i18n/compiled/messages.js";
import { familyKeyFromCookies } from "./server/family-key";
import { openInboxStream, openStream } from "./server/stream";
import type { ConversationService, Credentials } from "./service";

const messageSchema = z.object({
  id: z.number(),
  author: z.enum(["family", "supplier"]),
  body: z.string(),
  createdAt: z.string(),
  hidden: z.boolean(),
  reported: z.boolean(),
});

/** Who a request is: the family's key from its cookie, and the signed-in account. */
export function credentialsOf(request: FastifyRequest): Credentials {
  return { key: familyKeyFromCookies(request.headers.cookie), viewer: request.viewer, address: request.ip };
}

/** Whom an inbox stream's lease counts against, as a family's streams count against the family. */
export const inboxLeaseOwner = (accountId: string) => `inbox:${accountId}`;

const who =
  "The family is known by its `conversations` cookie (set when it starts a conversation or opens its private link), the " +
  "supplier by their session; anyone else gets 404, whether the conversation exists or not.";

/**
 * The conversation pages' script: send a message, mark read, say "typing", and the stream of
 * what happens in a conversation. Each works without it too (the pages' forms), except typing.
 */
export async function conversationRoutes(fastify: FastifyInstance, { service }: { service: ConversationService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Open streams would hold the server open: they end as it starts closing.
  const streams = new Set<() => void>();
  app.addHook("preClose", (done) => {
    for (const finish of [...streams]) finish();
    done();
  });
  app.addHook("onClose", async () => service.close());
  app.post(
    "/api/conversations/:id/messages",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["conversations"],
        summary: "Send a message",
        description:
          `${who} Text only: trimmed, 1 to 2,000 characters, no control characters but line breaks and tabs. The message is ` +
          "stored before the answer. Over the limits (a family: 20 a minute; a phone number: 120 an hour; an address: 60 an hour over every " +
          "identity; a supplier: 60 a minute): 429 with `Retry-After`; a blocked party: 403.",
        params: idParams,
        body: z.object({ body: z.string().max(20_000) }),
        response: { 201: messageSchema, ...refusals(400, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.post(request.params.id, credentialsOf(request), request.body.body)),
  );
  app.post(
    "/api/conversations/:id/read",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["conversations"],
        summary: "Mark a conversation read",
        description: `${who} Marks the asker's side read up to \`upTo\` (a message id), or to the newest message.`,
        params: idParams,
        body: z.object({ upTo: z.number().int().nonnegative().optional() }),
        response: { 204: noContent, ...refusals(400, 404) },
      },
    },
    async (request, reply) => {
      await service.markRead(request.params.id, credentialsOf(request), request.body.upTo);
      return reply.code(204).send();
    },
  );
  app.post(
    "/api/conversations/:id/typing",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["conversations"],
        summary: "Say the asker is typing",
        description:
          `${who} The other side's open streams show "typing" for a few seconds; nothing is stored. The body is empty. One a family ` +
          "(a supplier: a conversation) every 3 seconds, more: 429 with `Retry-After`. A blocked party: 403.",
        params: idParams,
        body: z.object({}).nullish(),
        response: { 204: noContent, ...refusals(403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.typing(request.params.id, credentialsOf(request));
      return reply.code(204).send();
    },
  );
  app.post(
    "/api/telegram/webhook",
    {
      config: { access: "anyone" },
      schema: {
        tags: ["conversations"],
        summary: "Updates from Telegram (the bot's webhook)",
        description:
          "Telegram posts what people write to the site's bot here, with the secret the site gave it in " +
          "`X-Telegram-Bot-Api-Secret-Token`; without it (or with no bot configured): 401. A supplier's " +
          '"/start <token>" from their "Get notices on Telegram" link turns on their notices in that chat; a ' +
          "stale or used token is answered in the chat. Every other update is acknowledged and ignored.",
        body: z
          .object({
            update_id: z.number().int().optional(),
            message: z
              .object({
                chat: z.object({ id: z.union([z.number().int(), z.string().max(64)]) }).loose(),
                text: z.string().max(4096).optional(),
              })
              .loose()
              .optional(),
          })
          .loose(),
        response: { 204: noContent, ...refusals(400, 401) },
      },
    },
    async (request, reply) => {
      service.telegram.checkSecret(request.headers["x-telegram-bot-api-secret-token"]);
      await service.telegram.receive(request.body);
      return reply.code(204).send();
    },
  );
  app.get(
    "/api/conversations/:id/events",
    {
      // A stream is never compressed (a compressor holds bytes back) nor kept by a cache.
      config: { access: "anyone", compress: false },
      schema: {
        tags: ["conversations"],
        summary: "Follow a conversation (server-sent events)",
        description:
          `${who} A text/event-stream: \`message\` events (their id is the message id), \`read\`, \`typing\`, \`status\` and ` +
          "`hidden`. On reconnecting, the browser's `Last-Event-ID` (or `?after=` a message id) sends what came since, once. At most " +
          "10 streams open a family and 100 an address, over every instance: more, 429 with `Retry-After`.",
        params: idParams,
        querystring: z.object({ after: z.coerce.number().int().nonnegative().optional() }),
        response: { 200: z.string().describe("A text/event-stream, open until either side closes it."), ...refusals(404, 429) },
      },
    },
    async (request, reply) => {
      const { actor } = await service.open(request.params.id, credentialsOf(request));
      const header = Number(request.headers["last-event-id"]);
      const after = Number.isSafeInteger(header) && header >= 0 ? header : (request.query.after ?? 0);
      const lease = await service.limits.openStream(actor.side === "family" ? actor.familyId : undefined, request.ip);
      await openStream(request, reply, { service, conversationId: request.params.id, side: actor.side, after, open: streams, lease });
    },
  );
  app.get(
    "/api/inbox/events",
    {
      config: { access: "signed-in", compress: false },
      schema: {
        tags: ["conversations"],
        summary: "Follow the signed-in supplier's inbox (server-sent events)",
        description:
          "A text/event-stream of `{ unread, stamp }`: the messages from families the account has not read, over all its " +
          "conversations (the header's count), and a stamp of the inbox list that changes whenever anything the list shows " +
          "does (a new conversation, a message, a read mark, a status). Sent on opening and on each change, whichever " +
          "instance stored it. Signed out: 401. Counted with the conversations' streams: at most 10 open an account (a tab " +
          "each) and 100 an address, over every instance; more, 429 with `Retry-After`.",
        response: { 200: z.string().describe("A text/event-stream, open until either side closes it."), ...refusals(401, 429) },
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request);
      // Counted as the conversations' streams are (decision 152): the account's tabs as a family's, and its address.
      const lease = await service.limits.openStream(inboxLeaseOwner(viewer.id), request.ip);
      await openInboxStream(request, reply, { service, supplierId: viewer.id, open: streams, lease });
    },
  );
  app.get(
    "/api/messages/events",
    {
      config: { access: "anyone", compress: false },
      schema: {
        tags: ["conversations"],
        summary: "Follow the family's space (server-sent events)",
        description:
          "For the family whose key the `conversations` cookie holds: a text/event-stream of `{ unread, stamp }`, the " +
          "messages from suppliers it has not read over all its conversations (the menu's count on every page), and a " +
          "stamp of its list that changes whenever anything the list shows does. Sent on opening and on each change, " +
          "whichever instance stored it. Without a key that opens a family: 404. Counted with the family's " +
          "conversation streams: at most 10 a family and 100 an address, over every instance; more, 429 with `Retry-After`.",
        response: { 200: z.string().describe("A text/event-stream, open until either side closes it."), ...refusals(404, 429) },
      },
    },
    async (request, reply) => {
      const familyId = await service.familyIdOf(credentialsOf(request).key ?? null);
      if (!familyId) throw notFound(m.server_error_no_family_space());
      const lease = await service.limits.openStream(familyId, request.ip);
      await openInboxStream(request, reply, { service, familyId, open: streams, lease });
    },
  );
}
