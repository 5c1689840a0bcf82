/**
 * What a page tells the site as a family leaves for WhatsApp, Telegram or web chat: sent as a
 * beacon, so the link opens at once and the count survives the page going away.
 */
export type ContactChannel = "whatsapp" | "telegram" | "webchat";

/** The days a supplier's dashboard counts contacts over (the service counts the same). */
export const COUNTED_DAYS = 30;

export function recordContact(helperId: string, channel: ContactChannel): void {
  const body = new Blob([JSON.stringify({ helperId, channel })], { type: "application/json" });
  if (typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function") navigator.sendBeacon("/api/contacts", body);
}
