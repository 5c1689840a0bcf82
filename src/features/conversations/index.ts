/** The conversations feature as the site sees it: one line in src/server/features.ts plugs it in. */
import { defineFeature } from "../../server/feature";
import { conversationRoutes } from "./api";
import { createConversationService, type ConversationServiceDeps } from "./service";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const conversationsFeature = defineFeature({
  name: "conversations",
  service: (deps: ConversationServiceDeps) => createConversationService(deps),
  api: conversationRoutes,
  tag: { name: "conversations", description: "Families and suppliers writing to each other about a helper." },
  background(service, log) {
    // Unread messages are looked for every minute; old conversations once a day.
    const notify = () =>
      service.notifyUnread().then(
        (done) => (done.notified > 0 ? log.info(done, "told suppliers of unread messages") : undefined),
        (error: unknown) => log.error({ err: error }, "telling suppliers of unread messages failed"),
      );
    const purge = () =>
      service.purgeOld().then(
        (done) => (done.deleted > 0 ? log.info(done, "deleted conversations past their retention") : undefined),
        (error: unknown) => log.error({ err: error }, "conversation retention clean-up failed"),
      );
    void purge();
    const timers = [setInterval(notify, MINUTE), setInterval(purge, DAY)];
    for (const timer of timers) timer.unref();
    return () => timers.forEach(clearInterval);
  },
});

export { RETENTION_MONTHS, type ConversationService } from "./service";
