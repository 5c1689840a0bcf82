/** The notify feature as other features see it: queue a message, and the operators' view of the queue. */
export { telegramChatRefused } from "./events";
export {
  configuredChannels,
  enqueueMessage,
  type Channel,
  type ConfiguredChannels,
  type OutboundMessage,
  type PushOwner,
  type Recipient,
} from "./server/outbox";
export type { Deliver, DeliveryContext } from "./server/channels/delivery";
export { createTelegramBot, type TelegramBot } from "./server/channels/telegram";
export { forgetMailFiles, outboxFolder } from "./server/channels/file";
export {
  countRetrying,
  listFailingDeliveries,
  listKeptMails,
  outboxSummary,
  retryDelivery,
  type FailingDelivery,
  type KeptMail,
  type OutboxSummary,
} from "./server/outbox-operator";
export { inReaderLocale } from "./server/reader-locale";
export { forgetDeliveredBefore, forgetNotificationsAbout, type ForgottenNotification } from "./server/forget";
export { undeliveredCounts } from "./server/outbox-operator";
