/**
 * A counter per key over a fixed window, for limits every instance must share: the counts live
 * in better-auth's rate-limit table (under keys of the site's own), and one statement counts and
 * reads, so concurrent hits on several instances agree.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/connect";
import { rateLimit } from "../db/schema";

/** Counts one hit on `key`: how many in the current window, and the milliseconds it has left. */
export async function countHit(db: Executor, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; ttlMs: number }> {
  const expired = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      // last_request holds when the current window started.
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, startedAt: rateLimit.lastRequest });
  return { count: row!.count, ttlMs: row!.startedAt + windowMs - now };
}
