/**
 * Two instances on one database: a change made through one is found by a search on the other,
 * whose in-memory index is dropped by the `listing` event (decision 189) and built again.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("search index freshness across instances", () => {
  const a = useTestApp();
  const b = useTestApp(async () => ({ database: await sharedDatabase(a.database) }));
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (const app of [a, b]) stops.push(await app.app.services.watchListing());
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  const namesOnB = async (q: string) => {
    const response = await b.app.inject({ method: "GET", url: `/api/helpers?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { name: string }[] }).items.map((item) => item.name);
  };
  /** What B's index itself holds for a term: the one it has, or one built if it has none (never SQL). */
  const indexedOnB = async (q: string) => {
    const built = await b.app.services.helpers.searchIndex.ready();
    expect(built).toBeDefined();
    return built!.matchingIds(q, 100);
  };

  it("a rename, a new helper and a withdrawn one on A are what B's search finds", async () => {
    const supplier = await createSupplier(a.db);
    const quintessa = await createHelper(a, supplier.id, { name: "Quintessa Marlowe" });
    // B hears of it from the database, a moment after A's commit.
    await vi.waitFor(async () => expect(await indexedOnB("marlowe")).toEqual([quintessa.id]), { timeout: 10_000, interval: 20 });
    expect(await namesOnB("MARLOWE")).toEqual(["Quintessa Marlowe"]);

    // Changed on A only: B learns of it from the event its trigger announced.
    await a.db.update(helpers).set({ name: "Quintessa Farrow" }).where(eq(helpers.id, quintessa.id));
    a.app.services.listingChanged();
    await vi.waitFor(async () => expect(await namesOnB("farrow")).toEqual(["Quintessa Farrow"]), { timeout: 10_000, interval: 20 });
    expect(await namesOnB("marlowe")).toEqual([]);
    expect(await indexedOnB("farrow")).toEqual([quintessa.id]);
    expect(await indexedOnB("marlowe")).toEqual([]);

    const second = await createHelper(a, supplier.id, { name: "Farrowina Short" });
    await vi.waitFor(async () => expect(await namesOnB("farrow")).toHaveLength(2), { timeout: 10_000, interval: 20 });
    expect((await indexedOnB("farrow"))?.sort()).toEqual([quintessa.id, second.id].sort());

    await a.db.update(helpers).set({ status: "reserved" }).where(eq(helpers.id, quintessa.id));
    a.app.services.listingChanged();
    await vi.waitFor(async () => expect(await namesOnB("farrow")).toEqual(["Farrowina Short"]), { timeout: 10_000, interval: 20 });
    expect(await indexedOnB("farrow")).toEqual([second.id]);
    // Two letters: the short list of the index, fresh as well.
    expect(await indexedOnB("fa")).toEqual([second.id]);
  });
});
