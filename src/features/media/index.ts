/** The media feature as the site sees it: what other features use of it. */
export { createMediaService, isUploadPurpose, type MediaService, type UploadPurpose } from "./service";
export { UPLOAD_RATE } from "./api";
export { openStorage } from "./server/open-storage";
export { newMediaKey, renderVariants, storeImage, storeVariants } from "./server/images";
export type { MediaStorage } from "./server/storage";
export type { StoredUpload } from "./server/upload-checks";
export {
  keysNotOwned,
  lockKey,
  markUsed,
  mediaKeysInNotes,
  recordUpload,
  releaseUnused,
  storedFileExists,
  sweepOrphanUploads,
  type ImageUsedElsewhere,
} from "./server/uploads";
