/** The media feature as other code sees it: its service, its routes, the storage it opens. */
export { createMediaService, isUploadPurpose, type MediaService, type UploadPurpose } from "./service";
export { mediaRoutes } from "./media-routes";
export { uploadRoutes, UPLOAD_RATE } from "./upload-routes";
export { openStorage } from "./open-storage";
export type { MediaStorage } from "./storage";
export type { StoredUpload } from "./upload-checks";
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
} from "./uploads";
