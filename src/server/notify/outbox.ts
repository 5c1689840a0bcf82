/**
 * The outbox: a message to deliver is written in the same transaction as what caused it (a lead,
 * a password-reset request), one row per channel, and delivered afterwards by the worker
 * (outbox-worker.ts) with retries. Nothing is lost when a channel is down or the process stops.
 */
import type { Config } from "../config";
import type { Executor } from "../db/connect";
import { outbox } from "../db/schema";

export type Channel = "email" | "telegram" | "file";

export interface OutboundMessage {
  /** What it is about: `lead`, `password-reset`, … (shown to the operator). */
  kind: string;
  /** `support` for the operator's inbox and chat, or one person's address. */
  to: "support" | { email: string; name?: string };
  subject: string;
  text: string;
  html?: string;
}

/**
 * Which channels carry a message: support hears by e-mail and Telegram where configured; a
 * person by e-mail. With no channel configured, messages are written as .eml files.
 */
export function channelsFor(config: Config, message: OutboundMessage): Channel[] {
  const channels: Channel[] = [];
  if (config.mail.smtpUrl) channels.push("email");
  if (message.to === "support" && config.telegram) channels.push("telegram");
  return channels.length > 0 ? channels : ["file"];
}

export async function enqueueMessage(executor: Executor, config: Config, message: OutboundMessage): Promise<void> {
  const rows = channelsFor(config, message).map((channel) => ({
    kind: message.kind,
    channel,
    payload: message,
  }));
  await executor.insert(outbox).values(rows);
}
