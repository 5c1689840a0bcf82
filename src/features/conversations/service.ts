/**
 * Conversations between a family and a supplier about a helper. A family is the lead of the
 * /filters gate (name and phone) plus an optional e-mail, and comes back by its private link's
 * key (kept hashed); a supplier is the signed-in owner of the biodata; operators see everything.
 * A message is stored, with its conversation's row locked, before it is acknowledged, and a
 * NOTIFY in the same transaction tells every instance's open streams at its commit. The helper's
 * name, the supplier's and the family's number are their owners' (decision 190): one
 * conversation asks the owners' functions, a list joins their read models.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, count, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { accountProfile, accountProfiles, requireOperator, type Viewer } from "../accounts";
import { helperName, helperNames, type HelperService } from "../helpers";
import { leadPhone, leadPhones, visitorAbout } from "../leads";
import { enqueueMessage } from "../notifications";
import type { FeatureGround } from "../../server/feature";
import type { Executor } from "../../server/db/connect";
import { badRequest, forbidden, notFound, tooManyRequests } from "../../server/http/errors";
import { countInWindow } from "../../server/db/window-count";
import { retryAfterText } from "../../server/i18n/retry-after";
import { isUuid } from "../../shared/uuid";
import { hasVisibleText, plainText } from "../../shared/plain-text";
import { checkMessage, REPORT_REASON, type ShownMessage } from "./components/message-rules";
import { familyKeyFromCookies } from "./server/family-key";
import { createFamilyAccess } from "./server/family-access";
import { chatLimiter, DEFAULT_CHAT_LIMITS, type ChatLimits } from "./server/limits";
import { createBlocks, type BlockedParty } from "./server/blocks";
import { createLiveHub, sendSignal, signalLists, type Side } from "./server/live";
import { messagesAfter, shownMessage } from "./server/rows";
import { chatBlockedSuppliers, chatFamilies, chatMessages, conversations, helperReports, supplierTelegram } from "./server/tables";
import { createTelegramLink } from "./server/telegram-link";
import { notifyUnread } from "./server/unread-notices";
import { notifyFamilies, type PushSubscribers } from "./server/reply-notices";

export { MAX_MESSAGE_LENGTH } from "./components/message-rules";
export { CONVERSATION_RETENTION_MONTHS as RETENTION_MONTHS } from "../../shared/retention";
import { CONVERSATION_RETENTION_MONTHS as RETENTION_MONTHS } from "../../shared/retention";
import { m } from "../../shared/i18n/compiled/messages.js";
import { localHref, pageLocale } from "../../shared/i18n/page-locale";
import { isFamilyLocale } from "../../shared/i18n/locales";

/** Who asks: the family of a conversation, its supplier, or an operator reading it. */
export type Actor =
  { side: "family"; familyId: string; leadId: string; phone: string } | { side: "supplier"; supplierId: string } | { side: "operator" };

/** What a request carries that may say who it is: the family's key (cookie or link) and a signed-in account. */
export interface Credentials {
  key?: string | null;
  viewer?: { id: string; role: string } | null;
  /** The address the request came from: messages and streams are limited per address too. */
  address?: string;
}

export interface ConversationServiceDeps extends FeatureGround {
  helpers: Pick<HelperService, "find">;
  /** Tests raise some (a suite writes much from one address); the rest stay the defaults. */
  chatLimits?: Partial<ChatLimits>;
  /** Which families and accounts turned web push on in a browser (the push feature's). */
  push: PushSubscribers & { accounts: PushSubscribers["families"] };
}

export interface ConversationSummary {
  id: string;
  /** `status`: the biodata's (a family's space marks a reserved or hired helper). */
  helper: { id: string; name: string; ref: string; status: string };
  supplier: { id: string; name: string };
  /** `phone`: none for a helper on her own, who talks with families through the site only (decision 197). */
  family: { name: string; phone: string | null };
  status: string;
  lastMessageAt: string;
  unread: number;
  messages: number;
  /** The newest message shown: who wrote it and its first words (none when every message is hidden). */
  last: { author: Side; words: string } | null;
}

/** A stamp of a list and its unread count: changes whenever anything either shows does. */
const stampOf = (unread: number, items: ConversationSummary[]) =>
  createHash("sha256")
    .update(JSON.stringify([unread, items]))
    .digest("base64url")
    .slice(0, 22);

/** How many characters of the last message a list shows (its first words; the page may cut it shorter). */
const LAST_WORDS = 120;

