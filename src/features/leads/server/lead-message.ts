/**
 * The notification support receives for a lead: who, which number, how often they came, and a
 * WhatsApp link that opens a chat with them.
 */
import { formatSingaporeTime } from "../../../shared/format";
import { formatPhone } from "../../../shared/phone";
import { whatsappLink } from "../../../shared/whatsapp";
import type { Config } from "../../../server/config";
import type { OutboundMessage } from "../../notifications";

export interface LeadFacts {
  name: string;
  phone: string;
  visits: number;
  firstSeenAt: Date;
  /** The name typed this time, when it may differ from the one kept (the first given). */
  givenName?: string;
}

export function visitorWhatsappLink(config: Pick<Config, "siteName">, lead: Pick<LeadFacts, "name" | "phone">): string {
  const greeting = `Hi ${lead.name}, this is ${config.siteName}. Thank you for your interest in our helpers.`;
  return whatsappLink(lead.phone, greeting);
}

/** What a lead's notifications are marked with, so a withdrawal can drop those still queued. */
export function visitorAbout(phone: string): string {
  return `visitor:${phone}`;
}

export function leadMessage(config: Pick<Config, "siteName">, lead: LeadFacts): OutboundMessage {
  const phone = formatPhone(lead.phone);
  const returning = lead.visits > 1;
  const subject = returning ? `Returning visitor: ${lead.name} (${phone}), visit ${lead.visits}` : `New lead: ${lead.name} (${phone})`;
  const text = [
    returning
      ? `${lead.name} came back and gave their name and phone number again on the filters page.`
      : `${lead.name} gave their name and phone number on the filters page.`,
    "",
    `Name: ${lead.name}`,
    // Anyone may type a known number: support sees both names and judges.
    ...(lead.givenName && lead.givenName !== lead.name ? [`Name given this time: ${lead.givenName}`] : []),
    `Phone: ${phone}`,
    `Visits: ${lead.visits}`,
    `First seen: ${formatSingaporeTime(lead.firstSeenAt)} (Singapore time)`,
    "",
    `WhatsApp: ${visitorWhatsappLink(config, lead)}`,
  ].join("\n");
  return { kind: "lead", to: "support", subject, text, about: visitorAbout(lead.phone) };
}
