/**
 * Every stored image goes through here: decoded by sharp (which refuses what is not an image),
 * turned upright, re-encoded to WebP at two sizes, with no metadata carried over.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { mediaFileNames } from "../../../shared/media";
import type { MediaStorage } from "./storage";

export const FULL_SIZE = 1080;
export const THUMB_SIZE = 320;
/** Larger images are refused before decoding: a small file can still claim huge dimensions. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type MediaFolder = "helpers" | "avatars";

export function newMediaKey(folder: MediaFolder): string {
  return `${folder}/${randomBytes(12).toString("base64url")}`;
}

export async function renderVariants(input: Buffer, folder: MediaFolder): Promise<{ full: Buffer; thumb: Buffer }> {
  const square = folder === "avatars";
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  const [full, thumb] = await Promise.all([
    base()
      .resize(
        square
          ? { width: 512, height: 512, fit: "cover" }
          : { width: FULL_SIZE, height: FULL_SIZE, fit: "inside", withoutEnlargement: true },
      )
      .webp({ quality: 80 })
      .toBuffer(),
    base()
      .resize(
        square
          ? { width: 128, height: 128, fit: "cover" }
          : { width: THUMB_SIZE, height: Math.round((THUMB_SIZE * 4) / 3), fit: "cover", position: "attention" },
      )
      .webp({ quality: 72 })
      .toBuffer(),
  ]);
  return { full, thumb };
}

/** Stores both variants under a new key; on failure nothing stays behind. */
export async function storeImage(storage: MediaStorage, folder: MediaFolder, input: Buffer): Promise<string> {
  const { full, thumb } = await renderVariants(input, folder);
  const key = newMediaKey(folder);
  await storeVariants(storage, key, full, thumb);
  return key;
}

export async function storeVariants(storage: MediaStorage, key: string, full: Buffer, thumb: Buffer): Promise<void> {
  const names = mediaFileNames(key);
  try {
    await storage.put(names.full, full, "image/webp");
    await storage.put(names.thumb, thumb, "image/webp");
  } catch (error) {
    await deleteImage(storage, key).catch(() => undefined);
    throw error;
  }
}

export async function deleteImage(storage: MediaStorage, key: string): Promise<void> {
  const names = mediaFileNames(key);
  await Promise.all([storage.delete(names.full), storage.delete(names.thumb)]);
}
