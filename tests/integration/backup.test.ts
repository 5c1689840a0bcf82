import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mediaFileNames } from "../../src/shared/media";
import { openDatabase } from "../../src/server/db/connect";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { visitors } from "../../src/features/leads/server/tables";
import { storeImage } from "../../src/features/media/server/images";
import { restoreBackup, RestoreError, writeBackup } from "../../src/server/ops/backup";
import { samplePng } from "../support/biodata";
import { notOwnerOnly } from "../support/file-modes";
import { testDbKind } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";
import { useTestApp } from "../support/test-app";

// Backups of the embedded database; PostgreSQL sites use pg_dump (README, Backups).
describe.skipIf(testDbKind !== "pglite")("an operator backs up the embedded site and restores it elsewhere", () => {
  const t = useTestApp();
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "dh-backup-test-"));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it("restores into an empty folder every helper, account, lead and photo, taken while the site served", async () => {
    const supplier = await createSupplier(t.db, { companyName: "Backed Up Agency" });
    const photo = await storeImage(t.app.storage, "helpers", await samplePng(60, 80));
    const helper = await createHelper(t, supplier.id, { name: "Safe Sunita", status: "available", photo });
    const lead = await t.app.inject({ method: "POST", url: "/api/leads", payload: { name: "Backup Visitor", phone: "91234567" } });
    expect(lead.statusCode).toBe(201);

    const file = path.join(scratch, "site.tar.gz");
    // The site keeps answering while the dump is taken.
    const [manifest, ...answers] = await Promise.all([
      writeBackup({ dumpDataDir: t.database.handle.dumpDataDir! }, t.dataDir, file),
      ...Array.from({ length: 5 }, () => t.app.inject({ url: "/api/helpers" })),
    ]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(manifest.mediaFiles).toBeGreaterThanOrEqual(2);

    const restored = path.join(scratch, "restored");
    await restoreBackup(file, restored);
    // As private as a running site's folder: owner-only folders and files.
    expect(await notOwnerOnly(restored)).toEqual([]);
    expect((await stat(restored)).mode & 0o777).toBe(0o700);
    const database = await openDatabase({ pgliteDir: path.join(restored, "db") });
    try {
      await database.migrate();
      const [helperRows, userRows, leadRows] = await Promise.all([
        database.db.select({ id: helpers.id, name: helpers.name, photo: helpers.photo }).from(helpers),
        database.db.select({ n: count() }).from(user),
        database.db.select({ name: visitors.name }).from(visitors),
      ]);
      expect(helperRows).toContainEqual({ id: helper.id, name: "Safe Sunita", photo });
      const [originalUsers] = await t.db.select({ n: count() }).from(user);
      expect(userRows[0]!.n).toBe(originalUsers!.n);
      expect(leadRows.map((row) => row.name)).toContain("Backup Visitor");
    } finally {
      await database.close();
    }
    const restoredPhotos = await readdir(path.join(restored, "media", "helpers"));
    expect(restoredPhotos).toEqual(
      expect.arrayContaining([`${photo}.webp`.replace(/^helpers\//, ""), `${photo}-thumb.webp`.replace(/^helpers\//, "")]),
    );
  });

  it("refuses to restore over a data folder in use, or from a file that is not a backup", async () => {
    const busy = path.join(scratch, "busy");
    await writeFile(path.join(scratch, "not-a-backup.tar.gz"), "hello");
    await expect(restoreBackup(path.join(scratch, "not-a-backup.tar.gz"), busy)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(path.join(scratch, "site.tar.gz"), t.dataDir)).rejects.toThrow(/not empty/);
  });
});

const tsx = path.resolve("node_modules/.bin/tsx");

/** `npm run backup -- <file>` or `npm run restore -- <file>` as an operator types it. */
async function backupCommand(dataDir: string, command: "backup" | "restore", file: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, ["scripts/backup.ts", command, file], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Every helper (with its photo), account and lead of a stopped site's folder. */
async function contentsOf(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  try {
    const [helperRows, userRows, leadRows] = await Promise.all([
      database.db.select({ id: helpers.id, photo: helpers.photo }).from(helpers).orderBy(helpers.id),
      database.db.select({ id: user.id, email: user.email }).from(user).orderBy(user.id),
      database.db.select({ name: visitors.name, phone: visitors.phone }).from(visitors).orderBy(visitors.phone),
    ]);
    return { helperRows, userRows, leadRows };
  } finally {
    await database.close();
  }
}

describe.skipIf(testDbKind !== "pglite")("npm run backup while the site runs, npm run restore once it is stopped", () => {
  let scratch: string;
  let site: ServerProcess | undefined;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), "dh-backup-process-"));
  });
  afterEach(async () => {
    await site?.stop("SIGKILL").catch(() => undefined);
    site = undefined;
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it(
    "is written by the running site through its socket, and restores into an empty folder with every helper, account, lead and photo",
    { timeout: 300_000 },
    async () => {
      const dataDir = path.join(scratch, "site");
      const port = String(20_000 + Math.floor(Math.random() * 30_000));
      const url = `http://127.0.0.1:${port}`;
      // A first start on the embedded database writes the demo data unasked (72 helpers with
      // photos, their agencies' accounts), saying how far it has got, and ends with the logins.
      site = await startServer({ DATA_DIR: dataDir, PORT: port, PUBLIC_URL: url });
      const started = site;
      await expect.poll(() => started.output(), { timeout: 10_000 }).toContain(`Open ${url}\n`);
      const told = started.output();
      for (const line of [
        "Demo data: writing 4 suppliers and 72 helpers with their portraits",
        "Demo data: portraits drawn: 20 / 72",
        "Demo data: portraits drawn: 72 / 72",
        "Demo data: 72 helpers written.",
        `The demo suppliers log in at ${url}/login with the password demo-password:`,
        "  goldenbridge@demo.directhelpers.sg  (Golden Bridge Employment Agency)",
        "An operator: sign up, then run `npm run operator -- promote <email>`",
      ])
        expect(told).toContain(line);
      expect(told.indexOf("portraits drawn: 20 / 72")).toBeLessThan(told.indexOf("Server listening"));
      const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ name: "Kept Supplier", email: `kept-${Date.now()}@example.com`, password: "a long enough password" }),
      });
      expect(signedUp.status).toBe(200);
      const lead = await fetch(`${url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Kept Visitor", phone: "91234567" }),
      });
      expect(lead.status).toBe(201);

      const file = path.join(scratch, "through-the-site.tar.gz");
      const [made, ...answers] = await Promise.all([
        backupCommand(dataDir, "backup", file),
        ...Array.from({ length: 5 }, () => fetch(`${url}/api/helpers`).then((r) => r.status)),
      ]);
      expect(made.stderr).toBe("");
      expect(made.stdout).toContain(`(written by the running site, process ${site.pid})`);
      expect(answers.every((status) => status === 200)).toBe(true);
      expect((await stat(file)).mode & 0o777).toBe(0o600);

      // What the command refuses, each with a line saying why.
      const inside = await backupCommand(dataDir, "backup", path.join(dataDir, "media", "backup.tar.gz"));
      expect(inside.code).toBe(1);
      expect(inside.stderr).toContain("is inside the data folder");
      expect(existsSync(path.join(dataDir, "media", "backup.tar.gz"))).toBe(false);
      const restoredDir = path.join(scratch, "restored");
      const whileRunning = await backupCommand(dataDir, "restore", file);
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.stderr.trim()).toBe(
        `The site (process ${site.pid}) is running on ${dataDir}: stop it, then restore into an empty data folder.`,
      );

      expect((await site.stop("SIGTERM")).code).toBe(0);
      site = undefined;
      // With no site running, the command opens the folder itself.
      const offline = await backupCommand(dataDir, "backup", path.join(scratch, "offline.tar.gz"));
      expect(offline.stdout).toMatch(/^Backed up the database and \d+ media files to .*offline\.tar\.gz\n$/);

      const restored = await backupCommand(restoredDir, "restore", file);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(await notOwnerOnly(restoredDir)).toEqual([]);
      const original = await contentsOf(dataDir);
      const copy = await contentsOf(restoredDir);
      expect(original.helperRows.length).toBeGreaterThanOrEqual(72);
      expect(copy).toEqual(original);
      expect(copy.leadRows).toContainEqual(expect.objectContaining({ name: "Kept Visitor" }));
      for (const { photo } of copy.helperRows.filter((row) => row.photo)) {
        expect(existsSync(path.join(restoredDir, "media", mediaFileNames(photo!).full)), photo!).toBe(true);
      }
    },
  );
});
