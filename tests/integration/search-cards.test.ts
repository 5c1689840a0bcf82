/**
 * The cards a search shows come from memory (card-store.ts) and stay across changes: what changed
 * is read again, and only that, so a search never shows a card older than its rows.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { beforeAll, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE } from "../../src/shared/listing-query";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { CardStore } from "../../src/features/helpers/server/card-store";
import { loadIndexRows } from "../../src/features/helpers/server/search-index-holder";
import { helperPageSchema } from "../../src/features/helpers/server/helper-schemas";
import { serializePage } from "../../src/features/helpers/api";
import { describeDb } from "../support/database";
import { createSupplier, helperValues } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("the cards of a search, kept in memory", () => {
  const t = useTestApp();
  let supplierId: string;
  beforeAll(async () => {
    supplierId = (await createSupplier(t.db, { name: "Grace Tan", companyName: "Kept Cards Agency" })).id;
    await t.db
      .insert(helpers)
      .values(Array.from({ length: 40 }, (_, i) => helperValues(supplierId, { name: `Cardkeeper ${i}`, salary: 600 + i })));
    t.app.services.listingChanged();
  });

  const search = async (q: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?q=${encodeURIComponent(q)}&pageSize=60` });
    expect(response.statusCode).toBe(200);
    return response.json() as { items: { name: string; salary: number; supplier: { name: string } }[]; total: number };
  };
  const index = () => t.app.services.helpers.searchIndex;
  /** Drops the listing as a write does and waits for the index built again (never SQL). */
  const changed = async () => {
    t.app.services.listingChanged();
    expect(await index().ready()).toBeDefined();
  };

  it("shows a changed salary and a renamed supplier after reading only the changed rows again", async () => {
    await changed();
    expect((await search("cardkeeper")).total).toBe(40);
    const before = index().cards.cardsRead;

    await t.db.update(helpers).set({ salary: 2999 }).where(eq(helpers.name, "Cardkeeper 7"));
    await changed();
    expect(index().cards.cardsRead - before).toBe(1);
    expect((await search("cardkeeper 7")).items.map((item) => item.salary)).toEqual([2999]);

    // The supplier's row is part of every one of her cards.
    await t.db.update(user).set({ companyName: "Renamed Agency" }).where(eq(user.id, supplierId));
    await changed();
    expect(index().cards.cardsRead - before).toBe(41);
    const renamed = await search("cardkeeper");
    expect(new Set(renamed.items.map((item) => item.supplier.name))).toEqual(new Set(["Renamed Agency"]));

    // Withdrawn: gone from the cards as from the index.
    await t.db.update(helpers).set({ status: "hired" }).where(eq(helpers.name, "Cardkeeper 3"));
    await changed();
    const names = (await search("cardkeeper 3")).items.map((item) => item.name);
    expect(names).toHaveLength(10);
    expect(names).not.toContain("Cardkeeper 3");
    expect(index().cards.size).toBe((await loadIndexRows(t.db, index().rule)).length);
  });

  it("shows each card's age as of the day it is asked for", async () => {
    const store = new CardStore(index().rule);
    const rows = await loadIndexRows(t.db, index().rule);
    const born = await t.db
      .insert(helpers)
      .values(helperValues(supplierId, { name: "Birthday Girl", dateOfBirth: "1996-03-06" }))
      .returning();
    const id = born[0]!.id;
    await store.refresh(t.db, [...rows, { id, version: "new" }], new Date("2026-03-05T12:00:00Z"));
    expect(store.cards([id], new Date("2026-03-05T12:00:00Z"))?.[0]?.age).toBe(29);
    // The next day in Singapore she is 30, and the card says so without reading the database again.
    const read = store.cardsRead;
    expect(store.cards([id], new Date("2026-03-05T16:30:00Z"))?.[0]?.age).toBe(30);
    expect(store.cardsRead).toBe(read);
    expect(store.cards(["no-such-id"], new Date())).toBeUndefined();
  });

  it("writes a listing page as its schema does, card by card", async () => {
    const page = await t.app.services.helpers.list({ q: "cardkeeper", sort: "newest", page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(page.items.length).toBeGreaterThan(0);
    const bySchema = (value: typeof page) => JSON.stringify(z.encode(helperPageSchema, value));
    expect(serializePage(page, bySchema).toString()).toBe(bySchema(page));
    const empty = { items: [], total: 0, page: 3, pageSize: 10 };
    expect(serializePage(empty, bySchema).toString()).toBe(bySchema(empty));
  });
});
