/**
 * A supplier's Telegram notices (decision 112). "Get notices on Telegram" makes a one-time token
 * (kept hashed, 15 minutes) and sends the supplier to `https://t.me/<bot>?start=<token>`;
 * Telegram then posts their "/start <token>" to the site's webhook, which stores their chat on the
 * supplier and answers in the chat. Replies go through the outbox like every other message. A
 * chat that refuses the bot (the outbox's `refused` rows) turns the notices off, and the page says so.
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { enqueueMessage, type ConfiguredChannels, type TelegramBot } from "../../notifications";
import type { Database, Executor } from "../../../server/db/connect";
import { unauthorized } from "../../../server/http/errors";
import { hashFamilyKey as hashToken, looksLikeKey as looksLikeToken, newFamilyKey as newToken } from "./family-key";
import { supplierTelegram, telegramLinkTokens } from "./tables";

export const LINK_TOKEN_TTL_MS = 15 * 60_000;

/** What the messages page shows: nothing (no bot), or the supplier's notices on, off, or turned off by a refusal. */
export type TelegramState = { available: false } | { available: true; state: "on" | "off" | "refused" };

/** The part of a Telegram update the site reads (everything else in it is ignored). */
export interface TelegramUpdate {
  update_id?: number;
  message?: { chat?: { id?: number | string }; text?: string };
}

interface Site {
  name: string;
  publicUrl: string;
  channels: ConfiguredChannels;
}

/**
 * `contactBot`: the public bot families write to (TELEGRAM_BOT). When it is the notices' bot too,
 * the site neither takes its webhook (whatever answers families there would stop hearing them)
 * nor offers the link-up.
 */
export function createTelegramLink(db: Database, site: Site, bot: TelegramBot | undefined, contactBot?: string) {
  /** The bot's user name when the link-up may use it. */
  async function ownBot(): Promise<string | null> {
    if (!bot || !site.publicUrl.startsWith("https:")) return null;
    const username = await bot.username();
    if (!username || username.toLowerCase() === contactBot?.toLowerCase()) return null;
    return username;
  }

  /** The bot answers in the chat through the outbox (retried like any message). */
  const reply = (executor: Executor, chatId: string, kind: string, subject: string, text: string) =>
    enqueueMessage(executor, site.channels, { kind, to: { telegramChatId: chatId }, subject, text });
  const messagesPage = `${site.publicUrl}/dashboard/messages`;

  return {
    /** Whether the link-up is offered here: a bot of its own whose user name Telegram told, on an https address. */
    async offered(): Promise<boolean> {
      return Boolean(await ownBot());
    },

    async state(supplierId: string): Promise<TelegramState> {
      if (!(await this.offered())) return { available: false };
      const [row] = await db.select().from(supplierTelegram).where(eq(supplierTelegram.supplierId, supplierId));
      if (row?.chatId) return { available: true, state: "on" };
      return { available: true, state: row?.offReason === "blocked" ? "refused" : "off" };
    },

    /** A one-time deep link into the bot for this supplier; null when the link-up is not offered. */
    async startLink(supplierId: string, now = new Date()): Promise<string | null> {
      const username = await ownBot();
      if (!username) return null;
      const token = newToken();
      await db.transaction(async (tx) => {
        // An earlier link not yet used stops working: one way in at a time.
        await tx.delete(telegramLinkTokens).where(eq(telegramLinkTokens.supplierId, supplierId));
        await tx
          .insert(telegramLinkTokens)
          .values({ tokenHash: token.hash, supplierId, expiresAt: new Date(now.getTime() + LINK_TOKEN_TTL_MS) });
      });
      return `https://t.me/${username}?start=${token.key}`;
    },

    async turnOff(supplierId: string): Promise<void> {
      await db
        .update(supplierTelegram)
        .set({ chatId: null, offReason: null, updatedAt: new Date() })
        .where(eq(supplierTelegram.supplierId, supplierId));
    },

    /** The outbox could not write to this chat for good: whoever linked it hears no more there. */
    async refused(chatId: string): Promise<void> {
      await db
        .update(supplierTelegram)
        .set({ chatId: null, offReason: "blocked", updatedAt: new Date() })
        .where(eq(supplierTelegram.chatId, chatId));
    },

    /** Checks Telegram's secret header; anything else is 401 (and so is every call when no bot is configured). */
    checkSecret(header: unknown): void {
      const expected = bot ? Buffer.from(bot.webhookSecret) : undefined;
      const given = typeof header === "string" ? Buffer.from(header) : undefined;
      if (!expected || !given || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw unauthorized("This address takes updates from Telegram only.");
      }
    },

    /** An update from Telegram: "/start <token>" links the chat; any other text is told how to link. */
    async receive(update: TelegramUpdate, now = new Date()): Promise<void> {
      const chat = update.message?.chat?.id;
      const text = update.message?.text?.trim();
      if (chat === undefined || text === undefined) return;
      const chatId = String(chat);
      const start = /^\/start(?:@\w+)?(?:\s+(\S+))?$/.exec(text);
      const token = start?.[1];
      if (!token) {
        await reply(
          db,
          chatId,
          "telegram-help",
          site.name,
          `To get notices of unread messages here, open ${messagesPage} and press "Get notices on Telegram".`,
        );
        return;
      }
      await db.transaction(async (tx) => {
        const [used] = looksLikeToken(token)
          ? await tx
              .update(telegramLinkTokens)
              .set({ usedAt: now })
              .where(
                and(
                  eq(telegramLinkTokens.tokenHash, hashToken(token)),
                  isNull(telegramLinkTokens.usedAt),
                  gt(telegramLinkTokens.expiresAt, now),
                ),
              )
              .returning({ supplierId: telegramLinkTokens.supplierId })
          : [];
        if (!used) {
          await reply(
            tx,
            chatId,
            "telegram-link-refused",
            site.name,
            `This link has expired or was used already. Open ${messagesPage} and press "Get notices on Telegram" for a new one.`,
          );
          return;
        }
        // A chat serves one supplier: linking it here unlinks it from any other.
        await tx.update(supplierTelegram).set({ chatId: null, updatedAt: now }).where(eq(supplierTelegram.chatId, chatId));
        await tx
          .insert(supplierTelegram)
          .values({ supplierId: used.supplierId, chatId, linkedAt: now, offReason: null, updatedAt: now })
          .onConflictDoUpdate({ target: supplierTelegram.supplierId, set: { chatId, linkedAt: now, offReason: null, updatedAt: now } });
        await reply(
          tx,
          chatId,
          "telegram-linked",
          site.name,
          `Telegram notices are on: when a family's message waits unread for 5 minutes, you hear of it here. Turn them off at ${messagesPage}.`,
        );
      });
    },

    /** Tells Telegram where to post updates (each serving instance, at its start). */
    async register(): Promise<"registered" | "not offered"> {
      if (!bot || !site.publicUrl.startsWith("https:")) return "not offered";
      const username = await bot.username();
      if (!username) throw new Error("Telegram did not say who the bot is (getMe)");
      if (username.toLowerCase() === contactBot?.toLowerCase()) return "not offered";
      await bot.registerWebhook(`${site.publicUrl}/api/telegram/webhook`);
      return "registered";
    },
  };
}

export type TelegramLink = ReturnType<typeof createTelegramLink>;
