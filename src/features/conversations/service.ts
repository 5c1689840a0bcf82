/**
 * Conversations between a family and a supplier about a helper. A family is the lead of the
 * /filters gate (name and phone) plus an optional e-mail, and comes back by its private link's
 * key (kept hashed); a supplier is the signed-in owner of the biodata; operators see everything.
 * A message is stored, with its conversation's row locked, before it is acknowledged, and a
 * NOTIFY in the same transaction tells every instance's open streams at its commit.
 */
import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { HelperService } from "../helpers";
import { visitorAbout } from "../leads";
import { enqueueMessage } from "../notifications";
import type { FeatureGround } from "../../server/feature";
import type { Executor } from "../../server/db/connect";
import { helpers, user, visitors } from "../../server/db/schema";
import { badRequest, forbidden, notFound } from "../../server/http/errors";
import { isUuid } from "../../shared/uuid";
import { checkMessage, type ShownMessage } from "./components/message-rules";
import { hashFamilyKey, looksLikeKey, newFamilyKey } from "./server/family-key";
import { chatLimiter, DEFAULT_CHAT_LIMITS, type ChatLimits } from "./server/limits";
import { createLiveHub, sendSignal, type Side } from "./server/live";
import { messagesAfter, shownMessage } from "./server/rows";
import { chatBlockedSuppliers, chatFamilies, chatMessages, conversations } from "./server/tables";
import { createTelegramLink } from "./server/telegram-link";
import { notifyUnread } from "./server/unread-notices";

export { MAX_MESSAGE_LENGTH } from "./components/message-rules";
export { CONVERSATION_RETENTION_MONTHS as RETENTION_MONTHS } from "../../shared/retention";
import { CONVERSATION_RETENTION_MONTHS as RETENTION_MONTHS } from "../../shared/retention";
import { m } from "../../shared/i18n/compiled/messages.js";
import { localHref } from "../../shared/i18n/page-locale";

/** Who asks: the family of a conversation, its supplier, or an operator reading it. */
export type Actor = { side: "family"; familyId: string; phone: string } | { side: "supplier"; supplierId: string } | { side: "operator" };

/** What a request carries that may say who it is: the family's key (cookie or link) and a signed-in account. */
export interface Credentials {
  key?: string | null;
  viewer?: { id: string; role: string } | null;
}

export interface ConversationServiceDeps extends FeatureGround {
  helpers: Pick<HelperService, "find">;
  chatLimits?: ChatLimits;
}

export interface ConversationSummary {
  id: string;
  helper: { id: string; name: string; ref: string };
  supplier: { id: string; name: string };
  family: { name: string; phone: string };
  status: string;
  lastMessageAt: string;
  unread: number;
  messages: number;
}

const emailSchema = z.email().max(200);
/** A supplier as families see them: the company, else the account's name (as on the biodata). */
const supplierShownName = sql<string>`coalesce(nullif(${user.companyName}, ''), ${user.name})`;

