/**
 * A family's keys as the cookie and the database hold them: 43 base64url characters (its private
 * link's, family-access.ts, or one of its devices'), kept only as their SHA-256, so a copy of the
 * database opens no conversation. Revoking replaces the hash: every copy of the old key stops working.
 */
import { createHash, randomBytes } from "node:crypto";

export const FAMILY_COOKIE = "conversations";
export const FAMILY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A random key of the same shape (a Telegram link's token uses it too). */
export function newFamilyKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString("base64url");
  return { key, hash: hashFamilyKey(key) };
}

export function hashFamilyKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether a string could be a key at all (43 base64url characters): anything else is not looked up. */
export function looksLikeKey(value: string | undefined | null): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** The key in a Cookie header, if there is one that could be a key. */
export function familyKeyFromCookies(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === FAMILY_COOKIE) {
      const value = rest.join("=");
      return looksLikeKey(value) ? value : null;
    }
  }
  return null;
}

/** The Set-Cookie value that keeps a family's key in this browser (HttpOnly: no script reads it). */
export function familyCookie(key: string, { secure }: { secure: boolean }): string {
  return `${FAMILY_COOKIE}=${key}; Path=/; Max-Age=${FAMILY_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
