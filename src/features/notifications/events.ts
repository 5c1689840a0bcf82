/** The events the notifications feature announces (decision 189). */
import { defineEvent } from "../../server/events";

/** A person's Telegram chat refused the bot for good: whatever linked that chat turns its notices off. */
export const telegramChatRefused = defineEvent("telegram-chat-refused", (chatId) => chatId);
