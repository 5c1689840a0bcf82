/**
 * A family's shortlist kept in its space (docs/glossary.md), so the family's other devices show
 * the same list. The family is the one its key opens (the conversations feature says which);
 * the helpers are named and marked by their owner's read model (reserved, hired: decision 190).
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { FeatureGround } from "../../server/feature";
import { badRequest, notFound } from "../../server/http/errors";
import { cleanShortlist, SHORTLIST_MAX } from "../../shared/shortlist";
import { m } from "../../shared/i18n/compiled/messages.js";
import type { ConversationService } from "../conversations";
import { helperNames } from "../helpers";
import { familyShortlists } from "./server/tables";

export interface ShortlistNeeds {
  conversations: Pick<ConversationService, "familyIdOf">;
}

/** A shortlisted helper as the space shows her: reserved or hired ones are marked. */
export interface KeptHelper {
  id: string;
  name: string;
  ref: string;
  status: string;
}

export function createShortlistService({ db, conversations }: FeatureGround & ShortlistNeeds) {
  async function familyOf(key: string | null): Promise<string> {
    const familyId = await conversations.familyIdOf(key);
    if (!familyId) throw notFound(m.shortlist_no_space());
    return familyId;
  }

  async function helpersOf(familyId: string): Promise<KeptHelper[]> {
    return db
      .select({ id: helperNames.id, name: helperNames.name, ref: helperNames.ref, status: helperNames.status })
      .from(familyShortlists)
      .innerJoin(helperNames, eq(helperNames.id, familyShortlists.helperId))
      .where(eq(familyShortlists.familyId, familyId))
      .orderBy(asc(familyShortlists.position));
  }

  return {
    /** The shortlist of the family a key opens, with each helper's name and status; null for no family. */
    async ofKey(key: string | null): Promise<KeptHelper[] | null> {
      const familyId = await conversations.familyIdOf(key);
      return familyId ? helpersOf(familyId) : null;
    },
    /** The ids of the family's shortlist, in its order. */
    ids: async (key: string | null) => (await helpersOf(await familyOf(key))).map((helper) => helper.id),
    /**
     * Replaces the family's shortlist (at most six helpers; ids of no biodata are left out), in one
     * transaction, and answers the list as kept.
     */
    async save(key: string | null, ids: unknown): Promise<string[]> {
      if (!Array.isArray(ids) || ids.length > SHORTLIST_MAX || cleanShortlist(ids).length !== ids.length) {
        throw badRequest(m.shortlist_invalid({ max: SHORTLIST_MAX }), { ids: m.shortlist_invalid({ max: SHORTLIST_MAX }) });
      }
      const familyId = await familyOf(key);
      const wanted = cleanShortlist(ids);
      await db.transaction(async (tx) => {
        const existing = wanted.length
          ? new Set((await tx.select({ id: helperNames.id }).from(helperNames).where(inArray(helperNames.id, wanted))).map((row) => row.id))
          : new Set<string>();
        await tx.delete(familyShortlists).where(eq(familyShortlists.familyId, familyId));
        const rows = wanted.filter((id) => existing.has(id)).map((helperId, position) => ({ familyId, helperId, position }));
        if (rows.length > 0) await tx.insert(familyShortlists).values(rows);
      });
      return (await helpersOf(familyId)).map((helper) => helper.id);
    },
    /** The families keeping these helpers in their shortlist (the alerts tell them of a change of status). */
    keepers: async (helperIds: readonly string[]): Promise<{ familyId: string; helperId: string }[]> =>
      helperIds.length === 0
        ? []
        : db
            .select({ familyId: familyShortlists.familyId, helperId: familyShortlists.helperId })
            .from(familyShortlists)
            .where(inArray(familyShortlists.helperId, [...helperIds])),
  };
}

export type ShortlistService = ReturnType<typeof createShortlistService>;
