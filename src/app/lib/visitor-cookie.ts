/**
 * The `visitor` cookie: who passed the gate of /filters, so a returning visitor goes straight to
 * the filter form. It holds JSON {name, phone}, URI-encoded because quotes, commas and spaces
 * are not allowed in a cookie value. HttpOnly: only the server reads it, and no third-party
 * script on the page (the ad pixel) can read a visitor's phone number from it.
 */

export const VISITOR_COOKIE = "visitor";
export const VISITOR_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const MAX_FIELD_LENGTH = 200;

export interface Visitor {
  name: string;
  phone: string;
}

function text(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed !== "" && trimmed.length <= MAX_FIELD_LENGTH ? trimmed : undefined;
}

/** A Set-Cookie value that remembers the visitor for 30 days on every path of the site. */
export function visitorCookie(visitor: Visitor, { secure = false } = {}): string {
  const value = encodeURIComponent(JSON.stringify({ name: visitor.name, phone: visitor.phone }));
  const attributes = [`Max-Age=${VISITOR_MAX_AGE_SECONDS}`, "Path=/", "SameSite=Lax", "HttpOnly"];
  if (secure) attributes.push("Secure");
  return `${VISITOR_COOKIE}=${value}; ${attributes.join("; ")}`;
}

/**
 * The visitor from a Cookie header, or null when there is none or it does not parse. The
 * original site wrote `phoneNumber`; a cookie it left behind still counts.
 */
export function readVisitor(cookieHeader: string | null | undefined): Visitor | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== VISITOR_COOKIE) continue;
    try {
      const parsed: unknown = JSON.parse(decodeURIComponent(part.slice(separator + 1).trim()));
      if (typeof parsed !== "object" || parsed === null) return null;
      const record = parsed as Record<string, unknown>;
      const name = text(record.name);
      const phone = text(record.phone) ?? text(record.phoneNumber);
      return name && phone ? { name, phone } : null;
    } catch {
      return null;
    }
  }
  return null;
}
