/**
 * What a page tells the site as a family leaves for WhatsApp, Telegram or web chat, opens a
 * biodata, or shortlists a helper: sent as a beacon, so the link opens at once and the count
 * survives the page going away. The biodata page itself stays one cached page for everyone.
 */
export type ContactChannel = "whatsapp" | "telegram" | "webchat";
/** A contact as it is counted: a button's channel, or `chat`, a first message through the site (no beacon). */
export type CountedChannel = ContactChannel | "chat";
export type InterestKind = "view" | "shortlist";

/** The days a supplier's dashboard counts contacts, views and shortlists over (the service counts the same). */
export const COUNTED_DAYS = 30;

function beacon(path: string, payload: object): void {
  const body = new Blob([JSON.stringify(payload)], { type: "application/json" });
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") navigator.sendBeacon(path, body);
}

export function recordContact(helperId: string, channel: ContactChannel): void {
  beacon("/api/contacts", { helperId, channel });
}

export function recordInterest(helperId: string, kind: InterestKind): void {
  beacon("/api/interest", { helperId, kind });
}
