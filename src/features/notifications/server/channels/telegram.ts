/**
 * Telegram through the Bot API: a message to the operator's chat, or to the chat a person linked
 * (sendMessage); and the bot's own calls the link-up needs (getMe for its user name, setWebhook
 * so Telegram posts what people write to the bot to the site).
 */
import { createHash } from "node:crypto";
import type { Config } from "../../../../server/config";
import type { Deliver } from "./delivery";

/** Telegram refuses longer texts. */
const MAX_TEXT = 4096;
const TIMEOUT_MS = 15_000;

type TelegramConfig = NonNullable<Config["telegram"]>;

/**
 * A person's chat that will not take the bot's messages (Telegram answered 403: they blocked the
 * bot, or left the chat). Sending again would fail the same way, so the outbox stops trying.
 */
export class ChatRefusedError extends Error {
  override name = "ChatRefusedError";
  constructor(
    readonly chatId: string,
    description: string,
  ) {
    super(`Telegram answered 403: ${description}`);
  }
}

/** One Bot API call; the error never names the URL, which holds the bot's token. */
async function call(telegram: TelegramConfig, method: string, body: object, signal?: AbortSignal): Promise<Response> {
  const endpoint = `${telegram.apiUrl.replace(/\/+$/, "")}/bot${telegram.botToken}/${method}`;
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  try {
    return await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    const shown = signal?.aborted ? "stopped" : reason.replaceAll(telegram.botToken, "…");
    // Only the message is stored and logged; the cause stays in memory for a debugger.
    throw new Error(`Telegram could not be reached: ${shown}`, { cause: error });
  }
}

async function described(response: Response): Promise<string> {
  const body = await response.text().catch(() => "");
  try {
    return (JSON.parse(body) as { description?: string }).description ?? body.slice(0, 200);
  } catch {
    // Not JSON: the start of the body says enough.
    return body.slice(0, 200);
  }
}

export function telegramChannel(telegram: TelegramConfig): Deliver {
  return async (message, context) => {
    const chatId = message.to === "support" ? telegram.chatId : message.to.telegramChatId;
    if (!chatId) throw new Error("The message names no Telegram chat");
    const full = `${message.subject}\n\n${message.text}`;
    const text = full.length > MAX_TEXT ? `${full.slice(0, MAX_TEXT - 1)}…` : full;
    const response = await call(
      telegram,
      "sendMessage",
      { chat_id: chatId, text, link_preview_options: { is_disabled: true } },
      context.signal,
    );
    if (response.ok) return;
    const description = await described(response);
    // The operator's own chat refusing is a setting to fix (failure-words.ts says so), not a person leaving.
    if (response.status === 403 && message.to !== "support") throw new ChatRefusedError(chatId, description);
    throw new Error(`Telegram answered ${response.status}${description ? `: ${description}` : ""}`);
  };
}

/** The bot as the link-up uses it: who it is, and where Telegram sends what people write to it. */
export interface TelegramBot {
  /** The `X-Telegram-Bot-Api-Secret-Token` Telegram sends with each update (made from the bot's token). */
  webhookSecret: string;
  /** The bot's user name (getMe), asked once and kept; null while Telegram cannot be asked. */
  username(): Promise<string | null>;
  /** Tells Telegram to post updates to `url` with the secret (setWebhook); throws when refused. */
  registerWebhook(url: string): Promise<void>;
}

export function createTelegramBot(telegram: TelegramConfig): TelegramBot {
  let known: string | undefined;
  const webhookSecret = createHash("sha256").update(`webhook:${telegram.botToken}`).digest("base64url");
  return {
    webhookSecret,
    async username() {
      if (known) return known;
      try {
        const response = await call(telegram, "getMe", {});
        if (!response.ok) return null;
        const answer = (await response.json()) as { result?: { username?: unknown } };
        if (typeof answer.result?.username !== "string") return null;
        known = answer.result.username;
        return known;
      } catch {
        return null;
      }
    },
    async registerWebhook(url) {
      const response = await call(telegram, "setWebhook", {
        url,
        secret_token: webhookSecret,
        allowed_updates: ["message"],
      });
      if (!response.ok) throw new Error(`Telegram answered ${response.status}: ${await described(response)}`);
    },
  };
}
