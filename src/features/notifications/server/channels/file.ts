/**
 * With no mail server and no Telegram configured, messages become RFC 5322 .eml files under
 * `${DATA_DIR}/outbox/`, readable by any mail program. Each is written to a temporary name and
 * renamed, so a reader never sees half a file; the name comes from the outbox row, so a repeated
 * delivery replaces the file instead of adding a second one.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../../../../server/config";
import { PRIVATE_FILE, PRIVATE_FOLDER } from "../../../../server/ops/private-data-dir";
import type { Deliver } from "./delivery";
import { mailOptions } from "./mail-message";

export function outboxFolder(config: Config): string {
  return path.join(config.dataDir, "outbox");
}

/** 2026-11-22T02:48:12.345Z -> 20261122T024812Z: file names sort in the order messages came. */
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
}

/** The file a message is written to, named from its outbox row. */
export function emlFileName(kind: string, row: { id: string; createdAt: Date }): string {
  return `${stamp(row.createdAt)}-${kind.replace(/[^a-z0-9-]/gi, "_")}-${row.id}.eml`;
}

/**
 * Removes the .eml files of these outbox rows (a withdrawal, the retention sweep): the rows are
 * deleted with them. A file never written is no error.
 */
export async function forgetMailFiles(folder: string, rows: readonly { id: string; kind: string; createdAt: Date }[]): Promise<void> {
  await Promise.all(rows.map((row) => rm(path.join(folder, emlFileName(row.kind, row)), { force: true })));
}

export function fileChannel(config: Config): Deliver {
  const folder = outboxFolder(config);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return async (message, context) => {
    const { message: eml } = await composer.sendMail(mailOptions(config, message, context));
    if (!Buffer.isBuffer(eml)) throw new Error("The mail could not be composed");
    await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
    const name = emlFileName(message.kind, context);
    const target = path.join(folder, name);
    const temporary = path.join(folder, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
    // Owner-only like the rest of the data folder: a lead's name and number are in it.
    const handle = await open(temporary, "wx", PRIVATE_FILE);
    try {
      await handle.writeFile(eml);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, target);
  };
}
