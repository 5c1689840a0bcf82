/**
 * A visitor's rights under Singapore's PDPA: to see what is kept about them and to withdraw
 * consent. Only the browser that first gave a number holds its key and has shown the number is
 * theirs (visitor-pass.ts), so only it sees the number's data and has it deleted at once; anyone
 * else's withdrawal is recorded for an operator to check and carry out within 30 days.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { rateLimit } from "../../../server/db/schema";
import { privacyRequests, visitors } from "./tables";
import { forgetMailFiles, forgetNotificationsAbout } from "../../notifications";
import { requireOperator, type Viewer } from "../../accounts";
import type { RecognisedVisitor } from "./visitor-pass";
import { visitorAbout } from "./lead-message";
import { tooManyLeadsMessage, type RateLimiter } from "./lead-rate-limit";
import type { Lead } from "../../../shared/lead-schema";
import { toLead } from "./lead-row";

export const WITHDRAWAL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Withdrawal = { done: "deleted" } | { done: "recorded"; dueBy: Date } | { done: "limited"; message: string };

export interface PrivacyRequest {
  id: string;
  phone: string;
  requestedAt: string;
  dueBy: string;
}

/** What a withdrawal needs besides the database: where mails are kept as files, and the embedded database's compaction. */
export interface Forgetting {
  /** DATA_DIR/outbox: the .eml files of the notifications deleted go with them. */
  outboxDir?: string;
  /** Rewrites the tables without the deleted rows (the embedded database; decision 154). */
  compact?: () => Promise<void>;
}

/**
 * Deletes the lead with this number (its families, conversations and messages go with it), every
 * notification that names it, delivered or not (the lead's mail, the conversation-link mail:
 * name, number, e-mail, private link), their .eml files, the withdrawal requests and the limits'
 * counts kept under the number; then compacts the embedded database, so none of it stays readable
 * in its files. The rows go together or not at all.
 */
export async function deleteLeadData(db: Database, phone: string, forgetting: Forgetting = {}): Promise<void> {
  const mails = await db.transaction(async (tx) => {
    await tx.delete(visitors).where(eq(visitors.phone, phone));
    const deleted = await forgetNotificationsAbout(tx, visitorAbout(phone));
    await tx.delete(privacyRequests).where(eq(privacyRequests.phone, phone));
    // The limits' windows counted under the number (`chat:phone:<number>`, …).
    await tx.delete(rateLimit).where(sql`${rateLimit.key} like ${`%:${phone}`}`);
    return deleted;
  });
  if (forgetting.outboxDir)
    await forgetMailFiles(
      forgetting.outboxDir,
      mails.filter((mail) => mail.channel === "file"),
    );
  await forgetting.compact?.();
}

export interface PrivacyDeps extends Forgetting {
  db: Database;
  /** The leads' limit per address: recording a request for any number counts like a lead. */
  limiter: RateLimiter;
}

export function createPrivacyService({ db, limiter, ...forgetting }: PrivacyDeps) {
  return {
    /** What is kept about the number of a visitor who proved it theirs; null for anyone else. */
    async dataOf(visitor: RecognisedVisitor | null): Promise<Lead | null> {
      if (!visitor?.owner) return null;
      const [row] = await db.select().from(visitors).where(eq(visitors.id, visitor.leadId));
      if (!row) return null;
      return toLead(row);
    },

    /**
     * Withdraws consent for `phone` (E.164). Deleted at once for the visitor who proved the number
     * theirs; otherwise recorded (once per number) for an operator, due in 30 days.
     */
    async withdraw(
      phone: string,
      visitor: RecognisedVisitor | null,
      { ip, now = new Date() }: { ip: string; now?: Date },
    ): Promise<Withdrawal> {
      if (visitor?.owner && visitor.phone === phone) {
        await deleteLeadData(db, phone, forgetting);
        return { done: "deleted" };
      }
      const hit = await limiter.hit(ip);
      if (!hit.allowed) return { done: "limited", message: tooManyLeadsMessage(hit.ttlMs) };
      const dueBy = new Date(now.getTime() + WITHDRAWAL_DAYS * DAY_MS);
      await db.insert(privacyRequests).values({ phone, requestedAt: now, dueBy }).onConflictDoNothing();
      const [open] = await db.select().from(privacyRequests).where(eq(privacyRequests.phone, phone));
      return { done: "recorded", dueBy: open?.dueBy ?? dueBy };
    },

    /** Open withdrawals for operators, the most urgent first. */
    async openRequests(viewer: Viewer | null | undefined): Promise<PrivacyRequest[]> {
      requireOperator(viewer);
      const rows = await db.select().from(privacyRequests).orderBy(asc(privacyRequests.dueBy)).limit(200);
      return rows.map((row) => ({
        id: row.id,
        phone: row.phone,
        requestedAt: row.requestedAt.toISOString(),
        dueBy: row.dueBy.toISOString(),
      }));
    },

    /** One open withdrawal (for the operator to confirm before carrying it out). */
    async openRequest(viewer: Viewer | null | undefined, id: string): Promise<PrivacyRequest | undefined> {
      requireOperator(viewer);
      const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
      return row && { id: row.id, phone: row.phone, requestedAt: row.requestedAt.toISOString(), dueBy: row.dueBy.toISOString() };
    },

    /**
     * An operator carries out a recorded withdrawal: the lead and its queued notifications go.
     * Returns the number deleted, or undefined when the withdrawal is no longer open.
     */
    async carryOut(viewer: Viewer | null | undefined, id: string): Promise<string | undefined> {
      requireOperator(viewer);
      const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.id, id));
      if (!row) return undefined;
      await deleteLeadData(db, row.phone, forgetting);
      return row.phone;
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;
