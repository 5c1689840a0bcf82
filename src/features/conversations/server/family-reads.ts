/**
 * The family a browser's key opens, as other features ask it (decision 190): the push feature
 * turns notices on and off for the family whose key cookie the request carries.
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../../server/db/connect";
import { familyKeyFromCookies, hashFamilyKey } from "./family-key";
import { chatFamilies } from "./tables";

/** The id of the family whose key the Cookie header holds; undefined for none. */
export async function familyIdOfCookie(db: Executor, cookieHeader: string | null | undefined): Promise<string | undefined> {
  const key = familyKeyFromCookies(cookieHeader);
  if (!key) return undefined;
  const [row] = await db
    .select({ id: chatFamilies.id })
    .from(chatFamilies)
    .where(eq(chatFamilies.keyHash, hashFamilyKey(key)));
  return row?.id;
}
