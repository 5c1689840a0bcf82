/**
 * Where a contact button goes (decision 102). With CONTACT_ROUTE=supplier (the default) a family
 * talks to the helper's supplier: WhatsApp to the phone on their profile, Telegram to the user
 * name on it. A supplier who gave no phone is reached through the site (its number and its bot),
 * and the page says so. With CONTACT_ROUTE=site every contact goes to the site. The page and the
 * server decide with this same function, so what is recorded is where the family went.
 */
export type ContactRoute = "supplier" | "site";
export type ContactVia = "supplier" | "site";

export interface SiteContact {
  contactRoute: ContactRoute;
  /** The site's WhatsApp number, international digits. */
  contactPhone: string;
  /** The site's Telegram bot's user name, if it has one. */
  telegramBot?: string | null;
}

export interface SupplierContact {
  whatsapp: string | null;
  telegram: string | null;
}

export interface ContactTargets {
  whatsapp: { phone: string; via: ContactVia };
  /** Null: no Telegram button. */
  telegram: { href: (helperRef: string) => string; via: ContactVia } | null;
}

const botLink = (bot: string) => (helperRef: string) => `https://t.me/${bot}?start=${encodeURIComponent(helperRef)}`;

export function contactTargets(supplier: SupplierContact, site: SiteContact): ContactTargets {
  const bot = site.telegramBot ? { href: botLink(site.telegramBot), via: "site" as const } : null;
  if (site.contactRoute === "site") return { whatsapp: { phone: site.contactPhone, via: "site" }, telegram: bot };
  const ownTelegram = supplier.telegram ? { href: () => `https://t.me/${supplier.telegram}`, via: "supplier" as const } : null;
  if (!supplier.whatsapp) return { whatsapp: { phone: site.contactPhone, via: "site" }, telegram: ownTelegram ?? bot };
  return { whatsapp: { phone: supplier.whatsapp, via: "supplier" }, telegram: ownTelegram };
}

/** Where one channel's contact went, as it is recorded. */
export function contactVia(
  channel: "whatsapp" | "telegram" | "webchat" | "chat",
  supplier: SupplierContact,
  site: SiteContact,
): ContactVia {
  // A message through the site reaches the supplier's own inbox.
  if (channel === "chat") return "supplier";
  if (channel === "webchat") return "site";
  const targets = contactTargets(supplier, site);
  return channel === "whatsapp" ? targets.whatsapp.via : (targets.telegram?.via ?? "site");
}
