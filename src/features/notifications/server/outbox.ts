/**
 * The outbox: a message to deliver is written in the same transaction as what caused it (a lead,
 * a password-reset request), one row per channel, and delivered afterwards by the worker
 * (outbox-worker.ts) with retries. Nothing is lost when a channel is down or the process stops.
 */
import { sql } from "drizzle-orm";
import type { Config } from "../../../server/config";
import type { Executor } from "../../../server/db/connect";
import { outbox } from "./tables";

export type Channel = "email" | "telegram" | "file" | "push";

/**
 * NOTIFYed with every enqueue. PostgreSQL delivers it at commit (never for a rolled-back
 * write) to every instance listening, so an idle worker anywhere starts delivering at once.
 */
export const OUTBOX_NOTIFY_CHANNEL = "outbox_queued";

export interface OutboundMessage {
  /** What it is about: `lead`, `password-reset`, … (shown to the operator). */
  kind: string;
  /**
   * `support` for the operator's inbox and chat, or one person: their e-mail address and, when
   * they linked one, their Telegram chat (each goes out on its own row).
   */
  to: "support" | Recipient;
  subject: string;
  text: string;
  html?: string;
  /** Whose data it carries (`visitor:<E.164>` for a lead), so it can be dropped if they withdraw consent. */
  about?: string;
  /** The page a push notice opens when pressed (the site's home page when absent). */
  url?: string;
  /** What a push notice says under its title (the subject) when `text`, a mail's body, is too long for one. */
  pushText?: string;
  /** Push notices with the same tag replace each other on a device (one per conversation). */
  tag?: string;
  /** A mail's own headers besides the site's (an alert's List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Whose browsers a push notice goes to: a family's or an account's subscriptions. */
export type PushOwner = { family: string } | { account: string };

export interface Recipient {
  email?: string;
  name?: string;
  telegramChatId?: string;
  /** Also (or only) by web push to every browser this owner turned notices on in. */
  push?: PushOwner;
}

/**
 * Which channels are set up: all that writing a message needs to know. The addresses, tokens
 * and passwords stay with the worker that sends.
 */
export interface ConfiguredChannels {
  email: boolean;
  telegram: boolean;
}

export function configuredChannels(config: Pick<Config, "mail" | "telegram">): ConfiguredChannels {
  return { email: Boolean(config.mail.smtpUrl), telegram: Boolean(config.telegram) };
}

/**
 * Which channels carry a message: support hears by e-mail and Telegram where configured; a
 * person by e-mail when they have an address, in their Telegram chat when they linked one, and
 * by web push when the message names whose browsers. Mail with no mail server configured is
 * written as an .eml file; a message for nobody in particular too.
 */
export function channelsFor(configured: ConfiguredChannels, message: OutboundMessage): Channel[] {
  if (message.to === "support") {
    const channels: Channel[] = [];
    if (configured.email) channels.push("email");
    if (configured.telegram) channels.push("telegram");
    return channels.length > 0 ? channels : ["file"];
  }
  const channels: Channel[] = [];
  const { email, telegramChatId, push } = message.to;
  if (email || (!telegramChatId && !push)) channels.push(configured.email ? "email" : "file");
  if (telegramChatId && configured.telegram) channels.push("telegram");
  if (push) channels.push("push");
  return channels;
}

export async function enqueueMessage(executor: Executor, configured: ConfiguredChannels, message: OutboundMessage): Promise<void> {
  const rows = channelsFor(configured, message).map((channel) => ({
    kind: message.kind,
    channel,
    payload: message,
  }));
  // A chat-only message on a site whose bot has since been removed goes nowhere.
  if (rows.length === 0) return;
  await executor.insert(outbox).values(rows);
  await executor.execute(sql`select pg_notify(${OUTBOX_NOTIFY_CHANNEL}, ${message.kind})`);
}

/** A payload read back from the outbox, checked because the column is plain JSON. */
export function readMessage(payload: unknown): OutboundMessage {
  const value = payload as Partial<OutboundMessage> | null;
  const to = value?.to;
  const validTo =
    to === "support" ||
    (typeof to === "object" &&
      to !== null &&
      (typeof to.email === "string" || typeof to.telegramChatId === "string" || (typeof to.push === "object" && to.push !== null)));
  if (!value || typeof value.kind !== "string" || typeof value.subject !== "string" || typeof value.text !== "string" || !validTo) {
    throw new Error("The stored message is malformed");
  }
  return value as OutboundMessage;
}
