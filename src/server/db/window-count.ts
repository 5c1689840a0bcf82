/**
 * A count of events in a fixed window, kept in the database every instance shares (better-auth's
 * rate-limit table, under keys of their own), counted and read in one statement so concurrent
 * requests on several instances agree. The limits on password checks, confirmation mails and
 * biodata writes use it.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "./connect";
import { rateLimit } from "./schema";

/** Counts one event under `key`: how many the current window holds now, and how long it still runs. */
export async function countInWindow(
  db: Executor,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ count: number; ttlMs: number }> {
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
  // A window another request opened with a later clock is still at most `windowMs` long from here.
  return { count: row!.count, ttlMs: Math.min(windowMs, row!.startedAt + windowMs - now) };
}
