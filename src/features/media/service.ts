/**
 * The media feature's service: storing an uploaded photo (checked by content, re-encoded) for
 * the upload API and for page forms that carry the file themselves.
 */
import type { Viewer } from "../accounts";
import { requireUser } from "../accounts";
import type { Database } from "../../server/db/connect";
import { deleteImage, type MediaFolder } from "./server/images";
import type { MediaStorage } from "./server/storage";
import { storeUpload, type StoredUpload } from "./server/upload-checks";
import { recordUpload, type UploadPurpose } from "./server/uploads";

export type { UploadPurpose };

const folders: Record<UploadPurpose, MediaFolder> = { helper: "helpers", avatar: "avatars" };

export function isUploadPurpose(purpose: string): purpose is UploadPurpose {
  return Object.hasOwn(folders, purpose);
}

export interface MediaServiceDeps {
  db: Database;
  storage: MediaStorage;
}

export function createMediaService({ db, storage }: MediaServiceDeps) {
  return {
    /**
     * Stores a signed-in user's photo for a biodata or an avatar, recorded as theirs (only its
     * owner may then use it); a bad file is a 400 or 413.
     */
    async store(viewer: Viewer | null | undefined, purpose: UploadPurpose, input: Buffer): Promise<StoredUpload> {
      const user = requireUser(viewer);
      const stored = await storeUpload(storage, folders[purpose], input);
      try {
        await recordUpload(db, stored.key, user.id, purpose);
      } catch (error) {
        // An image nobody owns could never be used: take its files away again.
        await deleteImage(storage, stored.key).catch(() => undefined);
        throw error;
      }
      return stored;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
