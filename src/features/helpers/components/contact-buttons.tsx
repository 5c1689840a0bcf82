import { whatsappLink } from "../../../shared/whatsapp";
import type { SupplierSummary } from "../../../shared/helper-types";
import { useRootData } from "../../../ui/root-data";
import { recordContact, type ContactChannel } from "../../contacts/components/contact-beacon";
import { contactTargets } from "../../contacts/components/contact-targets";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The message a family's WhatsApp opens with, in the page's language. */
export function whatsappMessage(name: string, ref: string): string {
  return m.helpers_contact_whatsapp_text({ name, ref });
}

/**
 * WhatsApp and Telegram to the helper's supplier (or the site, decision 102), and the site's web
 * chat; a channel with nowhere to go is not shown. Cards show WhatsApp alone
 * (`channels="whatsapp"`): the biodata page has them all, and says whom the family will reach.
 */
export function ContactButtons({
  helperId,
  name,
  reference: helperRef,
  supplier,
  channels = "all",
}: {
  helperId: string;
  name: string;
  reference: string;
  supplier: Pick<SupplierSummary, "name" | "whatsapp" | "telegram">;
  channels?: "all" | "whatsapp";
}) {
  const { config } = useRootData();
  const others = channels === "all";
  const targets = contactTargets(supplier, config);
  const link = (channel: ContactChannel, className: string, href: string, label: string) => (
    <a
      className={`button ${className}`}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={m.helpers_contact_about({ channel: label, name })}
      onClick={() => recordContact(helperId, channel)}
    >
      {label}
    </a>
  );
  const buttons = (
    <div className="contact-buttons">
      {link("whatsapp", "whatsapp", whatsappLink(targets.whatsapp.phone, whatsappMessage(name, helperRef)), "WhatsApp")}
      {others && targets.telegram ? link("telegram", "telegram", targets.telegram.href(helperRef), "Telegram") : null}
      {others && config.webchatUrl ? link("webchat", "webchat", config.webchatUrl, m.helpers_contact_webchat()) : null}
    </div>
  );
  if (!others) return buttons;
  return (
    <>
      {buttons}
      <p className="contact-note">{contactNote(supplier.name, config.siteName, targets.whatsapp.via, config.contactRoute)}</p>
    </>
  );
}

/** Whom the family's message reaches, said under the buttons. */
function contactNote(supplierName: string, siteName: string, via: "supplier" | "site", route: "supplier" | "site"): string {
  if (via === "supplier") return m.helpers_contact_note_supplier({ supplier: supplierName });
  if (route === "site") return m.helpers_contact_note_site({ site: siteName, supplier: supplierName });
  return m.helpers_contact_note_relay({ supplier: supplierName, site: siteName });
}
