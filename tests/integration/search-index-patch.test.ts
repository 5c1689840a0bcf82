import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("a supplier's edit reaching the search index", () => {
  const t = useTestApp();
  let supplierId: string;
  beforeAll(async () => {
    supplierId = (await createSupplier(t.db)).id;
  });

  const search = async (query: string) => {
    const response = await t.app.inject({ url: `/api/helpers?${query}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { name: string; salary: number }[] }).items;
  };
  /** A change of these helpers, as the database tells every instance of it. */
  const changed = async (...ids: string[]) => {
    t.app.services.listingChanged({ helpers: ids });
    await t.app.services.helpers.searchIndex.ready();
  };

  it("takes a new salary and birth date into the index held, in both sorts, without reading every helper again", async () => {
    const ana = await createHelper(t, supplierId, { name: "Ana Patchwell", salary: 500, dateOfBirth: "1990-01-01", status: "available" });
    await createHelper(t, supplierId, { name: "Bea Patchwell", salary: 600, dateOfBirth: "1992-01-01", status: "available" });
    await createHelper(t, supplierId, { name: "Cora Patchwell", salary: 700, dateOfBirth: "1994-01-01", status: "available" });
    const index = t.app.services.helpers.searchIndex;
    await index.ready();
    expect((await search("q=patchwell&sort=salary")).map((item) => item.name)).toEqual([
      "Ana Patchwell",
      "Bea Patchwell",
      "Cora Patchwell",
    ]);
    const before = { builds: index.builds, patches: index.patches };

    await t.db.update(helpers).set({ salary: 900, dateOfBirth: "1999-06-01" }).where(eq(helpers.id, ana.id));
    await changed(ana.id);

    expect(index.patches).toBe(before.patches + 1);
    // Every renewal of the index since was this one change taken in: no build read every helper.
    expect(index.builds - index.patches).toBe(before.builds - before.patches);
    const bySalary = await search("q=patchwell&sort=salary");
    expect(bySalary.map((item) => [item.name, item.salary])).toEqual([
      ["Bea Patchwell", 600],
      ["Cora Patchwell", 700],
      ["Ana Patchwell", 900],
    ]);
    expect((await search("q=patchwell&sort=age")).map((item) => item.name)).toEqual(["Ana Patchwell", "Cora Patchwell", "Bea Patchwell"]);
  });

  it("builds the index again for a new name, and for a helper listed or withdrawn", async () => {
    const dina = await createHelper(t, supplierId, { name: "Dina Renamova", status: "available" });
    const index = t.app.services.helpers.searchIndex;
    await index.ready();
    const patches = index.patches;

    await t.db.update(helpers).set({ name: "Dina Newname" }).where(eq(helpers.id, dina.id));
    await changed(dina.id);
    expect((await search("q=newname")).map((item) => item.name)).toEqual(["Dina Newname"]);
    expect(await search("q=renamova")).toEqual([]);

    await t.db.update(helpers).set({ status: "draft" }).where(eq(helpers.id, dina.id));
    await changed(dina.id);
    expect(await search("q=newname")).toEqual([]);
    expect(index.patches).toBe(patches);
  });
});
