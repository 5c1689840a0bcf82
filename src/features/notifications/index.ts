/** The notify feature as other features see it: queue a message, and the operators' view of the queue. */
export { configuredChannels, enqueueMessage, type Channel, type ConfiguredChannels, type OutboundMessage } from "./server/outbox";
export {
  countRetrying,
  listFailingDeliveries,
  outboxSummary,
  retryDelivery,
  type FailingDelivery,
  type OutboxSummary,
} from "./server/outbox-operator";
export { inReaderLocale } from "./server/reader-locale";
