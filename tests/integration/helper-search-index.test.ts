import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { accountProfiles } from "../../src/features/accounts/server/tables";
import { listingConditions } from "../../src/features/helpers/server/helper-reads";
import { describeDb } from "../support/database";
import { createHelper, createSupplier, helperValues } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("searching helpers by name or reference (q=)", () => {
  const t = useTestApp();
  beforeAll(async () => {
    // Enough helpers that reading them all costs more than an index would.
    const supplier = await createSupplier(t.db);
    for (let batch = 0; batch < 6; batch++) {
      const rows = Array.from({ length: 500 }, (_, i) =>
        helperValues(supplier.id, { name: `Filler ${(batch * 500 + i).toString(36)}x`, status: "available" }),
      );
      await t.db.insert(helpers).values(rows);
    }
    await t.db.execute(sql`analyze helpers`);
  });

  /** The plan the database chooses for the listing's search, told not to read the whole table. */
  async function planFor(q: string): Promise<string> {
    const query = t.db
      .select({ id: helpers.id })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(and(...listingConditions({ q }, { confirmedOwnersOnly: false })));
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join("\n");
    });
  }

  it("a household typing part of a name or a reference is answered from the trigram indexes", async () => {
    const plan = await planFor("ros");
    expect(plan).toContain("helpers_name_trgm_idx");
    expect(plan).toContain("helpers_ref_trgm_idx");
    expect(plan).not.toContain("Seq Scan");
  });

  it("finds a helper by any part of her name and by the start of her reference, in any case", async () => {
    const supplier = await createSupplier(t.db);
    const rosalie = await createHelper(t, supplier.id, { name: "Rosalie Trigramson" });
    await createHelper(t, supplier.id, { name: "Someone Else" });
    const names = async (q: string) => {
      const response = await t.app.inject({ method: "GET", url: `/api/helpers?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: { name: string }[] }).items.map((item) => item.name);
    };
    expect(await names("GRAMSON")).toEqual(["Rosalie Trigramson"]);
    expect(await names("ie tri")).toEqual(["Rosalie Trigramson"]);
    expect(await names(rosalie.ref.toLowerCase())).toEqual(["Rosalie Trigramson"]);
    // Its number alone is the reference (decision 104).
    expect(await names(rosalie.ref.slice(2))).toEqual(["Rosalie Trigramson"]);
  });
});
