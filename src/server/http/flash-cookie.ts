/**
 * The `flash` cookie: a one-line confirmation ("Saved the biodata of Maria Santos.") carried
 * across the redirect that follows a form, read once by the page it was meant for and then
 * cleared. A cookie rather than a query flag, so the message never stays in the address, in
 * the history or in a link someone shares, and is gone on reload. Signed with a key drawn from
 * the auth secret, so nobody can make the site show words of their choosing. Only signed-in
 * people post the forms that set it; their pages are never kept for others (docs/decisions/070),
 * and the answer that clears it sets a cookie, which keeps that answer out of every cache too.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createCookie } from "react-router";
import { readSignedCookie } from "./signed-cookie";

export const FLASH_COOKIE = "flash";
/** Long enough for a slow redirect, short enough that a message never greets a later visit. */
const FLASH_MAX_AGE_SECONDS = 120;
const MAX_TEXT_LENGTH = 300;

export interface Flash {
  /** Tells two identical messages in a row apart, so each is shown. */
  id: string;
  text: string;
}

export interface FlashCookie {
  /** A Set-Cookie value carrying `text` to the page at `path`. */
  write(text: string, path: string): Promise<string>;
  /** The message for the page at `path`, or null (none, another page's, or a forged one). */
  read(cookieHeader: string | null | undefined, path: string): Promise<Flash | null>;
  /** A Set-Cookie value that forgets the message once shown. */
  clear(): Promise<string>;
}

/** The page a request is for: a client-side navigation asks for `/posts/1.data` or `/_root.data`. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : "/";
}

export function createFlashCookie(authSecret: string, { secure = false } = {}): FlashCookie {
  const cookie = createCookie(FLASH_COOKIE, {
    secrets: [createHmac("sha256", authSecret).update("flash cookie").digest("base64url")],
    maxAge: FLASH_MAX_AGE_SECONDS,
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
  return {
    write: (text, path) => cookie.serialize({ id: randomUUID(), text: text.slice(0, MAX_TEXT_LENGTH), path: pagePath(path.split(/[?#]/)[0]!) }),
    async read(cookieHeader, path) {
      const record = cookieHeader?.includes(`${FLASH_COOKIE}=`) ? await readSignedCookie(cookie, cookieHeader) : null;
      if (!record) return null;
      const { id, text, path: target } = record;
      if (typeof id !== "string" || typeof text !== "string" || target !== pagePath(path)) return null;
      return { id, text };
    },
    clear: () => cookie.serialize("", { maxAge: 0 }),
  };
}