export function createConversationService({
  db,
  helpers: helperReads,
  site,
  listen,
  chatLimits,
  telegram,
  settings,
}: ConversationServiceDeps) {
  const limits = chatLimiter(db, chatLimits ?? DEFAULT_CHAT_LIMITS);
  const telegramLink = createTelegramLink(db, site, telegram, settings.telegramBot);
  const live = createLiveHub(listen);

  async function familyByKey(key: string | null | undefined) {
    if (!looksLikeKey(key)) return undefined;
    const [row] = await db
      .select({ family: chatFamilies, phone: visitors.phone })
      .from(chatFamilies)
      .innerJoin(visitors, eq(visitors.id, chatFamilies.leadId))
      .where(eq(chatFamilies.keyHash, hashFamilyKey(key)));
    return row;
  }

  /** The conversation and who the credentials make the asker; 404 for anyone else (nothing says it exists). */
  async function open(conversationId: string, credentials: Credentials) {
    if (!isUuid(conversationId)) throw notFound(m.server_error_no_conversation());
    const [conversation] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
    if (!conversation) throw notFound(m.server_error_no_conversation());
    const { viewer } = credentials;
    if (viewer && viewer.id === conversation.supplierId) {
      return { conversation, actor: { side: "supplier", supplierId: viewer.id } as Actor };
    }
    const family = await familyByKey(credentials.key);
    if (family && family.family.id === conversation.familyId) {
      return { conversation, actor: { side: "family", familyId: family.family.id, phone: family.phone } as Actor };
    }
    if (viewer?.role === "operator") return { conversation, actor: { side: "operator" } as Actor };
    throw notFound(m.server_error_no_conversation());
  }

  async function supplierBlocked(executor: Executor, supplierId: string): Promise<boolean> {
    const [row] = await executor.select().from(chatBlockedSuppliers).where(eq(chatBlockedSuppliers.supplierId, supplierId));
    return Boolean(row);
  }

  /** Stores a message (locking its conversation, so ids follow commits) and tells the streams. */
  async function store(conversationId: string, author: Side, text: string): Promise<ShownMessage> {
    return db.transaction(async (tx) => {
      const now = new Date();
      // Ids are taken in the order the conversation's lock is granted, so they follow commits.
      await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for("update");
      const [row] = await tx.insert(chatMessages).values({ conversationId, author, body: text, createdAt: now }).returning();
      // What one writes, one has read.
      const own = author === "family" ? { familyReadId: row!.id } : { supplierReadId: row!.id };
      await tx
        .update(conversations)
        .set({ lastMessageAt: now, ...own })
        .where(eq(conversations.id, conversationId));
      await sendSignal(tx, { c: conversationId, k: "message" });
      return shownMessage(row!);
    });
  }

  function validText(body: unknown): string {
    const checked = checkMessage(body);
    if (!checked.ok) throw badRequest(checked.error, { body: checked.error });
    return checked.text;
  }

  return {
    live,
    open,
    familyByKey,
    /** The supplier's Telegram notices: the link-up, the webhook's updates, turning off. */
    telegram: telegramLink,

    /**
     * A family's first message about a helper (or its next, when it has a conversation about
     * her already). `visitor`: the gate's lead of this browser; `key`: the family key this
     * browser holds, if any. Returns the conversation and, when a family was made, its new key.
     */
    async start(input: {
      visitor: { leadId: string; name: string; phone: string };
      key: string | null;
      helperId: string;
      body: unknown;
      email?: unknown;
    }): Promise<{ conversationId: string; key: string | null }> {
      const text = checkMessage(input.body);
      const emailText = typeof input.email === "string" ? input.email.trim() : "";
      const email = emailText === "" ? null : emailSchema.safeParse(emailText);
      const fields: Record<string, string> = {};
      if (!text.ok) fields.body = text.error;
      if (email && !email.success) fields.email = "Please give a valid e-mail address, or leave it empty.";
      if (Object.keys(fields).length > 0) throw badRequest(m.server_error_check_message(), fields);
      const helper = isUuid(input.helperId) ? await helperReads.find(input.helperId) : undefined;
      if (!helper || helper.status !== "available") throw notFound(m.server_error_no_available_helper());
      if (await supplierBlocked(db, helper.supplier.id)) throw forbidden(m.server_error_supplier_unreachable());

      let family = await familyByKey(input.key);
      if (family && family.family.leadId !== input.visitor.leadId) family = undefined;
      if (family?.family.blockedAt) throw forbidden(m.server_error_family_blocked());
      const [existing] = family
        ? await db
            .select()
            .from(conversations)
            .where(and(eq(conversations.familyId, family.family.id), eq(conversations.helperId, helper.id)))
        : [];
      if (existing?.status === "blocked") throw forbidden(m.server_error_conversation_blocked());
      if (!existing) await limits.newConversation(input.visitor.phone);
      // A browser starting its first conversation is counted under its lead until it has a family.
      await limits.familyMessage(family?.family.id ?? `lead-${input.visitor.leadId}`, input.visitor.phone);

      const fresh = family ? null : newFamilyKey();
      const newEmail = email?.success ? email.data : null;
      const created = await db.transaction(async (tx) => {
        let familyId = family?.family.id;
        if (!familyId) {
          const [row] = await tx
            .insert(chatFamilies)
            .values({ leadId: input.visitor.leadId, name: input.visitor.name, email: newEmail, keyHash: fresh!.hash })
            .returning({ id: chatFamilies.id });
          familyId = row!.id;
        } else if (newEmail && newEmail !== family!.family.email) {
          await tx.update(chatFamilies).set({ email: newEmail }).where(eq(chatFamilies.id, familyId));
        }
        const [conversation] = await tx
          .insert(conversations)
          .values({ familyId, helperId: helper.id, supplierId: helper.supplier.id })
          .onConflictDoUpdate({ target: [conversations.familyId, conversations.helperId], set: { status: sql`conversations.status` } })
          .returning({ id: conversations.id });
        if (fresh && newEmail) {
          // In the language of the page the family wrote from (or of their API call), its link
          // to the conversations' page in that language.
          await enqueueMessage(tx, site.channels, {
            kind: "conversation-link",
            to: { email: newEmail, name: input.visitor.name },
            subject: m.notifications_conversation_link_subject({ site: site.name }),
            text: m.notifications_conversation_link_body({
              helper: helper.name,
              ref: helper.ref,
              site: site.name,
              link: `${site.publicUrl}${localHref(`/messages/link/${fresh.key}`)}`,
            }),
            about: visitorAbout(input.visitor.phone),
          });
        }
        return { familyId, conversationId: conversation!.id };
      });
      await store(created.conversationId, "family", text.ok ? text.text : "");
      return { conversationId: created.conversationId, key: fresh?.key ?? null };
    },

    /** A message in an existing conversation, by its family or its supplier. */
    async post(conversationId: string, credentials: Credentials, body: unknown): Promise<ShownMessage> {
      const { conversation, actor } = await open(conversationId, credentials);
      const text = validText(body);
      if (actor.side === "operator") throw forbidden("Operators read conversations; they do not write in them.");
      if (actor.side === "family") {
        if (conversation.status === "blocked") throw forbidden(m.server_error_conversation_blocked());
        const [family] = await db.select().from(chatFamilies).where(eq(chatFamilies.id, actor.familyId));
        if (family?.blockedAt) throw forbidden(m.server_error_family_blocked());
        await limits.familyMessage(actor.familyId, actor.phone);
      } else {
        if (await supplierBlocked(db, actor.supplierId)) throw forbidden(m.server_error_supplier_blocked());
        await limits.supplierMessage(actor.supplierId);
      }
      return store(conversation.id, actor.side, text);
    },

    /** The conversation as its asker sees it: who, about whom, its messages and both read marks. */
    async thread(conversationId: string, credentials: Credentials) {
      const { conversation, actor } = await open(conversationId, credentials);
      const [about] = await db
        .select({
          helperName: helpers.name,
          helperRef: helpers.ref,
          supplierName: supplierShownName,
          familyName: chatFamilies.name,
          familyPhone: visitors.phone,
          familyBlocked: chatFamilies.blockedAt,
        })
        .from(conversations)
        .innerJoin(helpers, eq(helpers.id, conversations.helperId))
        .innerJoin(user, eq(user.id, conversations.supplierId))
        .innerJoin(chatFamilies, eq(chatFamilies.id, conversations.familyId))
        .innerJoin(visitors, eq(visitors.id, chatFamilies.leadId))
        .where(eq(conversations.id, conversation.id));
      const messages = await messagesAfter(db, conversation.id, 0, { withHidden: actor.side === "operator", limit: 1000 });
      return {
        side: actor.side,
        conversation: {
          id: conversation.id,
          status: conversation.status,
          helper: { id: conversation.helperId, name: about!.helperName, ref: about!.helperRef },
          supplier: { id: conversation.supplierId, name: about!.supplierName },
          family: { id: conversation.familyId, name: about!.familyName, phone: about!.familyPhone, blocked: about!.familyBlocked !== null },
          familyReadId: conversation.familyReadId,
          supplierReadId: conversation.supplierReadId,
        },
        messages,
      };
    },

    /** Marks the asker's side read up to `upTo` (the newest message they were shown). */
    async markRead(conversationId: string, credentials: Credentials, upTo?: number): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side === "operator") return;
      const [newest] = await db
        .select({ id: sql<number>`coalesce(max(${chatMessages.id}), 0)`.mapWith(Number) })
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, conversation.id));
      const mark = Math.min(upTo ?? newest!.id, newest!.id);
      const column = actor.side === "family" ? conversations.familyReadId : conversations.supplierReadId;
      await db.transaction(async (tx) => {
        const moved = await tx
          .update(conversations)
          .set(actor.side === "family" ? { familyReadId: mark } : { supplierReadId: mark })
          .where(and(eq(conversations.id, conversation.id), lt(column, mark)))
          .returning({ id: conversations.id });
        if (moved.length > 0) await sendSignal(tx, { c: conversation.id, k: "read", side: actor.side as Side, upTo: mark });
      });
    },

    /** "Typing…" for the other side's open streams; nothing is stored. */
    async typing(conversationId: string, credentials: Credentials): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side === "operator") return;
      await sendSignal(db, { c: conversation.id, k: "typing", side: actor.side });
    },

    /** The supplier marks a conversation done, open again, or blocks the family in it. */
    async setStatus(conversationId: string, credentials: Credentials, status: "open" | "done" | "blocked"): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side !== "supplier") throw forbidden("Only the supplier changes a conversation's status.");
      await db.transaction(async (tx) => {
        await tx.update(conversations).set({ status }).where(eq(conversations.id, conversation.id));
        await sendSignal(tx, { c: conversation.id, k: "status", status });
      });
    },

    /** Either side reports a message of the other's for an operator to look at. */
    async report(conversationId: string, credentials: Credentials, messageId: number): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side === "operator") throw forbidden("Operators hide messages instead.");
      const reported = await db
        .update(chatMessages)
        .set({ reportedAt: new Date() })
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversation.id)))
        .returning({ id: chatMessages.id });
      if (reported.length === 0) throw notFound("No such message in this conversation.");
    },

    /** An operator hides (or shows again) a message: neither side sees it any more. */
    async hide(messageId: number, hidden = true): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatMessages)
          .set({ hiddenAt: hidden ? new Date() : null })
          .where(eq(chatMessages.id, messageId))
          .returning({ c: chatMessages.conversationId });
        if (!row) throw notFound("No such message.");
        await sendSignal(tx, hidden ? { c: row.c, k: "hidden", id: messageId } : { c: row.c, k: "message" });
      });
    },

    /** An operator stops a family (everywhere) or a supplier (in every conversation) from writing. */
    async blockParty(party: { familyId: string } | { supplierId: string }, blocked = true): Promise<void> {
      if ("familyId" in party) {
        const rows = await db
          .update(chatFamilies)
          .set({ blockedAt: blocked ? new Date() : null })
          .where(eq(chatFamilies.id, party.familyId))
          .returning({ id: chatFamilies.id });
        if (rows.length === 0) throw notFound("No such family.");
      } else if (blocked) {
        await db.insert(chatBlockedSuppliers).values({ supplierId: party.supplierId }).onConflictDoNothing();
      } else {
        await db.delete(chatBlockedSuppliers).where(eq(chatBlockedSuppliers.supplierId, party.supplierId));
      }
    },

    /** A new private link for a family: the old one (and every browser holding it) stops working. */
    async revokeLink(key: string | null): Promise<string> {
      const family = await familyByKey(key);
      if (!family) throw notFound("No conversations are linked to this browser.");
      const fresh = newFamilyKey();
      await db.update(chatFamilies).set({ keyHash: fresh.hash }).where(eq(chatFamilies.id, family.family.id));
      return fresh.key;
    },

    /** The family's conversations (of this key), newest first. */
    async ofFamily(key: string | null): Promise<ConversationSummary[] | null> {
      const family = await familyByKey(key);
      if (!family) return null;
      return summaries(eq(conversations.familyId, family.family.id), "family");
    },
    /** Every conversation of a lead (the privacy page shows them to the number's owner). */
    ofLead: (leadId: string) =>
      summaries(
        inArray(conversations.familyId, db.select({ id: chatFamilies.id }).from(chatFamilies).where(eq(chatFamilies.leadId, leadId))),
        "family",
      ),
    /** A supplier's inbox, newest first (the page groups it by biodata). */
    inbox: (supplierId: string) => summaries(eq(conversations.supplierId, supplierId), "supplier"),
    /** Every conversation, newest first, for operators; `reported`: those with a reported message. */
    all: (options: { reported?: boolean } = {}) =>
      summaries(
        options.reported
          ? inArray(
              conversations.id,
              db
                .select({ id: chatMessages.conversationId })
                .from(chatMessages)
                .where(sql`${chatMessages.reportedAt} is not null`),
            )
          : undefined,
        "supplier",
      ),

    /** Messages from families the supplier has not read, over all their conversations (the menu's count). */
    async unreadFor(supplierId: string): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(chatMessages)
        .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
        .where(
          and(
            eq(conversations.supplierId, supplierId),
            eq(chatMessages.author, "family"),
            gt(chatMessages.id, conversations.supplierReadId),
            sql`${chatMessages.hiddenAt} is null`,
          ),
        );
      return row?.unread ?? 0;
    },

    /** Messages after `afterId`, as the stream sends them to this asker. */
    messagesAfter: (conversationId: string, afterId: number, side: Actor["side"]) =>
      messagesAfter(db, conversationId, afterId, { withHidden: side === "operator" }),

    /** Tells suppliers of messages unread for 5 minutes, once per conversation an hour (run every minute). */
    notifyUnread: (now = new Date()) => notifyUnread(db, site, now),

    /** Removes conversations with no message for 12 months (the daily sweep). */
    async purgeOld(now = new Date()): Promise<{ deleted: number }> {
      const before = new Date(now);
      before.setUTCMonth(before.getUTCMonth() - RETENTION_MONTHS);
      const rows = await db.delete(conversations).where(lt(conversations.lastMessageAt, before)).returning({ id: conversations.id });
      // Families left with no conversation keep nothing worth keeping.
      await db.execute(
        sql`delete from chat_families f where f.created_at < ${before} and not exists (select 1 from conversations c where c.family_id = f.id)`,
      );
      return { deleted: rows.length };
    },

    close: () => live.close(),
  };

  async function summaries(where: ReturnType<typeof eq> | undefined, reader: Side): Promise<ConversationSummary[]> {
    const readColumn = reader === "family" ? conversations.familyReadId : conversations.supplierReadId;
    const other = reader === "family" ? "supplier" : "family";
    const rows = await db
      .select({
        id: conversations.id,
        status: conversations.status,
        lastMessageAt: conversations.lastMessageAt,
        helperId: conversations.helperId,
        helperName: helpers.name,
        helperRef: helpers.ref,
        supplierId: conversations.supplierId,
        supplierName: supplierShownName,
        familyName: chatFamilies.name,
        familyPhone: visitors.phone,
        messages:
          sql<number>`(select count(*) from chat_messages m where m.conversation_id = ${conversations.id} and m.hidden_at is null)`.mapWith(
            Number,
          ),
        unread:
          sql<number>`(select count(*) from chat_messages m where m.conversation_id = ${conversations.id} and m.hidden_at is null and m.author = ${other} and m.id > ${readColumn})`.mapWith(
            Number,
          ),
      })
      .from(conversations)
      .innerJoin(helpers, eq(helpers.id, conversations.helperId))
      .innerJoin(user, eq(user.id, conversations.supplierId))
      .innerJoin(chatFamilies, eq(chatFamilies.id, conversations.familyId))
      .innerJoin(visitors, eq(visitors.id, chatFamilies.leadId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      helper: { id: row.helperId, name: row.helperName, ref: row.helperRef },
      supplier: { id: row.supplierId, name: row.supplierName },
      family: { name: row.familyName, phone: row.familyPhone },
      status: row.status,
      lastMessageAt: row.lastMessageAt.toISOString(),
      unread: row.unread,
      messages: row.messages,
    }));
  }
}

export type ConversationService = ReturnType<typeof createConversationService>;
