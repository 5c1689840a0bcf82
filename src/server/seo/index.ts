/** The seo feature as other features see it: a biodata's link-preview picture. */
export { helperPreviewJpeg } from "./link-preview";
