/**
 * Who uploaded each stored image, and what uses it. A key is public (it is in the image's
 * address), so knowing one must not let another account take the image into its biodata,
 * notes or avatar, nor have it deleted by replacing it. Files go only once nothing uses them.
 */
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { mediaFileNames } from "../../../shared/media";
import type { Viewer } from "../../accounts";
import type { Database, Executor } from "../../../server/db/connect";
import { avatarUsesImage } from "../../accounts";
import { uploads } from "./tables";
import { deleteImage } from "./images";
import type { MediaStorage } from "./storage";

export type UploadPurpose = "helper" | "avatar";

/** An upload nothing has used by then is an orphan (an abandoned form, a replaced picture). */
export const ORPHAN_AFTER_MS = 24 * 60 * 60 * 1000;

export async function recordUpload(db: Executor, key: string, ownerId: string, purpose: UploadPurpose): Promise<void> {
  await db.insert(uploads).values({ key, ownerId, purpose });
}

/** Holds the key until the transaction ends, so a save and the sweep never cross on one image. */
export async function lockKey(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * Keys the viewer may not use: not uploaded by their account (or swept since). Operators may
 * use any image this site stores. Call inside the transaction that takes the keys into use.
 */
export async function keysNotOwned(tx: Executor, viewer: Viewer, keys: string[]): Promise<string[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0 || viewer.role === "operator") return [];
  for (const key of unique.toSorted()) await lockKey(tx, key);
  const owned = await tx
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(inArray(uploads.key, unique), eq(uploads.ownerId, viewer.id)));
  const ownedKeys = new Set(owned.map((row) => row.key));
  return unique.filter((key) => !ownedKeys.has(key));
}

export async function markUsed(tx: Executor, keys: string[], usedBy: string): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .update(uploads)
    .set({ usedBy })
    .where(inArray(uploads.key, [...new Set(keys)]));
}

const MEDIA_URL = /\/media\/((?:helpers|avatars)\/[A-Za-z0-9_-]{8,64})\.webp/g;

/** The stored images a notes text shows (its pictures are addresses under /media/). */
export function mediaKeysInNotes(html: string): string[] {
  const keys = new Set<string>();
  for (const match of html.matchAll(MEDIA_URL)) keys.add(match[1]!.replace(/-thumb$/, ""));
  return [...keys];
}

/**
 * Whether a feature's records show this image (a biodata's photo or notes), asked inside the
 * transaction that holds the image's lock. The composition root hands it over, so this feature
 * reads no other feature's tables (decision 094).
 */
export type ImageUsedElsewhere = (tx: Executor, key: string) => Promise<boolean>;

/** Whether a biodata (asked through `usedElsewhere`) or an avatar (asked of the accounts feature) uses this image. */
async function isReferenced(tx: Executor, key: string, usedElsewhere: ImageUsedElsewhere): Promise<boolean> {
  return (await usedElsewhere(tx, key)) || (await avatarUsesImage(tx, key));
}

/**
 * After a write that dropped `keys` has committed: removes each one's record and files if
 * nothing uses it any more. A failure only leaves files for the sweep.
 */
export async function releaseUnused(
  db: Database,
  storage: MediaStorage,
  keys: (string | null | undefined)[],
  usedElsewhere: ImageUsedElsewhere,
  log?: { warn(details: object, message: string): void },
): Promise<void> {
  for (const key of new Set(keys)) {
    if (!key) continue;
    try {
      const unused = await db.transaction(async (tx) => {
        await lockKey(tx, key);
        if (await isReferenced(tx, key, usedElsewhere)) return false;
        await tx.delete(uploads).where(eq(uploads.key, key));
        return true;
      });
      if (unused) await deleteImage(storage, key);
    } catch (error) {
      log?.warn({ err: error, key }, "could not delete an image nothing uses");
    }
  }
}

/**
 * The daily sweep: uploads older than a day that nothing uses (never used, photos of deleted
 * biodata, pictures dropped from notes) lose their record and their files.
 */
export async function sweepOrphanUploads(
  db: Database,
  storage: MediaStorage,
  usedElsewhere: ImageUsedElsewhere,
  now = new Date(),
): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - ORPHAN_AFTER_MS);
  const candidates = await db.select({ key: uploads.key }).from(uploads).where(lt(uploads.createdAt, before));
  let deleted = 0;
  for (const { key } of candidates) {
    const orphan = await db.transaction(async (tx) => {
      await lockKey(tx, key);
      if (await isReferenced(tx, key, usedElsewhere)) return false;
      const gone = await tx.delete(uploads).where(eq(uploads.key, key)).returning({ key: uploads.key });
      return gone.length > 0;
    });
    if (orphan) {
      await deleteImage(storage, key);
      deleted += 1;
    }
  }
  return { deleted };
}

/** The files a key names, for a check that an upload really arrived. */
export async function storedFileExists(storage: MediaStorage, key: string): Promise<boolean> {
  const stored = await storage.get(mediaFileNames(key).full);
  stored?.body.destroy();
  return Boolean(stored);
}
