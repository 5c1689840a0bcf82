/**
 * Where stored images live: one interface, files under the data folder by default, an
 * S3-compatible bucket when one is configured (s3-storage.ts).
 */
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "../ops/private-data-dir";

export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface MediaStorage {
  readonly kind: "disk" | "s3";
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  get(name: string): Promise<StoredObject | undefined>;
  delete(name: string): Promise<void>;
}

/** Names are made by the server (`helpers/<id>.webp`); this refuses anything else outright. */
const SAFE_NAME = /^(helpers|avatars)\/[A-Za-z0-9_-]{8,64}(-thumb)?\.webp$/;

export function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a media name: ${name}`);
}

export function diskStorage(root: string): MediaStorage {
  const resolve = (name: string) => {
    assertSafeName(name);
    return path.join(root, name);
  };
  return {
    kind: "disk",
    async put(name, body) {
      const file = resolve(name);
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER });
      // Write beside, then rename: a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, body, { mode: PRIVATE_FILE });
      await rename(partial, file);
    },
    async get(name) {
      let file: string;
      try {
        file = resolve(name);
      } catch {
        return undefined;
      }
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: createReadStream(file), size: info.size, contentType: "image/webp" };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(name) {
      await rm(resolve(name), { force: true });
    },
  };
}
