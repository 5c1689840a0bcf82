import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, count, countDistinct, eq, isNull, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import { slugsOf } from "../../src/shared/catalogue";
import { listFilters } from "../../src/shared/listing-query";
import { helpers } from "../../src/features/helpers/server/tables";
import { DEMO_SUPPLIERS, seedDemoData } from "../../src/features/demo/server/demo";
import { describeDb } from "../support/database";
import { createTestApp, type TestApp } from "../support/test-app";

describeDb("demo data", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  const total = async (query: string) => {
    const response = await t.app.inject({ url: `/api/helpers?pageSize=1&${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().total as number;
  };

  it("gives a new site helpers for every filter value, from four suppliers with logos", { timeout: 60_000 }, async () => {
    await seedDemoData(t.db, t.app.storage);
    t.app.services.listingChanged();

    expect(await total("")).toBeGreaterThanOrEqual(60);
    for (const filter of listFilters) {
      for (const slug of slugsOf(filter)) {
        expect(await total(`${filter}=${slug}`), `${filter}=${slug}`).toBeGreaterThan(0);
      }
    }
    // The old site's most used search.
    expect(await total("category=Filipino&marriage=Single&neg=Infant,Child")).toBeGreaterThanOrEqual(2);

    const suppliers = (await t.app.inject({ url: "/api/suppliers" })).json().items as { image: string | null }[];
    expect(suppliers).toHaveLength(DEMO_SUPPLIERS.length);
    for (const supplier of suppliers) expect(supplier.image).toMatch(/^\/media\/avatars\/.+-thumb\.webp$/);

    const first = (await t.app.inject({ url: "/api/helpers?pageSize=1" })).json().items[0];
    const photo = await t.app.inject({ url: first.photo.thumbUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
  });

  it("fills a benchmark database from a small pool of photos, and never a second time", { timeout: 60_000 }, async () => {
    const written = await seedDemoData(t.db, t.app.storage, { helpers: 600 });
    expect(written).toBe(600);
    const [row] = await t.db.select({ rows: count(), photos: countDistinct(helpers.photo) }).from(helpers);
    expect(row).toEqual({ rows: 600, photos: 48 });
    // An available biodata has a photo (decision 061): the demo's too.
    const [unpictured] = await t.db
      .select({ n: count() })
      .from(helpers)
      .where(and(eq(helpers.status, "available"), isNull(helpers.photo)));
    expect(unpictured?.n).toBe(0);
    const files = await readdir(path.join(t.dataDir, "media", "helpers"));
    expect(files).toHaveLength(48 * 2);

    expect(await seedDemoData(t.db, t.app.storage, { ifEmpty: true })).toBe(0);
    const [after] = await t.db.select({ rows: count() }).from(helpers);
    expect(after?.rows).toBe(600);
  });

  it("writes a large seed with the indexes built after the rows: every one of them is back, and used", { timeout: 90_000 }, async () => {
    const indexes = async () => {
      const result = await t.db.execute(
        sql`select indexdef from pg_indexes where schemaname = current_schema() and tablename = 'helpers' order by indexname`,
      );
      return (result as unknown as { rows: { indexdef: string }[] }).rows.map((row) => row.indexdef);
    };
    const before = await indexes();
    expect(before.some((definition) => definition.includes("gin_trgm_ops"))).toBe(true);

    // More rows than one insert statement takes, so the secondary indexes are set aside.
    expect(await seedDemoData(t.db, t.app.storage, { helpers: 2500 })).toBe(2500);
    expect(await indexes()).toEqual(before);

    // The rebuilt indexes hold every row: the planner is made to use them, and they find what a scan finds.
    const [first] = await t.db.select({ ref: helpers.ref, name: helpers.name }).from(helpers).orderBy(helpers.ref).limit(1);
    const scan = await t.db
      .select({ n: count() })
      .from(helpers)
      .where(sql`${helpers.name} ilike ${`%${first!.name}%`}`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const [byIndex] = await tx
        .select({ n: count() })
        .from(helpers)
        .where(sql`${helpers.name} ilike ${`%${first!.name}%`}`);
      expect(byIndex?.n).toBe(scan[0]?.n);
      const [byRef] = await tx
        .select({ n: count() })
        .from(helpers)
        .where(sql`${helpers.ref} ilike ${first!.ref}`);
      expect(byRef?.n).toBe(1);
    });
  });
});
