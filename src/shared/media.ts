/**
 * Stored images are named by a key (`helpers/<id>`, `avatars/<id>`); each key has a full-size
 * WebP and a thumbnail, both served under /media/.
 */
import type { PhotoUrls } from "./helper-types";

export const MEDIA_PREFIX = "/media/";

export function mediaFileNames(key: string): { full: string; thumb: string } {
  return { full: `${key}.webp`, thumb: `${key}-thumb.webp` };
}

export function photoUrls(key: string | null | undefined): PhotoUrls | null {
  if (!key) return null;
  const files = mediaFileNames(key);
  return { url: `${MEDIA_PREFIX}${files.full}`, thumbUrl: `${MEDIA_PREFIX}${files.thumb}` };
}

/** A stored image key: a folder and a name of safe characters, nothing that can climb a path. */
export const MEDIA_KEY_PATTERN = /^(helpers|avatars)\/[A-Za-z0-9_-]{8,64}$/;
