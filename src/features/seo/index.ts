/** The seo feature as other features see it: a biodata's link-preview picture, stored once per version. */
export { createLinkPreviews, schedulePreviewSweep, type LinkPreviews } from "./server/preview-store";
