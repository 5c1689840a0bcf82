/**
 * An outbox message as a mail: the same headers whether it goes over SMTP or into an .eml
 * file, with a Message-ID taken from the outbox row so a repeated delivery is recognisably
 * the same mail.
 */
import type Mail from "nodemailer/lib/mailer";
import type { Config } from "../../../../server/config";
import type { OutboundMessage } from "../outbox";
import type { DeliveryContext } from "./delivery";

export function mailHost(config: Config): string {
  return new URL(config.publicUrl).hostname;
}

/** Support's address; with no SUPPORT_EMAIL (files only) a placeholder on the site's host. */
export function supportAddress(config: Config): string {
  return config.mail.supportEmail ?? `support@${mailHost(config)}`;
}

export function mailOptions(config: Config, message: OutboundMessage, context: DeliveryContext): Mail.Options {
  const to = message.to === "support" ? supportAddress(config) : { name: message.to.name ?? "", address: message.to.email ?? "" };
  return {
    from: config.mail.from,
    to,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: `<${context.id}@${mailHost(config)}>`,
    date: context.createdAt,
    headers: { ...message.headers, "X-Outbox-Kind": message.kind },
  };
}
