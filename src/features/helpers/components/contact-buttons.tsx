import { whatsappLink } from "../../../shared/whatsapp";
import { useRootData } from "../../../ui/root-data";
import { recordContact } from "../../contacts/components/contact-beacon";

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
  return (
    <div className="contact-buttons">
      <a
        className="button whatsapp"
        href={whatsappLink(config.contactPhone, whatsappMessage(name, helperRef))}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`WhatsApp about ${name}`}
        onClick={() => recordContact(helperId, "whatsapp")}
      >
        WhatsApp
      </a>
      {others && config.telegramBot ? (
        <a
          className="button telegram"
          href={`https://t.me/${config.telegramBot}?start=${encodeURIComponent(helperRef)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Telegram about ${name}`}
          onClick={() => recordContact(helperId, "telegram")}
        >
          Telegram
        </a>
      ) : null}
      {others && config.webchatUrl ? (
        <a
          className="button webchat"
          href={config.webchatUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Web chat about ${name}`}
          onClick={() => recordContact(helperId, "webchat")}
        >
          Web chat
        </a>
      ) : null}
    </div>
  );
}
