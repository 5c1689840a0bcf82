/** The address of a biodata's link-preview image; its version changes with the biodata, so caches never show an old one. */
export function helperPreviewPath(helper: { id: string; updatedAt: string }): string {
  return `/previews/helpers/${helper.id}.jpg?v=${Date.parse(helper.updatedAt).toString(36)}`;
}
