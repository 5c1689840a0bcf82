/**
 * What a biodata save costs the other visitors: a draft's nothing, a listed one's its own page
 * and the listing pages, and a burst of saves one round of fresh pages on every instance.
 */
import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import type { ListingChange } from "../../src/features/helpers";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody } from "../support/biodata";
import { describeDb, sharedDatabase } from "../support/database";
import { helperValues } from "../support/factories";
import { usePageApp } from "../support/pages";
import { useTestApp, type TestApp } from "../support/test-app";

/** Long enough for a burst of saves on a busy machine to fall in one window. */
const WINDOW = { LISTING_CHANGE_WINDOW_MS: "3000" };

describeDb("what a supplier's saves cost everyone else", () => {
  const a = usePageApp({ env: WINDOW });
  const b = useTestApp(async () => ({ env: WINDOW, database: await sharedDatabase(a.database) }));
  let supplier: SignedIn;
  const stops: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    for (const app of [a, b]) stops.push(await app.app.services.watchListing());
    supplier = await signUp(a, { name: "Saving Agency" });
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  /** What each instance's page cache is told to drop, as it is told. */
  const watchDrops = (t: TestApp) => {
    const drops: ListingChange[] = [];
    vi.spyOn(t.app.pageCache, "invalidate").mockImplementation(function (this: unknown) {
      drops.push("everything");
    });
    return drops;
  };
  const patch = (id: string, payload: Record<string, unknown>) =>
    a.app.inject({ method: "PATCH", url: `/api/helpers/${id}`, headers: { cookie: supplier.cookie }, payload });
  const page = (url: string) => a.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
  const invalidations = (t: TestApp) => t.app.pageCache.stats.invalidations;
  /** The supplier's listing as an instance's cache has it: it changes only once a window of changes is applied. */
  const listed = async (t: TestApp) =>
    (await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${supplier.id}&pageSize=50` })).json().items as {
      name: string;
      salary: number;
    }[];
  /** Both instances have taken in every change so far: nothing waits, and the listing shows `name`. */
  const settled = async (name: string, salary?: number) => {
    for (const t of [a, b]) {
      await vi.waitFor(
        async () => {
          expect(t.app.services.listingChangesPending()).toBe(false);
          expect((await listed(t)).find((item) => item.name === name)).toMatchObject({ salary: salary ?? expect.any(Number) });
        },
        { timeout: 15_000, interval: 50 },
      );
    }
  };
  /** A listed biodata written straight to the database, once each instance's listing is cached. */
  // Inserted as another instance would write it: the database's notification is the one round of
  // changes it causes here. (The factory's own round as well could leave the notification's to
  // land after the pages were kept, on a busy machine, and drop them again.)
  const listedHelper = async (values: { name: string; salary?: number }) => {
    for (const t of [a, b]) await listed(t);
    const [helper] = await a.db
      .insert(helpers)
      .values(helperValues(supplier.id, { status: "available", ...values }))
      .returning();
    await settled(values.name);
    // A search index built after this would throw away a page rendering under way (a search
    // page may read it), and a test counting renderings would count that page twice.
    for (const t of [a, b]) await t.app.services.helpers.searchIndex.ready();
    return helper!;
  };

  it("a draft saved again and again drops no page and rebuilds no search index on any instance", async () => {
    const draft = await a.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ name: "Drafty Dara", status: "draft" }),
    });
    expect(draft.statusCode).toBe(201);
    const marker = await listedHelper({ name: "Marker Maya" });
    await b.app.services.helpers.searchIndex.ready();
    const before = { a: invalidations(a), b: invalidations(b), builds: b.app.services.helpers.searchIndex.builds };
    const everythingOnB = watchDrops(b);
    const helpersOnB = vi.spyOn(b.app.pageCache, "invalidateHelpers");

    for (let n = 0; n < 5; n++) expect((await patch(draft.json().id, { salary: 700 + n })).statusCode).toBe(200);
    // Then one listed biodata changes: once B has heard of it, it has heard of anything before it.
    await a.db.update(helpers).set({ salary: 999 }).where(eq(helpers.id, marker.id));
    // Each instance hears it from the database on its own connection, in no set order.
    for (const [t, count] of [
      [b, before.b],
      [a, before.a],
    ] as const)
      await vi.waitFor(() => expect(invalidations(t)).toBe(count + 1), { timeout: 10_000, interval: 20 });
    expect(everythingOnB).toEqual([]);
    expect(helpersOnB.mock.calls).toEqual([[[marker.id]]]);
    await b.app.services.helpers.searchIndex.ready();
    expect(b.app.services.helpers.searchIndex.builds).toBe(before.builds + 1);
    vi.restoreAllMocks();
  });

  it("a listed biodata's save renders again its own page and the listing pages, and keeps the other biodata pages", async () => {
    const saved = await listedHelper({ name: "Saved Sari", salary: 650 });
    const other = await listedHelper({ name: "Other Olga" });
    for (const url of [`/posts/${saved.id}`, `/posts/${other.id}`, "/posts", "/privacy-policy"])
      expect((await page(url)).statusCode, url).toBe(200);
    const before = invalidations(a);

    expect((await patch(saved.id, { salary: 875 })).statusCode).toBe(200);
    await vi.waitFor(() => expect(invalidations(a)).toBe(before + 1), { timeout: 10_000, interval: 20 });
    // The other pages are sent as kept, with no rendering.
    const renders = a.app.pageCache.stats.misses;
    await page(`/posts/${other.id}`);
    await page("/privacy-policy");
    expect(a.app.pageCache.stats.misses).toBe(renders);
    // The changed ones are rendered again (the copy held sent meanwhile), once each.
    await page(`/posts/${saved.id}`);
    await page("/posts");
    expect(a.app.pageCache.stats.misses).toBe(renders + 2);
    await vi.waitFor(
      async () => expect(brotliDecompressSync((await page(`/posts/${saved.id}`)).rawPayload).toString("utf8")).toContain("875"),
      {
        timeout: 10_000,
        interval: 20,
      },
    );
  });

  it("a burst of saves of a listed biodata is one round of dropped pages on every instance", async () => {
    const busy = await listedHelper({ name: "Burst Bunga", salary: 600 });
    const before = { a: invalidations(a), b: invalidations(b) };

    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => patch(busy.id, { salary: 701 + n })));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const [row] = await a.db.select({ salary: helpers.salary }).from(helpers).where(eq(helpers.id, busy.id));
    // Every instance shows the last save once its window has passed...
    await settled("Burst Bunga", row!.salary);
    // ...having dropped its pages once for the ten saves.
    expect(invalidations(a)).toBe(before.a + 1);
    expect(invalidations(b)).toBe(before.b + 1);
  });
});
