/**
 * What an uploaded image must be before it is stored: a PNG, JPEG or WebP by its content (the
 * name and declared type are the sender's word only), of a size sharp may decode. The header is
 * read first, so a small file claiming enormous dimensions is refused before any decoding.
 */
import sharp from "sharp";
import { PHOTO_UPLOAD } from "../../../shared/helper-schema";
import { photoUrls } from "../../../shared/media";
import { HttpError, badRequest } from "../../../server/http/errors";
import { MAX_INPUT_PIXELS, newMediaKey, renderVariants, storeVariants, type MediaFolder } from "./images";
import type { MediaStorage } from "./storage";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);
const notAnImage = () => m.server_error_not_an_image({ max: PHOTO_UPLOAD.maxLabel });

export const tooLarge = () =>
  new HttpError(413, "too_large", m.server_error_photo_too_large({ max: PHOTO_UPLOAD.maxLabel }), {
    file: m.server_error_photo_too_large_field({ max: PHOTO_UPLOAD.maxLabel }),
  });

export async function checkImage(input: Buffer): Promise<void> {
  if (input.length > PHOTO_UPLOAD.maxBytes) throw tooLarge();
  let format: string | undefined;
  let pixels: number;
  try {
    // Only the header is read here; the limit is checked below with a message of its own.
    const metadata = await sharp(input, { limitInputPixels: false }).metadata();
    format = metadata.format;
    pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  } catch {
    throw badRequest(notAnImage(), { file: notAnImage() });
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw badRequest(notAnImage(), { file: notAnImage() });
  if (pixels === 0 || pixels > MAX_INPUT_PIXELS) {
    const message = m.server_error_photo_too_many_pixels({ count: String(Math.round(MAX_INPUT_PIXELS / 1_000_000)) });
    throw badRequest(message, { file: message });
  }
}

export interface StoredUpload {
  key: string;
  url: string;
  thumbUrl: string;
}

/** Checks, re-encodes to WebP without metadata (full size and thumbnail) and stores. */
export async function storeUpload(storage: MediaStorage, folder: MediaFolder, input: Buffer): Promise<StoredUpload> {
  await checkImage(input);
  let variants: { full: Buffer; thumb: Buffer };
  try {
    variants = await renderVariants(input, folder);
  } catch {
    // sharp refuses a damaged image while decoding it.
    throw badRequest(m.server_error_photo_damaged(), { file: m.server_error_photo_damaged_field() });
  }
  const key = newMediaKey(folder);
  await storeVariants(storage, key, variants.full, variants.thumb);
  const urls = photoUrls(key)!;
  return { key, url: urls.url, thumbUrl: urls.thumbUrl };
}
