/**
 * What other features read of the listed biodata (visibility.ts) without reading the helpers
 * table themselves (decision 094): the newest for the sitemap, and how many each supplier has
 * listed for the supplier list and pages.
 */
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { helpers } from "./tables";
import { listedHelpers, type PublicRule } from "./visibility";

export interface ListedSummary {
  id: string;
  supplierId: string;
  nationality: string;
  updatedAt: Date;
}

/** The newest listed biodata first, at most `limit`. */
export function newestListed(db: Database, rule: PublicRule, limit: number): Promise<ListedSummary[]> {
  return db
    .select({ id: helpers.id, supplierId: helpers.supplierId, nationality: helpers.nationality, updatedAt: helpers.updatedAt })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(listedHelpers(rule))
    .orderBy(desc(helpers.publishedAt), desc(helpers.id))
    .limit(limit);
}

/** Every supplier with a listed biodata, and how many they have listed. */
export async function listedCounts(db: Database, rule: PublicRule): Promise<Map<string, number>> {
  const rows = await db
    .select({ supplierId: helpers.supplierId, listed: count() })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(listedHelpers(rule))
    .groupBy(helpers.supplierId);
  return new Map(rows.map((row) => [row.supplierId, row.listed]));
}

/** How many biodata one supplier has listed. */
export async function listedCount(db: Database, rule: PublicRule, supplierId: string): Promise<number> {
  const [row] = await db
    .select({ listed: count() })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(and(eq(helpers.supplierId, supplierId), listedHelpers(rule)));
  return row?.listed ?? 0;
}
