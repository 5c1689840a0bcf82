/**
 * How many leads one address may submit in a window, counted the same for POST /api/leads and
 * for the /filters gate. Counters live in Redis when REDIS_URL is set, so every instance sees
 * the same count; otherwise (and while Redis does not answer) in this process's memory.
 */
import { Redis } from "ioredis";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { retryAfterText } from "../../../server/i18n/retry-after";

export interface LeadLimits {
  max: number;
  windowMs: number;
  /** Redis key prefix; tests give each suite its own. */
  keyPrefix?: string;
}

export const DEFAULT_LEAD_LIMITS: LeadLimits = { max: 10, windowMs: 60_000 };

export interface Hit {
  /** Requests in the current window, this one included. */
  count: number;
  /** Until the window ends. */
  ttlMs: number;
  allowed: boolean;
}

export interface RateLimiter {
  readonly limits: LeadLimits;
  hit(key: string): Promise<Hit>;
  close(): Promise<void>;
}

export interface LimiterLog {
  warn(object: object, message: string): void;
}

export function createRateLimiter(limits: LeadLimits, options: { redisUrl?: string; log?: LimiterLog } = {}): RateLimiter {
  return options.redisUrl ? redisLimiter(limits, options.redisUrl, options.log) : memoryLimiter(limits);
}

function memoryLimiter(limits: LeadLimits): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    limits,
    async hit(key) {
      const now = Date.now();
      if (now >= nextSweep) {
        // Forget finished windows so one-off addresses do not pile up.
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + limits.windowMs;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + limits.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, ttlMs: window.resetAt - now, allowed: window.count <= limits.max };
    },
    async close() {
      windows.clear();
    },
  };
}

// Count and start the window in one step, so concurrent requests on several instances agree.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Services are built before the app's logger exists; a plain line is better than silence.
const consoleLog: LimiterLog = { warn: (object, message) => console.warn(`${message}: ${JSON.stringify(object)}`) };

/**
 * Shared counters in Redis; while Redis does not answer, this instance's own counters, so the
 * limit holds (per instance) through an outage instead of turning off. One line when Redis goes
 * away and one when it is back, however many requests and reconnection attempts lie between.
 */
function redisLimiter(limits: LeadLimits, url: string, log: LimiterLog = consoleLog): RateLimiter {
  const prefix = limits.keyPrefix ?? "dh:lead-limit:";
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, commandTimeout: 1_000 });
  const fallback = memoryLimiter(limits);
  let down = false;
  const wentDown = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "lead rate limit: Redis unavailable, limiting per instance");
  };
  // ioredis reports every failed reconnection here; without a listener each would be thrown.
  redis.on("error", wentDown);
  return {
    limits,
    async hit(key) {
      // Once Redis is known to be away, nothing waits for it until it is connected again; at
      // start a count waits (briefly) for the first connection instead.
      if (down && redis.status !== "ready") return fallback.hit(key);
      try {
        const [count, ttlMs] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, String(limits.windowMs))) as [number, number];
        if (down) {
          down = false;
          log.warn({}, "lead rate limit: Redis answers again, limits shared between instances");
        }
        return { count, ttlMs, allowed: count <= limits.max };
      } catch (error) {
        wentDown(error);
        return fallback.hit(key);
      }
    },
    async close() {
      await fallback.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function tooManyLeadsMessage(ttlMs: number): string {
  return m.server_error_too_many_leads({ when: retryAfterText(ttlMs) });
}
