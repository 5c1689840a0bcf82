/**
 * How often an account may ask for its confirmation link again: once a minute and five times an
 * hour, counted per address (every instance sharing the counts, window-count.ts). Enough for a
 * mail lost to a spam folder; not a way to fill someone's inbox from the site.
 */
import type { Executor } from "../../../server/db/connect";
import { countInWindow } from "../../../server/db/window-count";

export const CONFIRMATION_RESEND_LIMITS = [
  { name: "minute", max: 1, windowMs: 60_000 },
  { name: "hour", max: 5, windowMs: 60 * 60_000 },
] as const;

export type ResendVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function tooManyConfirmationMails(retryAfterSeconds: number): string {
  return `We sent you a link a short while ago: look for it in your inbox and spam folder. You can ask for another in ${waitText(retryAfterSeconds)}.`;
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
