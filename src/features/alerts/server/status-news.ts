/**
 * A helper a family shortlisted or wrote about became reserved or hired: the news waits for the
 * family's next digest. A change of status is told from an edit of another field by the status
 * the alerts saw last (`alert_helper_statuses`); the row that records the change is updated by
 * one delivery only, so two instances hearing of it tell the family once.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { helperNames } from "../../helpers";
import { alertHelperStatuses, alertStatusNews, savedSearches } from "./tables";

/** The statuses a family is told of. */
export const NEWS_STATUSES = ["reserved", "hired"] as const;

type Holders = (helperIds: readonly string[]) => Promise<{ familyId: string; helperId: string }[]>;

export async function noteStatusNews(db: Database, helperIds: readonly string[], holders: Holders[]): Promise<number> {
  if (helperIds.length === 0) return 0;
  const now = await db
    .select({ id: helperNames.id, status: helperNames.status })
    .from(helperNames)
    .where(inArray(helperNames.id, [...helperIds]));
  // Deleted since: nothing to tell.
  if (now.length === 0) return 0;
  // Who kept the helpers that may be news, read before the transaction (the holders read through
  // their own services, and the embedded database has one connection).
  const candidates = now.filter((helper) => (NEWS_STATUSES as readonly string[]).includes(helper.status)).map((helper) => helper.id);
  const families = candidates.length > 0 ? (await Promise.all(holders.map((holder) => holder(candidates)))).flat() : [];
  const became: { id: string; status: string }[] = [];
  await db.transaction(async (tx) => {
    // Seen for the first time: nothing to compare with, so no news. Then one statement for the
    // rest: each row changes (and is news) for one delivery only.
    await tx
      .insert(alertHelperStatuses)
      .values(now.map((helper) => ({ helperId: helper.id, status: helper.status })))
      .onConflictDoNothing();
    const ids = now.map((helper) => helper.id);
    const statuses = now.map((helper) => helper.status);
    const changed = await tx.execute(sql`
      update ${alertHelperStatuses} s set status = v.status
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(statuses)}::text[]) as v(id, status)
      where s.helper_id = v.id and s.status <> v.status
      returning s.helper_id as id, v.status`);
    // Both drivers answer with { rows }.
    for (const row of (changed as unknown as { rows: { id: string; status: string }[] }).rows) {
      if ((NEWS_STATUSES as readonly string[]).includes(row.status)) became.push(row);
    }
    if (became.length === 0) return;
    const statusOf = new Map(became.map((helper) => [helper.id, helper.status]));
    const told = families.filter((row) => statusOf.has(row.helperId));
    const rows = [...new Map(told.map((row) => [`${row.familyId}:${row.helperId}`, row])).values()];
    if (rows.length === 0) return;
    // Only a family with a digest to carry it hears of it.
    const digesting = await tx
      .selectDistinct({ familyId: savedSearches.familyId })
      .from(savedSearches)
      .where(
        and(
          eq(savedSearches.frequency, "daily"),
          isNotNull(savedSearches.confirmedAt),
          isNull(savedSearches.unsubscribedAt),
          inArray(savedSearches.familyId, [...new Set(rows.map((row) => row.familyId))]),
        ),
      );
    const withDigest = new Set(digesting.map((row) => row.familyId));
    const values = rows.filter((row) => withDigest.has(row.familyId)).map((row) => ({ ...row, status: statusOf.get(row.helperId)! }));
    if (values.length > 0) await tx.insert(alertStatusNews).values(values).onConflictDoNothing();
  });
  return became.length;
}

/** The news not yet told to a family, oldest first. */
export function unsentNews(db: Pick<Database, "select">, familyId: string) {
  return db
    .select({ helperId: alertStatusNews.helperId, status: alertStatusNews.status })
    .from(alertStatusNews)
    .where(and(eq(alertStatusNews.familyId, familyId), isNull(alertStatusNews.sentAt)))
    .orderBy(alertStatusNews.noticedAt);
}
