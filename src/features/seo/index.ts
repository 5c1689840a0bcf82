/** The seo feature as the site sees it: link previews of biodata, the sitemap and robots.txt. */
export { createLinkPreviews, schedulePreviewSweep, type LinkPreviews } from "./server/preview-store";
