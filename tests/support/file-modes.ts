/**
 * The permission bits of everything under a folder, to assert who may read or write it. Tests
 * run as root here, so they check modes, not access.
 */
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

export interface EntryMode {
  /** Relative to the folder walked; "." is the folder itself. */
  entry: string;
  kind: "folder" | "file" | "other";
  mode: number;
}

export async function modesUnder(dir: string): Promise<EntryMode[]> {
  const found: EntryMode[] = [];
  const visit = async (file: string) => {
    const info = await lstat(file);
    const kind = info.isDirectory() ? "folder" : info.isFile() ? "file" : "other";
    found.push({ entry: path.relative(dir, file) || ".", kind, mode: info.mode & 0o7777 });
    if (kind === "folder") for (const name of await readdir(file)) await visit(path.join(file, name));
  };
  await visit(dir);
  return found;
}

/** Folders and files any user but the owner may read, write or enter, as "path 0644" lines. */
export async function notOwnerOnly(dir: string): Promise<string[]> {
  return (await modesUnder(dir))
    .filter((entry) => entry.kind !== "other" && (entry.mode & 0o077) !== 0)
    .map((entry) => `${entry.entry} ${entry.mode.toString(8).padStart(4, "0")}`);
}
