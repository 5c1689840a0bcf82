/**
 * How often an account may ask for its confirmation link again: once a minute and five times an
 * hour, counted per address (every instance sharing the counts, window-count.ts). Enough for a
 * mail lost to a spam folder; not a way to fill someone's inbox from the site.
 */
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Executor } from "../../../server/db/connect";
import { countInWindow } from "../../../server/db/window-count";

export const CONFIRMATION_RESEND_LIMITS = [
  { name: "minute", max: 1, windowMs: 60_000 },
  { name: "hour", max: 5, windowMs: 60 * 60_000 },
] as const;

export type ResendVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/** In the language of the request that asked (decision 123): seconds under a minute and a half, else minutes. */
export function tooManyConfirmationMails(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 90) return m.server_error_auth_confirmation_wait_seconds({ seconds: retryAfterSeconds });
  return m.server_error_auth_confirmation_wait_minutes({ minutes: Math.ceil(retryAfterSeconds / 60) });
}

/**
 * Counts one request for a new link to this address, and says whether it may be sent. A request
 * refused by the minute's limit is not counted against the hour's.
 */
export async function hitConfirmationResend(db: Executor, email: string, now = Date.now()): Promise<ResendVerdict> {
  for (const limit of CONFIRMATION_RESEND_LIMITS) {
    const hit = await countInWindow(db, `confirmation-resend:${limit.name}:${email.toLowerCase()}`, limit.windowMs, now);
    if (hit.count > limit.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil(hit.ttlMs / 1000));
      return { allowed: false, retryAfterSeconds, message: tooManyConfirmationMails(retryAfterSeconds) };
    }
  }
  return { allowed: true };
}