/** The first words of a message: at most LAST_WORDS characters on one line, cut at a space where there is one. */
function firstWords(body: string): string {
  const line = plainText(body).replace(/\s+/g, " ").trim();
  if (line.length <= LAST_WORDS) return line;
  const cut = line.slice(0, LAST_WORDS);
  const space = cut.lastIndexOf(" ");
  return `${(space > LAST_WORDS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const emailSchema = z.email().max(200);
/** The reports of helpers one family may make a day. */
const REPORTS_PER_DAY = 10;
const DAY_MS = 24 * 60 * 60_000;
/** A supplier as families see them: the company, else the account's name (as on the biodata). */
const supplierShownName = sql<string>`coalesce(nullif(${accountProfiles.companyName}, ''), ${accountProfiles.name})`;
const shownName = (account: { name: string; companyName: string | null }) => account.companyName || account.name;

export function createConversationService({
  db,
  helpers: helperReads,
  site,
  listen,
  chatLimits,
  telegram,
  settings,
  hashKey,
  compactPersonalData,
  push,
}: ConversationServiceDeps) {
  const limits = chatLimiter(db, { ...DEFAULT_CHAT_LIMITS, ...chatLimits });
  const blocks = createBlocks(db, hashKey);
  /** What a blocked family is told: that it is blocked, and how to ask for the block to be lifted. */
  const blockedRefusal = (scope: "supplier" | "everywhere") =>
    forbidden(
      `${scope === "everywhere" ? m.server_error_family_blocked() : m.server_error_conversation_blocked()} ${m.server_error_blocked_ask({ contact: `+${settings.contactPhone}` })}`,
    );
  /** Refuses a family blocked from this supplier's helpers (or everywhere). */
  async function refuseBlocked(party: BlockedParty, supplierId: string): Promise<void> {
    const scope = await blocks.blocking(party, supplierId);
    if (scope) throw blockedRefusal(scope);
  }
  const telegramLink = createTelegramLink(db, site, telegram, settings.telegramBot);
  const live = createLiveHub(listen);

  const access = createFamilyAccess({ db, site, hashKey });

  /** The family a key opens (its private link's or one of its devices'), with its lead's number. */
  async function familyByKey(key: string | null | undefined) {
    const found = await access.recognise(key);
    const phone = found && (await leadPhone(db, found.family.leadId));
    return found && phone !== undefined ? { family: found.family, phone, deviceId: found.deviceId } : undefined;
  }

  /** The family a key opens, or a 404 the space's forms answer with. */
  async function ownFamily(key: string | null | undefined) {
    const family = await familyByKey(key);
    if (!family) throw notFound(m.conversations_no_family());
    return family;
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
      return {
        conversation,
        actor: { side: "family", familyId: family.family.id, leadId: family.family.leadId, phone: family.phone } as Actor,
      };
    }
    if (viewer?.role === "operator") return { conversation, actor: { side: "operator" } as Actor };
    throw notFound(m.server_error_no_conversation());
  }

  /** A family as blocks know it: its id, its lead and its number; and its name. */
  async function familyParty(familyId: string) {
    const [row] = await db
      .select({ leadId: chatFamilies.leadId, name: chatFamilies.name })
      .from(chatFamilies)
      .where(eq(chatFamilies.id, familyId));
    const phone = row && (await leadPhone(db, row.leadId));
    if (!row || phone === undefined) throw notFound("No such family.");
    return { familyId, leadId: row.leadId, phone, name: row.name };
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
      const [locked] = await tx
        .select({ supplierId: conversations.supplierId, familyId: conversations.familyId })
        .from(conversations)
        .where(eq(conversations.id, conversationId))
        .for("update");
      const [row] = await tx.insert(chatMessages).values({ conversationId, author, body: text, createdAt: now }).returning();
      // What one writes, one has read.
      const own = author === "family" ? { familyReadId: row!.id } : { supplierReadId: row!.id };
      await tx
        .update(conversations)
        .set({ lastMessageAt: now, ...own })
        .where(eq(conversations.id, conversationId));
      await sendSignal(tx, { c: conversationId, k: "message" });
      await signalLists(tx, locked!);
      return shownMessage(row!);
    });
  }

  function validText(body: unknown): string {
    const checked = checkMessage(body);
    if (!checked.ok) throw badRequest(checked.error, { body: checked.error });
    return checked.text;
  }

  /**
   * Messages from the other side that one side has not read, over all its conversations (the
   * menu's count): a supplier's from families, or a family's from suppliers.
   */
  async function unreadOf(side: Side, id: string): Promise<number> {
    const [own, readId, other] =
      side === "supplier"
        ? [conversations.supplierId, conversations.supplierReadId, "family"]
        : [conversations.familyId, conversations.familyReadId, "supplier"];
    const [row] = await db
      .select({ unread: count() })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
      .where(and(eq(own, id), eq(chatMessages.author, other), gt(chatMessages.id, readId), sql`${chatMessages.hiddenAt} is null`));
    return row?.unread ?? 0;
  }
  const familyUnread = (familyId: string) => unreadOf("family", familyId);

  /** One side's list as its page and its stream show it: its conversations, newest first, the unread count over them, and a stamp of both. */
  async function listPage(side: Side, id: string): Promise<{ items: ConversationSummary[]; unread: number; stamp: string }> {
    const own = side === "supplier" ? conversations.supplierId : conversations.familyId;
    const [items, unread] = await Promise.all([summaries(eq(own, id), side), unreadOf(side, id)]);
    return { items, unread, stamp: stampOf(unread, items) };
  }
  const unreadFor = (supplierId: string) => unreadOf("supplier", supplierId);

  /** The family of this browser: its key's, else one made for the gate's lead (with the key to give the browser). */
  async function familyFor(input: { visitor: { leadId: string; name: string } | null; key: string | null }) {
    const found = await familyByKey(input.key);
    if (found && (!input.visitor || found.family.leadId === input.visitor.leadId)) return { family: found.family, key: null };
    if (!input.visitor) throw notFound(m.conversations_no_family());
    const id = randomUUID();
    const fresh = access.newLink(id);
    const [family] = await db
      .insert(chatFamilies)
      .values({ id, leadId: input.visitor.leadId, name: input.visitor.name, keyHash: fresh.hash, linkSalt: fresh.salt })
      .returning();
    return { family: family!, key: fresh.key };
  }

  return {
    live,
    /** The limits, for the stream route to count its streams. */
    limits,
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
      /** The address the family writes from. */
      address?: string;
      helperId: string;
      body: unknown;
      email?: unknown;
    }): Promise<{ conversationId: string; key: string | null }> {
      const text = checkMessage(input.body);
      const emailText = typeof input.email === "string" ? input.email.trim() : "";
      const email = emailText === "" ? null : emailSchema.safeParse(emailText);
      const fields: Record<string, string> = {};
      if (!text.ok) fields.body = text.error;
      if (email && !email.success) fields.email = m.server_error_email_or_empty();
      if (Object.keys(fields).length > 0) throw badRequest(m.server_error_check_message(), fields);
      const helper = isUuid(input.helperId) ? await helperReads.find(input.helperId) : undefined;
      if (!helper || helper.status !== "available") throw notFound(m.server_error_no_available_helper());
      if (await supplierBlocked(db, helper.supplier.id)) throw forbidden(m.server_error_supplier_unreachable());

      let family = await familyByKey(input.key);
      // A block follows the number typed at the gate and the browser's key, whichever lead it names.
      await refuseBlocked({ phone: input.visitor.phone, leadId: input.visitor.leadId, familyId: family?.family.id }, helper.supplier.id);
      if (family && family.family.leadId !== input.visitor.leadId) family = undefined;
      const [existing] = family
        ? await db
            .select()
            .from(conversations)
            .where(and(eq(conversations.familyId, family.family.id), eq(conversations.helperId, helper.id)))
        : [];
      if (!existing) await limits.newConversation(input.visitor.phone);
      // A browser starting its first conversation is counted under its lead until it has a family.
      await limits.familyMessage(family?.family.id ?? `lead-${input.visitor.leadId}`, input.visitor.phone, input.address);

      const newId = randomUUID();
      const fresh = family ? null : access.newLink(newId);
      const newEmail = email?.success ? email.data : null;
      // Its notices are written in the language of the page it writes from.
      const locale = isFamilyLocale(pageLocale()) ? pageLocale() : null;
      const created = await db.transaction(async (tx) => {
        let familyId = family?.family.id;
        if (!familyId) {
          const [row] = await tx
            .insert(chatFamilies)
            .values({
              id: newId,
              leadId: input.visitor.leadId,
              name: input.visitor.name,
              email: newEmail,
              locale,
              keyHash: fresh!.hash,
              linkSalt: fresh!.salt,
            })
            .returning({ id: chatFamilies.id });
          familyId = row!.id;
        } else {
          // A verified address is changed from the space (it is confirmed again), never by a message's form.
          const newAddress = newEmail && newEmail !== family!.family.email && !family!.family.emailVerifiedAt;
          const changed = { ...(newAddress ? { email: newEmail } : {}), ...(locale ? { locale } : {}) };
          if (Object.keys(changed).length > 0) await tx.update(chatFamilies).set(changed).where(eq(chatFamilies.id, familyId));
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
        await refuseBlocked(actor, conversation.supplierId);
        await limits.familyMessage(actor.familyId, actor.phone, credentials.address);
      } else {
        if (await supplierBlocked(db, actor.supplierId)) throw forbidden(m.server_error_supplier_blocked());
        await limits.supplierMessage(actor.supplierId);
      }
      return store(conversation.id, actor.side, text);
    },

    /** The conversation as its asker sees it: who, about whom, its messages and both read marks. */
    async thread(conversationId: string, credentials: Credentials) {
      const { conversation, actor } = await open(conversationId, credentials);
      const [helper, supplier, family] = await Promise.all([
        helperName(db, conversation.helperId),
        accountProfile(db, conversation.supplierId),
        familyParty(conversation.familyId),
      ]);
      const messages = await messagesAfter(db, conversation.id, 0, { withHidden: actor.side === "operator", limit: 1000 });
      const blocked = await blocks.blocking(family, conversation.supplierId);
      return {
        side: actor.side,
        conversation: {
          id: conversation.id,
          status: conversation.status,
          helper: { id: conversation.helperId, name: helper!.name, ref: helper!.ref },
          supplier: { id: conversation.supplierId, name: shownName(supplier!) },
          family: {
            id: conversation.familyId,
            name: family.name,
            // A helper on her own talks with families through the site only: their name, never their number (decision 197).
            phone: actor.side === "supplier" && supplier!.directHire ? null : family.phone,
          },
          /** The block that keeps the family from writing here: the supplier's, an operator's, or none. */
          blocked,
          /** An operator stopped the supplier from writing in any conversation. */
          supplierBlocked: await supplierBlocked(db, conversation.supplierId),
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
        if (moved.length === 0) return;
        await sendSignal(tx, { c: conversation.id, k: "read", side: actor.side as Side, upTo: mark });
        // The reader's unread count went down: their header and list, in every tab.
        await signalLists(tx, conversation);
      });
    },

    /** "Typing…" for the other side's open streams; nothing is stored. */
    async typing(conversationId: string, credentials: Credentials): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side === "operator") return;
      // A party that may not write may not say it is writing either.
      if (actor.side === "family") await refuseBlocked(actor, conversation.supplierId);
      else if (await supplierBlocked(db, actor.supplierId)) throw forbidden(m.server_error_supplier_blocked());
      // One a family (a supplier: a conversation) every few seconds; each reaches each of the other side's streams once.
      await limits.typing(actor.side === "family" ? `family:${actor.familyId}` : `supplier:${actor.supplierId}:${conversation.id}`);
      await sendSignal(db, { c: conversation.id, k: "typing", side: actor.side });
    },

    /**
     * The supplier marks a conversation done, open again, or blocks the family in it: a block
     * holds for the family's number and browser keys on all the supplier's helpers, logged with
     * `reason`; opening the conversation again lifts the supplier's own block (an operator's stays).
     */
    async setStatus(
      conversationId: string,
      credentials: Credentials,
      status: "open" | "done" | "blocked",
      { reason = "", confirmed = false }: { reason?: string; confirmed?: boolean } = {},
    ): Promise<{ was: string }> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side !== "supplier") throw forbidden("Only the supplier changes a conversation's status.");
      // A block is applied only once the supplier has answered the page's question (decision 144).
      if (status === "blocked" && conversation.status !== "blocked" && !confirmed) {
        throw badRequest(m.conversations_supplier_block_unconfirmed());
      }
      const party = await familyParty(conversation.familyId);
      await db.transaction(async (tx) => {
        if (status === "blocked") {
          await blocks.block(tx, { ...party, supplierId: actor.supplierId, by: actor.supplierId, reason });
        } else if (conversation.status === "blocked") {
          await blocks.liftFor(tx, party, actor.supplierId, actor.supplierId);
        }
        await tx.update(conversations).set({ status }).where(eq(conversations.id, conversation.id));
        await sendSignal(tx, { c: conversation.id, k: "status", status });
        await signalLists(tx, conversation);
      });
      return { was: conversation.status };
    },

    /** Either side reports a message of the other's for an operator to look at; nobody reports their own. */
    async report(conversationId: string, credentials: Credentials, messageId: number): Promise<void> {
      const { conversation, actor } = await open(conversationId, credentials);
      if (actor.side === "operator") throw forbidden("Operators hide messages instead.");
      if (!Number.isSafeInteger(messageId)) throw notFound("No such message in this conversation.");
      const [message] = await db
        .select({ author: chatMessages.author })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversation.id)));
      if (!message) throw notFound("No such message in this conversation.");
      if (message.author === actor.side) throw forbidden(m.server_error_report_own());
      await db.update(chatMessages).set({ reportedAt: new Date() }).where(eq(chatMessages.id, messageId));
    },

    /** An operator hides (or shows again) a message: neither side sees it any more. */
    async hide(viewer: Viewer | null | undefined, messageId: number, hidden = true): Promise<void> {
      requireOperator(viewer);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(chatMessages)
          .set({ hiddenAt: hidden ? new Date() : null })
          .where(eq(chatMessages.id, messageId))
          .returning({ c: chatMessages.conversationId });
        if (!row) throw notFound("No such message.");
        await sendSignal(tx, hidden ? { c: row.c, k: "hidden", id: messageId } : { c: row.c, k: "message" });
        const [sides] = await tx
          .select({ supplierId: conversations.supplierId, familyId: conversations.familyId })
          .from(conversations)
          .where(eq(conversations.id, row.c));
        await signalLists(tx, sides!);
      });
    },

    /**
     * An operator (`viewer`) stops a family (everywhere: its number and browser keys, logged with
     * `reason`) or a supplier (in every conversation) from writing, or lets them again. A block
     * is applied only `confirmed` (the page's question answered, decision 144).
     */
    async blockParty(
      viewer: Viewer | null | undefined,
      party: { familyId: string } | { supplierId: string },
      blocked: boolean,
      answer: { reason?: string; confirmed?: boolean } = {},
    ): Promise<void> {
      const by = { operatorId: requireOperator(viewer).id, ...answer };
      if (blocked && !by.confirmed) throw badRequest("Nothing was blocked: confirm the block with its “Yes, block” button first.");
      if ("familyId" in party) {
        const family = await familyParty(party.familyId);
        if (blocked) await blocks.block(db, { ...family, supplierId: null, by: by.operatorId, reason: by.reason ?? "" });
        else await blocks.liftFor(db, family, null, by.operatorId);
      } else if (blocked) {
        await db.insert(chatBlockedSuppliers).values({ supplierId: party.supplierId }).onConflictDoNothing();
      } else {
        await db.delete(chatBlockedSuppliers).where(eq(chatBlockedSuppliers.supplierId, party.supplierId));
      }
    },

    /** The block log for operators, and lifting any block in it. */
    async blockLog(viewer: Viewer | null | undefined) {
      requireOperator(viewer);
      return blocks.log();
    },
    async liftBlock(viewer: Viewer | null | undefined, blockId: string) {
      const operator = requireOperator(viewer);
      if (!isUuid(blockId)) throw notFound("No such block in force.");
      return blocks.lift(blockId, operator.id);
    },

    /** A new private link for a family: the old one (and every browser holding it) stops working. */
    async revokeLink(key: string | null): Promise<string> {
      const family = await ownFamily(key);
      const fresh = access.newLink(family.family.id);
      await db.update(chatFamilies).set({ keyHash: fresh.hash, linkSalt: fresh.salt }).where(eq(chatFamilies.id, family.family.id));
      return fresh.key;
    },

    /**
     * What the family's space shows of the family itself: its private link (this browser's
     * copy, when the link's key is the one it holds or can be made again), its e-mail and whether
     * it is verified, and the devices signed in to it. Null for a browser with no family.
     */
    async familyAccount(key: string | null) {
      const found = await familyByKey(key);
      if (!found) return null;
      const { family, deviceId } = found;
      return {
        linkKey: access.linkKeyOf(family) ?? (deviceId ? null : key),
        email: family.email,
        emailVerified: family.emailVerifiedAt !== null,
        devices: await access.devices(family.id),
        thisDevice: deviceId,
      };
    },
    /**
     * The family of this browser, made from the gate's lead when it has none yet (giving an
     * e-mail in the space is a family's first act too). `key`: a new key for the browser to keep.
     */
    familyFor,
    /** The family gives (or changes) its e-mail: a link to confirm it is mailed there. */
    giveEmail: (family: { id: string; name: string; leadId: string }, email: unknown, requester: string) =>
      access.giveEmail(family, email, requester),
    confirmationOpen: access.confirmationOpen,
    confirmEmail: access.confirmEmail,
    /** Another device asks for a sign-in link by the family's verified e-mail. */
    requestSignIn: access.requestSignIn,
    signInOpen: access.signInOpen,
    /** Uses a sign-in link or code: this browser's new key, and the family's lead for the gate's cookie. */
    async signIn(token: string, browser: string) {
      const { family, key } = await access.signIn(token, browser);
      const phone = await leadPhone(db, family.leadId);
      if (phone === undefined) throw notFound(m.conversations_pass_unknown());
      return { key, visitor: { leadId: family.leadId, name: family.name, phone, key: null } };
    },
    /** A QR code's sign-in address for the family of this key (15 minutes, once). */
    signInCode: async (key: string | null) => access.code((await ownFamily(key)).family.id),
    /** Signs one of the family's devices out. */
    removeDevice: async (key: string | null, deviceId: unknown) => access.removeDevice((await ownFamily(key)).family.id, deviceId),
    /** The private link's key of a family, for a mailed notice; null for a family whose link predates salts. */
    linkKeyOf: async (familyId: string) => {
      const [family] = await db
        .select({ id: chatFamilies.id, linkSalt: chatFamilies.linkSalt })
        .from(chatFamilies)
        .where(eq(chatFamilies.id, familyId));
      return family ? access.linkKeyOf(family) : null;
    },

    /**
     * A family asks the operators to look at a helper on her own (a direct hire, decision 197), saying
     * why: once a helper (a second report says so and changes nothing), at most 10 a day a family.
     * Returns the browser's new family key when a family was made for it.
     */
    async reportHelper(input: {
      visitor: { leadId: string; name: string } | null;
      key: string | null;
      helperId: string;
      reason: unknown;
    }): Promise<{ key: string | null; already: boolean }> {
      const helper = isUuid(input.helperId) ? await helperReads.find(input.helperId) : undefined;
      if (!helper || helper.hire !== "direct") throw notFound(m.conversations_report_helper_unknown());
      const reason = typeof input.reason === "string" ? plainText(input.reason).trim() : "";
      if (reason.length < REPORT_REASON.min || reason.length > REPORT_REASON.max || !hasVisibleText(reason)) {
        const words = m.conversations_report_helper_reason_length({ min: REPORT_REASON.min, max: REPORT_REASON.max });
        throw badRequest(words, { reason: words });
      }
      const { family, key } = await familyFor(input);
      const day = await countInWindow(db, `helper-report:${family.id}`, DAY_MS);
      if (day.count > REPORTS_PER_DAY) {
        throw tooManyRequests(m.conversations_report_helper_too_many({ when: retryAfterText(day.ttlMs) }), Math.ceil(day.ttlMs / 1000));
      }
      const made = await db
        .insert(helperReports)
        .values({ familyId: family.id, helperId: helper.id, supplierId: helper.supplier.id, reason })
        .onConflictDoNothing()
        .returning({ helperId: helperReports.helperId });
      return { key, already: made.length === 0 };
    },
    /** The helpers families reported, newest first, for operators. */
    async helperReports(viewer: Viewer | null | undefined) {
      requireOperator(viewer);
      const rows = await db
        .select({
          helperId: helperReports.helperId,
          helperName: helperNames.name,
          helperRef: helperNames.ref,
          familyName: chatFamilies.name,
          reason: helperReports.reason,
          createdAt: helperReports.createdAt,
        })
        .from(helperReports)
        .innerJoin(helperNames, eq(helperNames.id, helperReports.helperId))
        .innerJoin(chatFamilies, eq(chatFamilies.id, helperReports.familyId))
        .orderBy(desc(helperReports.createdAt))
        .limit(200);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },

    /** The family's conversations (of this key), newest first. */
    async ofFamily(key: string | null): Promise<ConversationSummary[] | null> {
      const family = await familyByKey(key);
      if (!family) return null;
      return summaries(eq(conversations.familyId, family.family.id), "family");
    },
    /** The family's space as its page shows it: its conversations, their unread count and the stamp its stream sends; null for no family. */
    async familyPage(key: string | null): Promise<{ items: ConversationSummary[]; unread: number; stamp: string } | null> {
      const family = await familyByKey(key);
      return family ? listPage("family", family.family.id) : null;
    },
    /** The menu's view of the family whose key a Cookie header holds: its unread count, and whether there is a family to follow. */
    async spaceOf(cookieHeader: string | null): Promise<{ unread: number; live: boolean }> {
      const family = await familyByKey(familyKeyFromCookies(cookieHeader));
      return family ? { unread: await familyUnread(family.family.id), live: true } : { unread: 0, live: false };
    },
    /**
     * A family's space as its stream follows it: the unread count over its conversations (the
     * menu's) and a stamp of its list that changes whenever anything the list shows does.
     */
    familySpace: (familyId: string) => listPage("family", familyId),
    /** The family a key opens (its id), for its space's stream; undefined for none. */
    familyIdOf: async (key: string | null) => (await familyByKey(key))?.family.id,
    /** The families that wrote about these helpers (the alerts tell them of a change of status). */
    /**
     * What another feature's mail to families needs of them: the name they gave, and where the
     * outbox files the mail (their number's `about`, so a withdrawal deletes it too).
     */
    async addressees(familyIds: readonly string[], executor: Executor = db): Promise<Map<string, { name: string; about?: string }>> {
      if (familyIds.length === 0) return new Map();
      const rows = await executor
        .select({ id: chatFamilies.id, name: chatFamilies.name, phone: leadPhones.phone })
        .from(chatFamilies)
        .leftJoin(leadPhones, eq(leadPhones.id, chatFamilies.leadId))
        .where(inArray(chatFamilies.id, [...familyIds]));
      return new Map(rows.map((row) => [row.id, { name: row.name, ...(row.phone ? { about: visitorAbout(row.phone) } : {}) }]));
    },
    writers: async (helperIds: readonly string[]): Promise<{ familyId: string; helperId: string }[]> =>
      helperIds.length === 0
        ? []
        : db
            .select({ familyId: conversations.familyId, helperId: conversations.helperId })
            .from(conversations)
            .where(inArray(conversations.helperId, [...helperIds])),
    /**
     * The guards of a conversation for another feature's writing between a family and a supplier
     * (job posts, proposals): refuses a family blocked by that supplier or everywhere, and a
     * supplier an operator stopped, with the words a conversation would use.
     */
    async refuseBlocked(familyId: string, supplierId?: string): Promise<void> {
      const party = await familyParty(familyId);
      const scope = await blocks.blocking(party, supplierId);
      if (scope) throw blockedRefusal(scope);
      if (supplierId && (await supplierBlocked(db, supplierId))) throw forbidden(m.server_error_supplier_blocked());
    },
    /**
     * A conversation about a helper a family accepted from a supplier's proposal (the jobs'),
     * begun by the supplier's proposal as its first message; the one they have already when
     * they talk about her.
     */
    async openFromProposal(input: { familyId: string; helperId: string; supplierId: string; message: string }): Promise<string> {
      const [conversation] = await db
        .insert(conversations)
        .values({ familyId: input.familyId, helperId: input.helperId, supplierId: input.supplierId })
        .onConflictDoUpdate({ target: [conversations.familyId, conversations.helperId], set: { status: sql`conversations.status` } })
        .returning({ id: conversations.id });
      await store(conversation!.id, "supplier", input.message);
      return conversation!.id;
    },
    /** The Telegram chats suppliers linked for their notices (another feature's notice goes there too). */
    telegramChats: async (supplierIds: readonly string[]): Promise<Map<string, string>> => {
      if (supplierIds.length === 0) return new Map();
      const rows = await db
        .select({ supplierId: supplierTelegram.supplierId, chatId: supplierTelegram.chatId })
        .from(supplierTelegram)
        .where(inArray(supplierTelegram.supplierId, [...supplierIds]));
      return new Map(rows.flatMap((row) => (row.chatId ? [[row.supplierId, row.chatId] as const] : [])));
    },
    /** Every conversation of a lead (the privacy page shows them to the number's owner). */
    ofLead: (leadId: string) =>
      summaries(
        inArray(conversations.familyId, db.select({ id: chatFamilies.id }).from(chatFamilies).where(eq(chatFamilies.leadId, leadId))),
        "family",
      ),
    /**
     * A supplier's inbox as its page and its stream show it: the conversations, newest first (the
     * page groups them by biodata), the unread count over all of them (the header's), and a stamp
     * of both that changes whenever anything shown does.
     */
    inboxPage: (supplierId: string) => listPage("supplier", supplierId),
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
        "operator",
      ),

    /** Messages from families the supplier has not read, over all their conversations (the menu's count). */
    unreadFor,

    /** Messages after `afterId`, as the stream sends them to this asker. */
    messagesAfter: (conversationId: string, afterId: number, side: Actor["side"]) =>
      messagesAfter(db, conversationId, afterId, { withHidden: side === "operator" }),

    /** Tells suppliers of messages unread for 5 minutes, once per conversation an hour (run every minute). */
    notifyUnread: (now = new Date()) => notifyUnread(db, site, push, now),
    /** Tells families of replies unread for 30 seconds, each reply once, by push or else mail (run every 30 seconds). */
    notifyFamilies: (now = new Date()) => notifyFamilies(db, site, push, access.linkKeyOf, now),

    /** Removes conversations with no message for 12 months (the daily sweep). */
    async purgeOld(now = new Date()): Promise<{ deleted: number }> {
      const before = new Date(now);
      before.setUTCMonth(before.getUTCMonth() - RETENTION_MONTHS);
      await access.purgePasses(now);
      const rows = await db.delete(conversations).where(lt(conversations.lastMessageAt, before)).returning({ id: conversations.id });
      // Families left with no conversation keep nothing worth keeping.
      await db.execute(
        sql`delete from chat_families f where f.created_at < ${before} and not exists (select 1 from conversations c where c.family_id = f.id)`,
      );
      // What was deleted is in none of the embedded database's files afterwards (decision 154).
      if (rows.length > 0) await compactPersonalData?.();
      return { deleted: rows.length };
    },

    close: () => live.close(),
  };

  /** The list as `reader` sees it; an operator's counts the supplier's unread. */
  async function summaries(where: ReturnType<typeof eq> | undefined, reader: Side | "operator"): Promise<ConversationSummary[]> {
    const readColumn = reader === "family" ? conversations.familyReadId : conversations.supplierReadId;
    const other = reader === "family" ? "supplier" : "family";
    const rows = await db
      .select({
        id: conversations.id,
        status: conversations.status,
        lastMessageAt: conversations.lastMessageAt,
        helperId: conversations.helperId,
        helperName: helperNames.name,
        helperRef: helperNames.ref,
        helperStatus: helperNames.status,
        supplierId: conversations.supplierId,
        supplierName: supplierShownName,
        familyName: chatFamilies.name,
        familyPhone: leadPhones.phone,
        ownerDirect: accountProfiles.directHire,
        messages:
          sql<number>`(select count(*) from chat_messages m where m.conversation_id = ${conversations.id} and m.hidden_at is null)`.mapWith(
            Number,
          ),
        unread:
          sql<number>`(select count(*) from chat_messages m where m.conversation_id = ${conversations.id} and m.hidden_at is null and m.author = ${other} and m.id > ${readColumn})`.mapWith(
            Number,
          ),
        last: sql<
          string | null
        >`(select m.author || ':' || left(m.body, ${LAST_WORDS * 2}) from chat_messages m where m.conversation_id = ${conversations.id} and m.hidden_at is null order by m.id desc limit 1)`,
      })
      .from(conversations)
      .innerJoin(helperNames, eq(helperNames.id, conversations.helperId))
      .innerJoin(accountProfiles, eq(accountProfiles.id, conversations.supplierId))
      .innerJoin(chatFamilies, eq(chatFamilies.id, conversations.familyId))
      .innerJoin(leadPhones, eq(leadPhones.id, chatFamilies.leadId))
      .where(where)
      .orderBy(desc(conversations.lastMessageAt))
      .limit(200);
    return rows.map((row) => ({
      id: row.id,
      helper: { id: row.helperId, name: row.helperName, ref: row.helperRef, status: row.helperStatus },
      supplier: { id: row.supplierId, name: row.supplierName },
      // A helper on her own talks with families through the site only: their name, never their number (decision 197).
      family: { name: row.familyName, phone: reader === "supplier" && row.ownerDirect ? null : row.familyPhone },
      status: row.status,
      lastMessageAt: row.lastMessageAt.toISOString(),
      unread: row.unread,
      messages: row.messages,
      last: lastOf(row.last),
    }));
  }
}

/** `author:body` as the summaries' query reads it. */
function lastOf(value: string | null): ConversationSummary["last"] {
  if (!value) return null;
  const colon = value.indexOf(":");
  return { author: value.slice(0, colon) === "supplier" ? "supplier" : "family", words: firstWords(value.slice(colon + 1)) };
}

export type ConversationService = ReturnType<typeof createConversationService>;
