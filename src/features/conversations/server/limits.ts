/**
 * How much one family, one phone number, one address and one supplier may write, say "typing"
 * and keep open. Counted in the database every instance shares (server/db/window-count.ts and
 * the same rate-limit table for open streams), so a family or an address spreading its requests
 * over instances meets the same count, with or without Redis (decision 083); a phone number is
 * counted over every browser that gave it, an address over every identity it gave at the gate.
 * The bounds are generous for families behind a carrier's shared address (decision 152).
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, like, sql } from "drizzle-orm";
import { countInWindow } from "../../../server/db/window-count";
import type { Database, Executor } from "../../../server/db/connect";
import { rateLimit } from "../../../server/db/schema";
import { tooManyRequests } from "../../../server/http/errors";
import { retryAfterText } from "../../../server/i18n/retry-after";
import { m } from "../../../shared/i18n/compiled/messages.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface ChatLimits {
  perFamilyMinute: number;
  perPhoneHour: number;
  newPerPhoneDay: number;
  perSupplierMinute: number;
  /** Messages from one address an hour, whatever identities it gave at the gate. */
  perAddressHour: number;
  /** Event streams open at once, over every instance. */
  streamsPerFamily: number;
  streamsPerAddress: number;
  /** One "typing" a family (a supplier: a conversation) in this long. */
  typingEveryMs: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  perFamilyMinute: 20,
  perPhoneHour: 120,
  newPerPhoneDay: 20,
  perSupplierMinute: 60,
  perAddressHour: 60,
  streamsPerFamily: 10,
  streamsPerAddress: 100,
  typingEveryMs: 3_000,
};

/** An open stream's lease lives this long unless its heartbeat renews it: a stopped instance's streams stop counting. */
export const STREAM_LEASE_MS = 60_000;
const STREAM = "chat-stream|";

type Refusal = (when: string) => string;

function refuse(ttlMs: number, words: Refusal): never {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  throw tooManyRequests(words(retryAfterText(ttlMs)), seconds);
}

async function within(db: Executor, key: string, windowMs: number, max: number, words: Refusal): Promise<void> {
  const hit = await countInWindow(db, key, windowMs);
  if (hit.count > max) refuse(hit.ttlMs, words);
}

/** `%` and `_` match literally in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_|]/g, (c) => `\\${c}`);

/** An open stream as the limits count it, until `release`. */
export interface StreamLease {
  /** Says the stream is still open (its heartbeat, well within STREAM_LEASE_MS). */
  renew(): Promise<void>;
  release(): Promise<void>;
}

export function chatLimiter(db: Database, limits: ChatLimits) {
  /** Families (a supplier's conversations) whose last "typing" this instance let through, until when the next may come. */
  const typingUntil = new Map<string, number>();
  return {
    limits,
    async familyMessage(familyId: string, phone: string, address?: string) {
      await within(db, `chat:family:${familyId}`, MINUTE, limits.perFamilyMinute, (when) => m.server_error_too_many_messages({ when }));
      await within(db, `chat:phone:${phone}`, HOUR, limits.perPhoneHour, (when) => m.server_error_too_many_messages_phone({ when }));
      if (address) {
        await within(db, `chat:address:${address}`, HOUR, limits.perAddressHour, (when) =>
          m.server_error_too_many_messages_address({ when }),
        );
      }
    },
    async newConversation(phone: string) {
      await within(db, `chat:start:${phone}`, DAY, limits.newPerPhoneDay, (when) => m.server_error_too_many_conversations({ when }));
    },
    async supplierMessage(supplierId: string) {
      await within(db, `chat:supplier:${supplierId}`, MINUTE, limits.perSupplierMinute, (when) =>
        m.server_error_too_many_messages({ when }),
      );
    },

    /**
     * One "typing" per `who` (a family, or a supplier in one conversation) in `typingEveryMs`.
     * A burst is refused by this instance's memory without asking the database; the count in
     * the database holds the bound over instances.
     */
    async typing(who: string) {
      const now = Date.now();
      const until = typingUntil.get(who) ?? 0;
      if (until > now) refuse(until - now, (when) => m.server_error_too_many_typing({ when }));
      if (typingUntil.size > 10_000) for (const [key, at] of typingUntil) if (at <= now) typingUntil.delete(key);
      const hit = await countInWindow(db, `chat:typing:${who}`, limits.typingEveryMs, now);
      typingUntil.set(who, now + hit.ttlMs);
      if (hit.count > 1) refuse(hit.ttlMs, (when) => m.server_error_too_many_typing({ when }));
    },

    /**
     * Counts an event stream opening for `familyId` (when a family opens it; for an inbox
     * stream, the account's `inboxLeaseOwner`, its tabs counted as a family's) from `address`:
     * refused over `streamsPerFamily` or `streamsPerAddress` open on every instance. The count
     * and the lease are taken under the family's and the address's locks, so parallel openings
     * on several instances cannot all pass.
     */
    async openStream(familyId: string | undefined, address: string): Promise<StreamLease> {
      const now = Date.now();
      const family = familyId ?? "-";
      const key = `${STREAM}${family}|${address}|${randomUUID()}`;
      const open = and(like(rateLimit.key, `${literal(STREAM)}%`), gt(rateLimit.lastRequest, now - STREAM_LEASE_MS));
      const refused = await db.transaction(async (tx) => {
        // One lock order (the family's, then the address's): no two openings wait on each other.
        if (familyId) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-stream-family:${familyId}`}))`);
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chat-stream-address:${address}`}))`);
        const [counts] = await tx
          .select({
            family: sql<number>`count(*) filter (where ${rateLimit.key} like ${`${literal(`${STREAM}${family}|`)}%`})`.mapWith(Number),
            address: sql<number>`count(*) filter (where ${rateLimit.key} like ${`${literal(STREAM)}%${literal(`|${address}|`)}%`})`.mapWith(
              Number,
            ),
          })
          .from(rateLimit)
          .where(open);
        if ((familyId && counts!.family >= limits.streamsPerFamily) || counts!.address >= limits.streamsPerAddress) return true;
        await tx.insert(rateLimit).values({ id: randomUUID(), key, count: 1, lastRequest: now });
        return false;
      });
      // Leases of streams that ended without saying so (a stopped instance) go after their time.
      if (Math.random() < 0.05) {
        await db
          .delete(rateLimit)
          .where(and(like(rateLimit.key, `${literal(STREAM)}%`), sql`${rateLimit.lastRequest} <= ${now - STREAM_LEASE_MS}`));
      }
      // A stream that is refused has nothing to wait for but others closing: a minute is a fair guess.
      if (refused) refuse(MINUTE, (when) => m.server_error_too_many_streams({ when }));
      return {
        renew: async () => {
          await db.update(rateLimit).set({ lastRequest: Date.now() }).where(eq(rateLimit.key, key));
        },
        release: async () => {
          await db.delete(rateLimit).where(eq(rateLimit.key, key));
        },
      };
    },
  };
}
