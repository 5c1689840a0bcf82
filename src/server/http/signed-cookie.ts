import type { Cookie } from "react-router";

/**
 * The fields of a signed cookie in a Cookie header, or null when it is missing, unsigned,
 * tampered with or not an object: every such case reads as no cookie at all.
 */
export async function readSignedCookie(cookie: Cookie, cookieHeader: string | null | undefined): Promise<Record<string, unknown> | null> {
  if (!cookieHeader) return null;
  let parsed: unknown;
  try {
    parsed = await cookie.parse(cookieHeader);
  } catch {
    return null;
  }
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
}
