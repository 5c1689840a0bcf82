/**
 * The data folder holds password hashes, home addresses, leads' numbers and the session secret, in
 * files any process may read or truncate if their modes let it: everything in it belongs to
 * the site's user alone (folders 0700, files 0600). Decision 081.
 */
import { chmodSync, lstatSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;
/** Group and other lose every bit: what PGlite, media and mail create later is owner-only too. */
const PRIVATE_UMASK = 0o077;
const WRITABLE_BY_OTHERS = 0o022;

/**
 * Every file this process creates from now on is owner-only, whoever creates it (PGlite's file
 * system opens its own files with 0666). Called once, before the data folder is opened, by the
 * processes that open it (the site and the scripts); not by library code, since it is
 * process-wide.
 */
export function keepNewFilesPrivate(): void {
  process.umask(PRIVATE_UMASK);
}

export interface SharedFolder {
  folder: string;
  mode: number;
}

/**
 * The data folder, or a folder directly in it, that other users may write to: they may already
 * have replaced or planted anything beneath it, so tightening it quietly would hide that.
 */
export function folderWritableByOthers(dataDir: string): SharedFolder | undefined {
  const candidates = [dataDir];
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isDirectory()) candidates.push(path.join(dataDir, entry.name));
  }
  for (const folder of candidates) {
    const mode = statSync(folder).mode & 0o7777;
    if (mode & WRITABLE_BY_OTHERS) return { folder, mode };
  }
  return undefined;
}

/** `'/srv/my data'` where a shell needs quotes, the bare path otherwise. */
export function shellPath(file: string): string {
  return /^[\w./+-]+$/.test(file) ? file : `'${file.replace(/'/g, `'\\''`)}'`;
}

export function describeSharedFolder({ folder, mode }: SharedFolder, dataDir: string): string {
  return (
    `${folder} can be written by other users (mode ${mode.toString(8).padStart(4, "0")}): ` +
    `check what is in it, then run \`chmod -R go-rwx ${shellPath(dataDir)}\``
  );
}

/**
 * Makes every folder under `dir` (itself included) 0700 and every file 0600; returns how many
 * it changed. Symbolic links are left alone (chmod would follow them out of the folder), and so
 * are sockets (the operator socket sets its own mode).
 */
export function makePrivate(dir: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    const info = lstatSync(entry);
    const wanted = info.isDirectory() ? PRIVATE_FOLDER : info.isFile() ? PRIVATE_FILE : undefined;
    if (wanted === undefined) return;
    if ((info.mode & 0o7777) !== wanted) {
      chmodSync(entry, wanted);
      changed += 1;
    }
    if (info.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return changed;
}
