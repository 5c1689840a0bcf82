/**
 * A biodata's name and reference for another feature, one at a time (decision 190): a
 * conversation's header names her, whatever her status. Lists join the read model instead
 * (`helper_names`).
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { helpers } from "./tables";

export async function helperName(db: Executor, id: string): Promise<{ name: string; ref: string } | undefined> {
  const [row] = await db.select({ name: helpers.name, ref: helpers.ref }).from(helpers).where(eq(helpers.id, id)).limit(1);
  return row;
}
