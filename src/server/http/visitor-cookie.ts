/**
 * The `visitor` cookie: who passed the gate of /filters, so a returning visitor goes straight to
 * the filter form. It is signed with a key drawn from the auth secret, so a cookie written by
 * hand (or changed to another number) no longer skips the gate: an unsigned or tampered cookie
 * reads as no visitor. HttpOnly: only the server reads it, and no third-party script on the
 * page (the ad pixel) can read a visitor's phone number from it.
 *
 * The signature only says the site wrote the cookie, and the site writes one for whatever number
 * is typed. It also names the lead it was written for (gone once the lead is deleted) and, for
 * the browser that first gave the number, that lead's key: the proof the number is theirs
 * (decision 082, checked against the database by visitor-pass.ts).
 */
import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { readSignedCookie } from "./signed-cookie";
import { isUuid } from "../../shared/uuid";

export const VISITOR_COOKIE = "visitor";
const VISITOR = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=`);

/** Whether a Cookie header carries a visitor cookie at all (signed or not: either way the answer is personal). */
export function hasVisitorCookie(cookieHeader: string | undefined): boolean {
  return Boolean(cookieHeader && VISITOR.test(cookieHeader));
}

export const VISITOR_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MAX_FIELD_LENGTH = 200;

export interface Visitor {
  /** The lead the gate stored or counted for this browser. */
  leadId: string;
  /** As typed in this browser, which is not necessarily the name stored for the number. */
  name: string;
  phone: string;
  /** The lead's owner key, held only by the browser that first gave the number. */
  key: string | null;
}

export interface VisitorCookie {
  /** The visitor from a Cookie header, or null when there is none or its signature fails. */
  read(cookieHeader: string | null | undefined): Promise<Visitor | null>;
  /** A Set-Cookie value that remembers the visitor for 30 days on every path of the site. */
  write(visitor: Visitor): Promise<string>;
  /** A Set-Cookie value that forgets the visitor. */
  clear(): Promise<string>;
}

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed !== "" && trimmed.length <= MAX_FIELD_LENGTH ? trimmed : undefined;
}

/**
 * The key is not the auth secret itself but derived from it, so a value signed for one purpose
 * can never pass as the other's.
 */
export function visitorCookieKey(authSecret: string): string {
  return createHmac("sha256", authSecret).update("visitor cookie").digest("base64url");
}

export function createVisitorCookie(authSecret: string, { secure = false } = {}): VisitorCookie {
  const cookie = createCookie(VISITOR_COOKIE, {
    secrets: [visitorCookieKey(authSecret)],
    maxAge: VISITOR_MAX_AGE_SECONDS,
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
  return {
    async read(cookieHeader) {
      const record = await readSignedCookie(cookie, cookieHeader);
      if (!record) return null;
      const name = text(record.name);
      const phone = text(record.phone);
      const leadId = text(record.lead);
      // Cookies from before leads were named in them prove nothing: the gate asks again.
      if (!name || !phone || !leadId || !isUuid(leadId)) return null;
      return { leadId, name, phone, key: text(record.key) ?? null };
    },
    write: (visitor) =>
      cookie.serialize({ lead: visitor.leadId, name: visitor.name, phone: visitor.phone, ...(visitor.key ? { key: visitor.key } : {}) }),
    clear: () => cookie.serialize("", { maxAge: 0 }),
  };
}
