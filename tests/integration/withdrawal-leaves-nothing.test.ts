/**
 * A family that withdraws at /privacy/my-data leaves nothing behind in the data folder (decision
 * 154): no row (the lead, the family, its messages, the delivered lead mail and conversation-link
 * mail, the limits' counts under its number), no .eml file, and no page or write-ahead log of the
 * embedded database holds its name, number, e-mail, private link or words. The same after a
 * conversation's 12-month expiry. Read from the folder's files byte by byte.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { rateLimit } from "../../src/server/db/schema";
import { visitors } from "../../src/features/leads/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { pgliteOnDisk, testDbKind } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { createPageApp, formBody, formHeaders } from "../support/pages";
import type { TestApp } from "../support/test-app";
import { returningVisitorCookie } from "../support/visitor";

/** The files under `dir` that hold any of `markers` (as UTF-8 bytes), each with the markers found. */
async function filesHolding(dir: string, markers: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes) continue;
    const held = markers.filter((marker) => bytes.includes(Buffer.from(marker, "utf8")));
    if (held.length > 0) found.push(`${path.relative(dir, file)}: ${held.join(", ")}`);
  }
  return found;
}

describe.skipIf(testDbKind !== "pglite")("a withdrawal on the embedded database leaves nothing in the data folder", () => {
  let dataDir: string;
  let t: TestApp;
  let helperId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-withdrawal-"));
    const database = await pgliteOnDisk(path.join(dataDir, "pglite"));
    t = await createPageApp({ database, env: { DATA_DIR: dataDir } });
    const supplier = await createSupplier(t.db, { companyName: "Forgetful Agency" });
    helperId = (await createHelper(t, supplier.id, { name: "Discreet Dewi", status: "available" })).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A family past the gate that writes to a supplier and gives its e-mail; its mails are delivered as .eml files. */
  async function familyWrites(marker: string) {
    const phone = uniqueSgMobile().e164;
    const name = `${marker}name Family`;
    const email = `${marker}mail@example.com`;
    const visitor = await returningVisitorCookie(t, name, phone);
    const posted = await t.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: `Hello, ${marker}words here`, email }),
    });
    expect(posted.statusCode).toBe(302);
    const key = String(posted.headers["set-cookie"]).split(";")[0]!;
    const worker = createOutboxWorker(t.database.handle, t.config);
    expect((await worker.runOnce()).delivered).toBeGreaterThanOrEqual(2);
    const delivered = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}::text like ${`%${marker}%`}`);
    const link = /\/messages\/link\/([\w-]{43})/.exec(JSON.stringify(delivered.map((row) => row.payload)))![1]!;
    return { phone, cookie: `${visitor}; ${key}`, markers: [name, email, phone, link, `${marker}words`], delivered };
  }

  it("purges the delivered mails, their .eml files and every page of the database that held the family", async () => {
    const marker = `zq${randomBytes(5).toString("hex")}`;
    const family = await familyWrites(marker);
    expect(family.delivered.map((row) => row.kind).sort()).toEqual(["conversation-link", "lead"]);
    expect(family.delivered.every((row) => row.status === "delivered")).toBe(true);
    // The search can find what it looks for: the mails' files and the database's log hold the family now.
    const before = await filesHolding(dataDir, family.markers);
    expect(before.some((line) => line.startsWith("outbox/"))).toBe(true);
    expect(before.some((line) => line.startsWith("pglite/"))).toBe(true);

    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/privacy/my-data",
      headers: { ...formHeaders, cookie: family.cookie },
      payload: formBody({ phone: family.phone }),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body).toContain("Deleted now");
    expect(withdrawn.body).toContain("30 days after they were made");
    expect(
      await t.db
        .select()
        .from(visitors)
        .where(sql`${visitors.phone} = ${family.phone}`),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}::text like ${`%${marker}%`}`),
    ).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(rateLimit)
        .where(sql`${rateLimit.key} like ${`%${family.phone}`}`),
    ).toHaveLength(0);
    expect(await filesHolding(dataDir, family.markers)).toEqual([]);
  });

  it("compacts the database after a conversation's 12-month expiry too", async () => {
    const marker = `zq${randomBytes(5).toString("hex")}`;
    const family = await familyWrites(marker);
    await t.db.execute(sql`checkpoint`);
    expect((await filesHolding(dataDir, [`${marker}words`])).some((line) => line.startsWith("pglite/"))).toBe(true);
    const purged = await t.app.services.conversations.purgeOld(new Date(Date.now() + 400 * 86_400_000));
    expect(purged.deleted).toBeGreaterThanOrEqual(1);
    expect(await filesHolding(dataDir, [`${marker}words`])).toEqual([]);
    // The family's lead is kept (its own 24 months): its withdrawal is what removes its name.
    expect((await filesHolding(dataDir, [family.markers[0]!])).length).toBeGreaterThan(0);
  });
});
