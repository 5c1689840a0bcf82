/** The media feature as other code sees it: its service, its routes, the storage it opens. */
export { createMediaService, isUploadPurpose, type MediaService, type UploadPurpose } from "./service";
export { mediaRoutes } from "./api-files";
export { uploadRoutes, UPLOAD_RATE } from "./api";
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
  scheduleUploadSweep,
  type ImageUsedElsewhere,
} from "./server/uploads";
