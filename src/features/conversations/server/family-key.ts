/**
 * A family's private link key: 32 random bytes, given to the family once (the link, the cookie
 * of the browser that started) and kept only as its SHA-256, so a copy of the database opens no
 * conversation. Revoking replaces the hash: every copy of the old link stops working.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

export const FAMILY_COOKIE = "conversations";
export const FAMILY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

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

/** The key that seals families' link keys: derived from the site's key, never stored. */
export function sealingKey(siteKey: string): Buffer {
  return createHmac("sha256", siteKey).update("family link keys").digest();
}

/** A link key sealed for the database (AES-256-GCM: iv, tag and text, base64url, dot-separated). */
export function sealFamilyKey(key: string, sealing: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealing, iv);
  const text = Buffer.concat([cipher.update(key, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), text].map((part) => part.toString("base64url")).join(".");
}

/** The link key a sealed value holds; null when it cannot be opened (another site's secret, a damaged value). */
export function unsealFamilyKey(sealed: string | null, sealing: Buffer): string | null {
  if (!sealed) return null;
  const [iv, tag, text] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !text) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", sealing, iv);
    decipher.setAuthTag(tag);
    const key = Buffer.concat([decipher.update(text), decipher.final()]).toString("utf8");
    return looksLikeKey(key) ? key : null;
  } catch {
    // Sealed under another secret (AUTH_SECRET changed): the mail links to the conversation's page instead.
    return null;
  }
}
