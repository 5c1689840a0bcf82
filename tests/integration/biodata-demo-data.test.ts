import { beforeAll, expect, it } from "vitest";
import { daysAhead } from "../../src/shared/biodata-schema";
import { seedDemoData } from "../../src/features/demo/server/demo";
import { checkDemoHelpers } from "../../src/features/demo/server/demo-check";
import type { DemoHelper } from "../../src/features/demo/server/demo-helpers";
import { helpers } from "../../src/features/helpers/server/tables";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

describeDb("the demo data's standard form parts", () => {
  const t = useTestApp();
  beforeAll(async () => {
    await seedDemoData(t.db, t.app.storage, { helpers: 72 });
    t.app.services.listingChanged();
  });

  const total = async (query: string) => (await t.app.inject({ method: "GET", url: `/api/helpers?${query}` })).json().total as number;

  it("gives the skill, date and interview searches some helpers, never all of them", async () => {
    const all = await total("");
    for (const query of [
      "skill=cooking,infant",
      `availableBy=${daysAhead(30)}`,
      "interview=video",
      "skill=elderly",
      `skill=cooking&availableBy=${daysAhead(30)}`,
    ]) {
      const found = await total(query);
      expect(found, query).toBeGreaterThan(0);
      expect(found, query).toBeLessThan(all);
    }
    // Everyone is available within the next three months.
    expect(await total(`availableBy=${daysAhead(91)}`)).toBe(all);
  });

  it("fills each helper's record: skills, employment in the expected countries (or none), availability", async () => {
    const { items } = (await t.app.inject({ method: "GET", url: "/api/helpers?pageSize=60" })).json() as { items: { id: string }[] };
    const records = await Promise.all(
      items.map(async (item) => (await t.app.inject({ method: "GET", url: `/api/helpers/${item.id}` })).json()),
    );
    const countries = new Set(records.flatMap((record) => record.employment.map((row: { country: string }) => row.country)));
    for (const country of ["Hong Kong", "Taiwan", "Saudi Arabia", "Malaysia", "Singapore"]) expect(countries).toContain(country);
    expect(records.some((record) => record.employment.length === 0)).toBe(true);
    expect(records.every((record) => Object.keys(record.skills).length > 0 && record.placeOfBirth)).toBe(true);
    expect(new Set(records.map((record) => record.skills.cooking?.rating)).size).toBeGreaterThan(2);
  });

  it("holds no contradiction a family would notice, read back from the database (the seed's own check)", async () => {
    const rows = await t.db.select().from(helpers);
    expect(rows.length).toBe(72);
    const read = rows as unknown as (DemoHelper & { supplierId: string })[];
    expect(() => checkDemoHelpers(read, new Date(), { supplierOf: (i) => read[i]!.supplierId })).not.toThrow();
    // The four suppliers each have their helpers, none two of one name.
    expect(new Set(read.map((row) => row.supplierId)).size).toBe(4);
  });
});
