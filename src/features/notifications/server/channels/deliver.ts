/**
 * A channel delivers one outbox message or throws; the worker records the throw and retries.
 * A channel may be asked twice for the same row (delivery is at least once), so each one makes
 * a repeat as harmless as it can: the same Message-ID, the same file name.
 */
import type { Config } from "../../../../server/config";
import type { Channel } from "../outbox";
import type { Deliver } from "./delivery";
import { emailChannel } from "./email";
import { fileChannel } from "./file";
import { telegramChannel } from "./telegram";

export type { Deliver, DeliveryContext } from "./delivery";

export interface ChannelSet {
  deliver: Partial<Record<Channel, Deliver>>;
  close(): void;
}

/** Every channel the configuration allows; channelsFor() in outbox.ts decides which a message uses. */
export function createChannels(config: Config): ChannelSet {
  const email = config.mail.smtpUrl ? emailChannel(config, config.mail.smtpUrl) : undefined;
  return {
    deliver: {
      email: email?.deliver,
      telegram: config.telegram ? telegramChannel(config.telegram) : undefined,
      file: fileChannel(config),
    },
    close: () => email?.close(),
  };
}
