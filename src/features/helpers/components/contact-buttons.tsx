import { whatsappLink } from "../../../shared/whatsapp";
import { useRootData } from "../../../ui/root-data";
import { recordContact, type ContactChannel } from "../../contacts/components/contact-beacon";

export function whatsappMessage(name: string, ref: string): string {
  return `Hi, I am interested in helper ${name} (ref ${ref}). Please contact me as soon as possible.`;
}

/**
 * WhatsApp, the Telegram bot and web chat; a channel that is not configured is not shown. Cards
 * show WhatsApp alone (`channels="whatsapp"`): the biodata page has them all.
 */
export function ContactButtons({
  helperId,
  name,
  reference: helperRef,
  channels = "all",
}: {
  helperId: string;
  name: string;
  reference: string;
  channels?: "all" | "whatsapp";
}) {
  const { config } = useRootData();
  const others = channels === "all";
  const link = (channel: ContactChannel, className: string, href: string, label: string) => (
    <a
      className={`button ${className}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${label} about ${name}`}
      onClick={() => recordContact(helperId, channel)}
    >
      {label}
    </a>
  );
  return (
    <div className="contact-buttons">
      {link("whatsapp", "whatsapp", whatsappLink(config.contactPhone, whatsappMessage(name, helperRef)), "WhatsApp")}
      {others && config.telegramBot
        ? link("telegram", "telegram", `https://t.me/${config.telegramBot}?start=${encodeURIComponent(helperRef)}`, "Telegram")
        : null}
      {others && config.webchatUrl ? link("webchat", "webchat", config.webchatUrl, "Web chat") : null}
    </div>
  );
}
