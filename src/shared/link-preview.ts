import { pageLocale } from "./i18n/page-locale";

/**
 * The address of a biodata's link-preview image in the page's language (a Chinese page's says
 * its words in Chinese); its version changes with the biodata, so caches never show an old one.
 */
export function helperPreviewPath(helper: { id: string; updatedAt: string }, locale = pageLocale()): string {
  const lang = locale === "zh" ? "&lang=zh" : "";
  return `/previews/helpers/${helper.id}.jpg?v=${Date.parse(helper.updatedAt).toString(36)}${lang}`;
}
