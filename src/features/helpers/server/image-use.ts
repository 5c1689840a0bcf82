/**
 * Whether a biodata shows a stored image: as its photo, or as a picture in its notes. The media
 * feature asks before it deletes an image's files (a replaced photo, the daily sweep), inside the
 * transaction that holds the image's lock; it is handed this check rather than reading the
 * helpers table itself (decision 094).
 */
import { eq, or, sql } from "drizzle-orm";
import { mediaFileNames, MEDIA_PREFIX } from "../../../shared/media";
import type { Executor } from "../../../server/db/connect";
import { helpers } from "./tables";

export async function biodataUsesImage(tx: Executor, key: string): Promise<boolean> {
  const files = mediaFileNames(key);
  const inNotes = (name: string) => sql`${helpers.specialNotes} like ${`%${MEDIA_PREFIX}${name}%`}`;
  const found = await tx
    .select({ id: helpers.id })
    .from(helpers)
    .where(or(eq(helpers.photo, key), inNotes(files.full), inNotes(files.thumb)))
    .limit(1);
  return found.length > 0;
}
