/**
 * Blocks that follow the family: by its number (a keyed hash, so the number itself is not kept
 * once the lead is withdrawn) and by its browser keys (the family, and every family of the same
 * lead, that is of the same number). A supplier's block holds for its helpers, an operator's
 * everywhere. Numbers are typed, not proven, so every block is logged and any operator lifts any.
 * The log names the accounts from the accounts' read model (decision 190).
 */
import { createHmac } from "node:crypto";
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { notFound } from "../../../server/http/errors";
import { accountProfiles } from "../../accounts";
import { chatBlocks, chatFamilies } from "./tables";

/** Who a family is to the blocks: its number, its lead, and the family its browser key names. */
export interface BlockedParty {
  phone?: string | null;
  leadId?: string | null;
  familyId?: string | null;
}

export interface BlockLogEntry {
  id: string;
  scope: "supplier" | "everywhere";
  supplier: string | null;
  blockedBy: string | null;
  reason: string;
  createdAt: string;
  liftedAt: string | null;
  liftedBy: string | null;
  familyName: string | null;
}

export const MAX_BLOCK_REASON = 500;

export function createBlocks(db: Executor, phoneKey: string | Buffer) {
  const phoneHash = (phone: string) => createHmac("sha256", phoneKey).update(phone).digest("base64url");

  function whoMatches(party: BlockedParty): SQL | undefined {
    const matches: SQL[] = [];
    if (party.phone) matches.push(eq(chatBlocks.phoneHash, phoneHash(party.phone)));
    if (party.familyId) matches.push(eq(chatBlocks.familyId, party.familyId));
    if (party.leadId) {
      matches.push(
        inArray(chatBlocks.familyId, db.select({ id: chatFamilies.id }).from(chatFamilies).where(eq(chatFamilies.leadId, party.leadId))),
      );
    }
    return matches.length > 0 ? or(...matches) : undefined;
  }

  /** The active block that keeps the party from `supplierId`'s helpers (or from every helper, with none). */
  async function blocking(party: BlockedParty, supplierId?: string, executor: Executor = db): Promise<"supplier" | "everywhere" | null> {
    const who = whoMatches(party);
    if (!who) return null;
    const rows = await executor
      .select({ supplierId: chatBlocks.supplierId })
      .from(chatBlocks)
      .where(
        and(
          isNull(chatBlocks.liftedAt),
          who,
          supplierId ? or(isNull(chatBlocks.supplierId), eq(chatBlocks.supplierId, supplierId)) : isNull(chatBlocks.supplierId),
        ),
      );
    if (rows.some((row) => row.supplierId === null)) return "everywhere";
    return rows.length > 0 ? "supplier" : null;
  }

  return {
    blocking,

    /** Blocks a family (its number and browser keys); one active block per party and scope. */
    async block(executor: Executor, input: { familyId: string; phone: string; supplierId: string | null; by: string; reason: string }) {
      const active = await blocking({ familyId: input.familyId, phone: input.phone }, input.supplierId ?? undefined, executor);
      if (active === "everywhere" || (active === "supplier" && input.supplierId)) return;
      await executor.insert(chatBlocks).values({
        phoneHash: phoneHash(input.phone),
        familyId: input.familyId,
        supplierId: input.supplierId,
        blockedBy: input.by,
        reason: input.reason.trim().slice(0, MAX_BLOCK_REASON),
      });
    },

    /** Lifts the party's active blocks of one scope (a supplier's own, or the operators'). */
    async liftFor(executor: Executor, party: BlockedParty, supplierId: string | null, by: string): Promise<number> {
      const who = whoMatches(party);
      if (!who) return 0;
      const lifted = await executor
        .update(chatBlocks)
        .set({ liftedAt: new Date(), liftedBy: by })
        .where(and(isNull(chatBlocks.liftedAt), who, supplierId ? eq(chatBlocks.supplierId, supplierId) : isNull(chatBlocks.supplierId)))
        .returning({ id: chatBlocks.id });
      return lifted.length;
    },

    /** An operator lifts one block of the log, whoever made it; returns the family's name (none once withdrawn). */
    async lift(blockId: string, by: string): Promise<{ familyName: string | null }> {
      const [lifted] = await db
        .update(chatBlocks)
        .set({ liftedAt: new Date(), liftedBy: by })
        .where(and(eq(chatBlocks.id, blockId), isNull(chatBlocks.liftedAt)))
        .returning({ familyId: chatBlocks.familyId });
      if (!lifted) throw notFound("No such block in force.");
      if (!lifted.familyId) return { familyName: null };
      const [family] = await db.select({ name: chatFamilies.name }).from(chatFamilies).where(eq(chatFamilies.id, lifted.familyId));
      return { familyName: family?.name ?? null };
    },

    /** The log, newest first: who blocked whom, when, why, and who lifted it. */
    async log(limit = 200): Promise<BlockLogEntry[]> {
      const rows = await db
        .select({
          id: chatBlocks.id,
          supplierId: chatBlocks.supplierId,
          supplier: sql<
            string | null
          >`(select coalesce(nullif(u.company_name, ''), u.name) from ${accountProfiles} u where u.id = ${chatBlocks.supplierId})`,
          blockedBy: sql<string | null>`(select u.name from ${accountProfiles} u where u.id = ${chatBlocks.blockedBy})`,
          liftedBy: sql<string | null>`(select u.name from ${accountProfiles} u where u.id = ${chatBlocks.liftedBy})`,
          reason: chatBlocks.reason,
          createdAt: chatBlocks.createdAt,
          liftedAt: chatBlocks.liftedAt,
          familyName: chatFamilies.name,
        })
        .from(chatBlocks)
        .leftJoin(chatFamilies, eq(chatFamilies.id, chatBlocks.familyId))
        .orderBy(desc(chatBlocks.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        scope: row.supplierId ? "supplier" : "everywhere",
        supplier: row.supplier,
        blockedBy: row.blockedBy,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        liftedAt: row.liftedAt?.toISOString() ?? null,
        liftedBy: row.liftedBy,
        familyName: row.familyName,
      }));
    },
  };
}

export type Blocks = ReturnType<typeof createBlocks>;
