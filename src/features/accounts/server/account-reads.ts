/**
 * What other features read of one account, through this feature's index rather than by a query
 * of their own on its tables (decision 190): its read model's row, its name, and whether its
 * avatar is an image.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { accountProfiles, user, type AccountProfile } from "./tables";

/** The account as other features may read it (`account_profiles`); undefined when no account has this id. */
export async function accountProfile(db: Executor, id: string): Promise<AccountProfile | undefined> {
  const [row] = await db.select().from(accountProfiles).where(eq(accountProfiles.id, id)).limit(1);
  return row;
}

/** The account's name; null when no account has this id (deleted). */
export async function accountName(db: Executor, id: string): Promise<string | null> {
  return (await accountProfile(db, id))?.name ?? null;
}

/**
 * Whether an account shows this stored image as its avatar: the media feature asks before it
 * deletes an image's files, in the transaction that holds the image's lock.
 */
export async function avatarUsesImage(tx: Executor, key: string): Promise<boolean> {
  const found = await tx.select({ id: user.id }).from(user).where(eq(user.image, key)).limit(1);
  return found.length > 0;
}
