/**
 * One process per embedded database. PGlite has no server of its own: two processes opening the
 * same folder would each write its files and corrupt them. The folder is claimed with a lock
 * file holding the owner's process id, created exclusively; a lock whose process no longer
 * runs (a kill -9, a power cut) is stale and is taken over, so it never blocks a restart.
 */
import { closeSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dir} is in use by process ${pid}: one process at a time may open it. ` +
        "Stop that process first (operator commands such as `npm run operator` ask the running site instead).",
    );
  }
}

export function lockFileOf(dbDir: string): string {
  return path.join(path.dirname(dbDir), `${path.basename(dbDir)}.lock`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function pidIn(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The live process that holds the folder, if any (for operator commands deciding where to go). */
export function lockHolder(dbDir: string): number | undefined {
  const pid = pidIn(lockFileOf(dbDir));
  return pid !== undefined && pid !== process.pid && isRunning(pid) ? pid : undefined;
}

export interface DataDirLock {
  release(): void;
}

/** Claims the folder for this process, or throws DataDirLockedError naming the holder. */
export function lockDataDir(dbDir: string): DataDirLock {
  const file = lockFileOf(dbDir);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        if (pidIn(file) === process.pid) unlinkSync(file);
      };
      process.on("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = pidIn(file);
    if (holder !== undefined && holder !== process.pid && isRunning(holder)) throw new DataDirLockedError(dbDir, holder);
    // Stale (or half-written): move it aside atomically, so of two processes taking over the same
    // stale lock only one removes it, and the other tries again against the winner's.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      unlinkSync(aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  const holder = pidIn(file);
  throw new DataDirLockedError(dbDir, holder ?? 0);
}
