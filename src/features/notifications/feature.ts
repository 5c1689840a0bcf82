/** The outbox's delivery as the site plugs it in (src/composition/features.ts). */
import type { Config } from "../../server/config";
import type { DatabaseHandle } from "../../server/db/connect";
import { announce } from "../../server/events";
import { defineFeature, type FeatureGround } from "../../server/feature";
import { telegramChatRefused } from "./events";
import type { Deliver } from "./server/channels/delivery";
import { createOutboxWorker } from "./server/outbox-worker";

export interface NotificationNeeds {
  /** The database with its NOTIFY channel: a message queued on any instance wakes the worker. */
  database: Pick<DatabaseHandle, "db" | "listen">;
  /** The site's configuration, with the mail server's and the bot's secrets the channels need. */
  deliveryConfig: Config;
  /** Web push, delivered by the push feature (it keeps the subscriptions and the keys). */
  push: { deliver: Deliver };
}

export const notificationsFeature = defineFeature({
  name: "notifications",
  service: (ground: FeatureGround & NotificationNeeds) => ({
    database: ground.database,
    config: ground.deliveryConfig,
    channels: { push: ground.push.deliver },
  }),
  personalTables: ["outbox"],
  announces: [telegramChatRefused],
  // Every instance delivers what is due; a row is leased to one at a time (outbox-worker.ts).
  background: ({ database, config, channels }, log) => {
    const worker = createOutboxWorker(database, config, {
      log,
      extraChannels: channels,
      onChatRefused: (chatId) => announce(database.db, telegramChatRefused, chatId),
    });
    void worker.start();
    return () => worker.stop();
  },
});
