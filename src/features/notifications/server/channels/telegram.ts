/** A Telegram message to the operator's chat through the Bot API's sendMessage. */
import type { Config } from "../../../../server/config";
import type { Deliver } from "./delivery";

/** Telegram refuses longer texts. */
const MAX_TEXT = 4096;
const TIMEOUT_MS = 15_000;

export function telegramChannel(telegram: NonNullable<Config["telegram"]>): Deliver {
  const endpoint = `${telegram.apiUrl.replace(/\/+$/, "")}/bot${telegram.botToken}/sendMessage`;
  return async (message, context) => {
    const full = `${message.subject}\n\n${message.text}`;
    const text = full.length > MAX_TEXT ? `${full.slice(0, MAX_TEXT - 1)}…` : full;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chat_id: telegram.chatId, text, link_preview_options: { is_disabled: true } }),
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      });
    } catch (error) {
      // The error would name the URL, and the URL holds the bot's token: say only what failed.
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      const shown = context.signal.aborted ? "stopped" : reason.replaceAll(telegram.botToken, "…");
      // Only the message is stored and logged; the cause stays in memory for a debugger.
      throw new Error(`Telegram could not be reached: ${shown}`, { cause: error });
    }
    if (!response.ok) {
      const body = await response.text().catch(() => "");
      let description = body.slice(0, 200);
      try {
        description = (JSON.parse(body) as { description?: string }).description ?? description;
      } catch {
        // Not JSON: the start of the body says enough.
      }
      throw new Error(`Telegram answered ${response.status}${description ? `: ${description}` : ""}`);
    }
  };
}
