/**
 * How fast one account may create, change and delete biodata. Every listed biodata's save is
 * shown to every visitor, so it costs every instance fresh pages and a fresh search index: a
 * script saving 55 times a second slowed everyone's listing a hundredfold. A person saves far
 * less often than the limits below, and an API client updating many biodata gets through them
 * at a steady pace. Counted per account in the shared database (db/window-count.ts), so every
 * instance sees the same count; a write over either limit is refused with 429 and Retry-After.
 */
import type { Executor } from "../../../server/db/connect";
import { countInWindow } from "../../../server/db/window-count";
import { tooManyRequests } from "../../../server/http/errors";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { INTL_LOCALE } from "../../../shared/i18n/locales";
import { pageLocale } from "../../../shared/i18n/page-locale";

export interface WriteWindow {
  max: number;
  windowMs: number;
}

/** A burst of 3 a second (saving twice by mistake, a status changed right after a save), 30 a minute. */
export const DEFAULT_WRITE_LIMITS: readonly WriteWindow[] = [
  { max: 3, windowMs: 1_000 },
  { max: 30, windowMs: 60_000 },
];

export function tooManyWrites(retryAfterSeconds: number): string {
  const [amount, unit] = retryAfterSeconds < 90 ? [retryAfterSeconds, "second"] : [Math.ceil(retryAfterSeconds / 60), "minute"];
  const wait = new Intl.NumberFormat(INTL_LOCALE[pageLocale()], { style: "unit", unit, unitDisplay: "long" }).format(amount);
  return m.server_error_too_many_writes({ wait });
}

export interface WriteLimiter {
  /** Counts one write by this account; throws a 429 HttpError when it is over a limit. */
  hit(accountId: string): Promise<void>;
}

export function createWriteLimiter(db: Executor, limits: readonly WriteWindow[] = DEFAULT_WRITE_LIMITS): WriteLimiter {
  return {
    async hit(accountId) {
      const now = Date.now();
      let waitMs = 0;
      for (const { max, windowMs } of limits) {
        const hit = await countInWindow(db, `helper-write:${windowMs}:${accountId}`, windowMs, now);
        if (hit.count > max) waitMs = Math.max(waitMs, hit.ttlMs);
      }
      if (waitMs <= 0) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
      const message = tooManyWrites(retryAfterSeconds);
      throw tooManyRequests(message, retryAfterSeconds, { form: message });
    },
  };
}
