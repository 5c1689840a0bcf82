/**
 * The `flash` cookie: a one-line confirmation ("Saved the biodata of Maria Santos.") carried
 * across the redirect that follows a form, read once by the page it was meant for and then
 * cleared. A cookie rather than a query flag, so the message never stays in the address, in
 * the history or in a link someone shares, and is gone on reload. The cookie holds only the id
 * of a message kept in the database for the account that wrote it (flash-store.ts): shown to
 * that account once, so a copied cookie shows nothing later or in another account's browser.
 * Signed with a key drawn from the auth secret. Only signed-in people post the forms that set
 * it; their pages are never kept for others (docs/decisions/070), and the answer that clears it
 * sets a cookie, which keeps that answer out of every cache too.
 */
import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import type { FlashStore } from "./flash-store";
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
  /** A Set-Cookie value carrying `text` to the page at `path`, for account `accountId` only. */
  write(text: string, path: string, accountId: string): Promise<string>;
  /**
   * The message for `accountId` on the page at `path`, now used up; null when there is none,
   * it is another page's or another account's, was shown already, or the cookie is forged.
   */
  read(cookieHeader: string | null | undefined, path: string, accountId: string): Promise<Flash | null>;
  /** A Set-Cookie value that forgets the message once shown. */
  clear(): Promise<string>;
}

/** The page a request is for: a client-side navigation asks for `/posts/1.data` or `/_root.data`. */
export function pagePath(pathname: string): string {
  const path = pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  return path.length > 1 ? path.replace(/\/+$/, "") : "/";
}

export function createFlashCookie(authSecret: string, store: FlashStore, { secure = false } = {}): FlashCookie {
  const cookie = createCookie(FLASH_COOKIE, {
    secrets: [createHmac("sha256", authSecret).update("flash cookie").digest("base64url")],
    maxAge: FLASH_MAX_AGE_SECONDS,
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
  return {
    async write(text, path, accountId) {
      const id = await store.put({
        accountId,
        path: pagePath(path.split(/[?#]/)[0]!),
        text: text.slice(0, MAX_TEXT_LENGTH),
        expiresAt: new Date(Date.now() + FLASH_MAX_AGE_SECONDS * 1000),
      });
      return cookie.serialize({ id });
    },
    async read(cookieHeader, path, accountId) {
      const record = cookieHeader?.includes(`${FLASH_COOKIE}=`) ? await readSignedCookie(cookie, cookieHeader) : null;
      if (typeof record?.id !== "string") return null;
      const text = await store.take(record.id, accountId, pagePath(path));
      return text === null ? null : { id: record.id, text };
    },
    clear: () => cookie.serialize("", { maxAge: 0 }),
  };
}
