/** The conversations feature as the site plugs it in (src/composition/features.ts). */
import { defineFeature, on } from "../../server/feature";
import { telegramChatRefused } from "../notifications";
import { conversationRoutes } from "./api";
import { createConversationService, type ConversationServiceDeps } from "./service";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const conversationsFeature = defineFeature({
  name: "conversations",
  service: (deps: ConversationServiceDeps) => createConversationService(deps),
  api: conversationRoutes,
  personalTables: ["chat_families", "family_devices", "family_passes", "conversations", "chat_messages", "chat_blocks", "helper_reports"],
  tag: { name: "conversations", description: "Families and suppliers writing to each other about a helper." },
  // A supplier who blocked the bot: their Telegram notices are turned off, and their page says so.
  listens: (service) => [on(telegramChatRefused, (chatId) => service.telegram.refused(chatId))],
  background(service, log) {
    // Unread messages are looked for every minute (suppliers') and every 30 seconds (families'); old conversations once a day.
    const notify = () =>
      service.notifyUnread().then(
        (done) => (done.notified > 0 ? log.info(done, "told suppliers of unread messages") : undefined),
        (error: unknown) => log.error({ err: error }, "telling suppliers of unread messages failed"),
      );
    const tellFamilies = () =>
      service.notifyFamilies().then(
        (done) => (done.pushed + done.mailed > 0 ? log.info(done, "told families of replies") : undefined),
        (error: unknown) => log.error({ err: error }, "telling families of replies failed"),
      );
    const purge = () =>
      service.purgeOld().then(
        (done) => (done.deleted > 0 ? log.info(done, "deleted conversations past their retention") : undefined),
        (error: unknown) => log.error({ err: error }, "conversation retention clean-up failed"),
      );
    // Telegram is told where to post what suppliers write to the bot; tried again each hour until it answers.
    let registered = false;
    const register = () => {
      if (registered) return;
      service.telegram.register().then(
        (done) => {
          registered = true;
          if (done === "registered") log.info({}, "Telegram posts updates for supplier notices to the site");
        },
        (error: unknown) => log.error({ err: error }, "telling Telegram the site's webhook failed; suppliers cannot link their chats yet"),
      );
    };
    void purge();
    register();
    const timers = [
      setInterval(notify, MINUTE),
      setInterval(tellFamilies, MINUTE / 2),
      setInterval(purge, DAY),
      setInterval(register, 60 * MINUTE),
    ];
    for (const timer of timers) timer.unref();
    return () => timers.forEach(clearInterval);
  },
});
