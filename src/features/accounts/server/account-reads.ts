/**
 * What other features read of one account, through this feature's index rather than by a query
 * of their own on its tables (decision 187).
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { user } from "./tables";

/** The account's name; null when no account has this id (deleted). */
export async function accountName(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, id)).limit(1);
  return row?.name ?? null;
}
