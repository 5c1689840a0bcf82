/**
 * Where stored images live: one interface, files under the data folder by default, an
 * S3-compatible bucket when one is configured (s3-storage.ts).
 */
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "../../../server/ops/private-data-dir";

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
  /** The names stored under a folder (`previews/`) that start with the given prefix. */
  list(prefix: string): Promise<string[]>;
}

/**
 * Names are made by the server: uploaded images (`helpers/<key>.webp`, served under /media/) and
 * link previews (`previews/<helper id>.<version>.jpg`, served by their own route). This refuses
 * anything else outright.
 */
const SAFE_NAME = /^((helpers|avatars)\/[A-Za-z0-9_-]{8,64}(-thumb)?\.webp|previews\/[A-Za-z0-9_-]{8,64}\.[A-Za-z0-9_-]{8,64}\.jpg)$/;
/** What a list may ask for: a folder and the start of a name in it. */
const SAFE_PREFIX = /^(helpers|avatars|previews)\/[A-Za-z0-9_.-]{0,80}$/;

export function assertSafeName(name: string): void {
  if (!SAFE_NAME.test(name)) throw new Error(`Not a media name: ${name}`);
}

export function assertSafePrefix(prefix: string): void {
  if (!SAFE_PREFIX.test(prefix)) throw new Error(`Not a media folder: ${prefix}`);
}

export const contentTypeOf = (name: string) => (name.endsWith(".jpg") ? "image/jpeg" : "image/webp");

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
      // Write beside, then rename: a reader never sees half a file, and two writers of one name
      // (two instances drawing the same preview) never share a partial file.
      const partial = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.part`;
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
        return { body: createReadStream(file), size: info.size, contentType: contentTypeOf(name) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(name) {
      await rm(resolve(name), { force: true });
    },
    async list(prefix) {
      assertSafePrefix(prefix);
      const folder = prefix.slice(0, prefix.indexOf("/"));
      const start = prefix.slice(folder.length + 1);
      try {
        const files = await readdir(path.join(root, folder));
        // A file still being written (`.part`) is not stored yet.
        return files.filter((file) => file.startsWith(start) && SAFE_NAME.test(`${folder}/${file}`)).map((file) => `${folder}/${file}`);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
  };
}
