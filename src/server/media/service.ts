/**
 * The media feature's service: storing an uploaded photo (checked by content, re-encoded) for
 * the upload API and for page forms that carry the file themselves.
 */
import type { Viewer } from "../auth/viewer";
import { requireUser } from "../auth/guards";
import type { Database } from "../db/connect";
import type { MediaFolder } from "./images";
import type { MediaStorage } from "./storage";
import { storeUpload, type StoredUpload } from "./upload-checks";

export type UploadPurpose = "helper" | "avatar";

const folders: Record<UploadPurpose, MediaFolder> = { helper: "helpers", avatar: "avatars" };

export function isUploadPurpose(purpose: string): purpose is UploadPurpose {
  return Object.hasOwn(folders, purpose);
}

export interface MediaServiceDeps {
  db: Database;
  storage: MediaStorage;
}

export function createMediaService({ storage }: MediaServiceDeps) {
  return {
    /** Stores a signed-in user's photo for a biodata or an avatar; a bad file is a 400 or 413. */
    async store(viewer: Viewer | null | undefined, purpose: UploadPurpose, input: Buffer): Promise<StoredUpload> {
      requireUser(viewer);
      return storeUpload(storage, folders[purpose], input);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
