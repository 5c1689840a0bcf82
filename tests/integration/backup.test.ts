import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/connect";
import { helpers, user, visitors } from "../../src/server/db/schema";
import { storeImage } from "../../src/server/media/images";
import { restoreBackup, RestoreError, writeBackup } from "../../src/server/ops/backup";
import { samplePng } from "../support/biodata";
import { testDbKind } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { createTestApp, type TestApp } from "../support/test-app";

// Backups of the embedded database; PostgreSQL sites use pg_dump (README, Backups).
describe.skipIf(testDbKind !== "pglite")("an operator backs up the embedded site and restores it elsewhere", () => {
  let t: TestApp;
  let scratch: string;
  beforeAll(async () => {
    t = await createTestApp();
    scratch = await mkdtemp(path.join(os.tmpdir(), "dh-backup-test-"));
  });
  afterAll(async () => {
    await t?.close();
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
    expect(restoredPhotos).toEqual(expect.arrayContaining([`${photo}.webp`.replace(/^helpers\//, ""), `${photo}-thumb.webp`.replace(/^helpers\//, "")]));
  });

  it("refuses to restore over a data folder in use, or from a file that is not a backup", async () => {
    const busy = path.join(scratch, "busy");
    await writeFile(path.join(scratch, "not-a-backup.tar.gz"), "hello");
    await expect(restoreBackup(path.join(scratch, "not-a-backup.tar.gz"), busy)).rejects.toThrow(RestoreError);
    await expect(restoreBackup(path.join(scratch, "site.tar.gz"), t.dataDir)).rejects.toThrow(/not empty/);
  });
});
