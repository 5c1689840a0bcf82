/**
 * Which of many listing filters one biodata answers, by the listing's own conditions
 * (listingConditions): a saved search matches exactly what its listing would show. The filters
 * are evaluated together in one query per chunk, each as a column of the biodata's one row.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { HelperFilter } from "../../../shared/listing-query";
import type { Database, Executor } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { listingConditions } from "./helper-reads";
import { helpers } from "./tables";
import type { PublicRule } from "./visibility";

/** Filters per query: a few hundred columns keep one statement small enough to plan at once. */
const CHUNK = 400;

/** The indexes of the filters the biodata answers now (none when she is not listed). */
export async function filtersMatched(
  db: Database,
  rule: PublicRule,
  helperId: string,
  filters: readonly HelperFilter[],
  now = new Date(),
): Promise<number[]> {
  const matched: number[] = [];
  for (let start = 0; start < filters.length; start += CHUNK) {
    const chunk = filters.slice(start, start + CHUNK);
    const columns = chunk.map((filter) => sql`coalesce((${and(...listingConditions(filter, rule, now))}), false)`);
    const row = await db
      .select({ answers: sql<boolean[]>`array[${sql.join(columns, sql`, `)}]` })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(eq(helpers.id, helperId));
    row[0]?.answers.forEach((answer, index) => {
      if (answer) matched.push(start + index);
    });
  }
  return matched;
}

/** The ids of the listed biodata a filter answers now (at most `limit`), with the same conditions. */
export async function idsMatching(
  db: Executor,
  rule: PublicRule,
  filter: HelperFilter,
  limit: number,
  among?: readonly string[],
): Promise<string[]> {
  const where: SQL[] = listingConditions(filter, rule);
  if (among) where.push(inArray(helpers.id, [...among]));
  const rows = await db
    .select({ id: helpers.id })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(and(...where))
    .limit(limit);
  return rows.map((row) => row.id);
}
