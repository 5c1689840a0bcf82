/**
 * A lead's number for another feature, one at a time (decision 190): a family writing in a
 * conversation is known by its number (blocks follow it). Lists join the read model instead
 * (`lead_phones`).
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { visitors } from "./tables";

/** The lead's number in E.164; undefined once the lead is gone (withdrawn, or past its retention). */
export async function leadPhone(db: Executor, leadId: string): Promise<string | undefined> {
  const [row] = await db.select({ phone: visitors.phone }).from(visitors).where(eq(visitors.id, leadId)).limit(1);
  return row?.phone;
}
