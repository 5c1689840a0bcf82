/**
 * The agency's EA personnel a biodata names (decision 163): the one its agency chose for it (kept
 * here, on the biodata), else its first registered, which the suppliers feature keeps. Its page
 * and its PDF print them beside the licence.
 */
import { and, eq } from "drizzle-orm";
import type { EaPersonnel } from "../../../shared/ea-personnel";
import type { Database } from "../../../server/db/connect";
import { helpers } from "./tables";
import { namedPersonnel } from "../../suppliers";

export async function personnelNamedBy(db: Database, helper: { id: string; supplierId: string }): Promise<EaPersonnel | null> {
  const [row] = await db
    .select({ chosen: helpers.eaPersonnelId })
    .from(helpers)
    .where(and(eq(helpers.id, helper.id), eq(helpers.supplierId, helper.supplierId)));
  return namedPersonnel(db, helper.supplierId, row?.chosen ?? null);
}
