/**
 * One limit on every check of an account's current password (the e-mail change, the password
 * change, anything later): a stolen session must not become a way to guess the password. Each
 * check counts once against the account and once against the address; past 5 in 15 minutes on
 * either, the check is refused until that window ends. The counters are shared by every
 * instance (window-count.ts).
 */
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Executor } from "../../../server/db/connect";
import { countInWindow } from "../../../server/db/window-count";

export interface PasswordCheckLimits {
  max: number;
  windowMs: number;
}

export const DEFAULT_PASSWORD_CHECK_LIMITS: PasswordCheckLimits = { max: 5, windowMs: 15 * 60_000 };

export type PasswordCheckVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

export interface PasswordCheckLimiter {
  /** Counts one check by this account from this address, and says whether it may go ahead. */
  hit(userId: string, address: string | null | undefined): Promise<PasswordCheckVerdict>;
}

export function tooManyPasswordChecks(retryAfterSeconds: number): string {
  return m.server_error_auth_too_many_password_checks({ minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}

export function createPasswordCheckLimiter(
  db: Executor,
  limits: PasswordCheckLimits = DEFAULT_PASSWORD_CHECK_LIMITS,
): PasswordCheckLimiter {
  return {
    async hit(userId, address) {
      const now = Date.now();
      const keys = [`current-password:account:${userId}`];
      if (address) keys.push(`current-password:address:${address}`);
      let waitMs = 0;
      for (const key of keys) {
        const hit = await countInWindow(db, key, limits.windowMs, now);
        if (hit.count > limits.max) waitMs = Math.max(waitMs, hit.ttlMs);
      }
      if (waitMs <= 0) return { allowed: true };
      const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
      return { allowed: false, retryAfterSeconds, message: tooManyPasswordChecks(retryAfterSeconds) };
    },
  };
}
