/**
 * The site's events (issue 31, item 3; decision 189): a change the public sees is announced by the
 * database's triggers in the change's own transaction, and every instance delivers it once, even
 * when it missed the NOTIFY, even when an earlier transaction commits after a later one; nothing
 * is announced for a change rolled back, or for a draft that stays a draft.
 */
import { eq, sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { createEventFeed, type EventFeed } from "../../src/server/events";
import { siteEvents } from "../../src/server/db/schema";
import { helpers } from "../../src/features/helpers/server/tables";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("the site's events", () => {
  const t = useTestApp();
  const stops: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  /** A feed as another instance has it, with what it delivered. */
  function instance(options: { hearsNotifies?: boolean } = {}): { feed: EventFeed; heard: string[] } {
    const heard: string[] = [];
    const feed = createEventFeed({
      db: t.db,
      listen: options.hearsNotifies === false ? async () => async () => undefined : t.database.handle.listen,
      pollMs: 60_000,
    });
    feed.on("listing", (payload) => void heard.push(payload));
    return { feed, heard };
  }

  it("announces a published biodata's change in its own transaction and delivers it to a listening instance", async () => {
    const other = instance();
    stops.push(await other.feed.start());
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Evented Ester" });
    await vi.waitFor(() => expect(other.heard).toContain(`helpers:${helper.id}`), { timeout: 5000, interval: 20 });
    await t.db.update(helpers).set({ name: "Evented Estella" }).where(eq(helpers.id, helper.id));
    await vi.waitFor(() => expect(other.heard.filter((payload) => payload === `helpers:${helper.id}`)).toHaveLength(2), {
      timeout: 5000,
      interval: 20,
    });
  });

  it("delivers what an instance missed (no NOTIFY heard) when it next reads, once, and never a rolled-back change", async () => {
    const deaf = instance({ hearsNotifies: false });
    await deaf.feed.catchUp();
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { name: "Missed Mona" });
    await t.db
      .transaction(async (tx) => {
        await tx.update(helpers).set({ name: "Never Nora" }).where(eq(helpers.id, helper.id));
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await deaf.feed.catchUp();
    await deaf.feed.catchUp();
    expect(deaf.heard.filter((payload) => payload === `helpers:${helper.id}`)).toHaveLength(1);
  });

  it("announces nothing for a draft that stays a draft", async () => {
    const watcher = instance({ hearsNotifies: false });
    await watcher.feed.catchUp();
    const supplier = await createSupplier(t.db);
    const draft = await createHelper(t, supplier.id, { name: "Drafty Dora", status: "draft" });
    await t.db.update(helpers).set({ name: "Drafty Doris" }).where(eq(helpers.id, draft.id));
    await watcher.feed.catchUp();
    expect(watcher.heard.join()).not.toContain(draft.id);
  });

  it("delivers an event whose transaction took its id first but committed after a later one", async () => {
    if (t.database.handle.kind !== "postgres") return; // One connection on the embedded database: no two transactions at once.
    const watcher = instance({ hearsNotifies: false });
    await watcher.feed.catchUp();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let announcedFirst!: () => void;
    const first = new Promise<void>((resolve) => (announcedFirst = resolve));
    const slow = t.db.transaction(async (tx) => {
      await tx.execute(sql`select announce('listing', 'early-but-slow')`);
      announcedFirst();
      await held;
    });
    await first;
    const ours = () => watcher.heard.filter((payload) => payload.endsWith("-slow") || payload.endsWith("-quick"));
    try {
      await t.db.execute(sql`select announce('listing', 'later-but-quick')`);
      await watcher.feed.catchUp();
      expect(ours()).toEqual(["later-but-quick"]);
    } finally {
      release();
      await slow;
    }
    await watcher.feed.catchUp();
    expect(ours()).toEqual(["later-but-quick", "early-but-slow"]);
  });

  it("keeps events a day, then prunes them", async () => {
    const { feed } = instance({ hearsNotifies: false });
    await t.db.execute(sql`select announce('listing', 'old news')`);
    const [row] = await t.db.select().from(siteEvents).where(eq(siteEvents.payload, "old news"));
    expect(await feed.prune(new Date(row!.createdAt.getTime() + 60_000))).toBe(0);
    expect(await feed.prune(new Date(row!.createdAt.getTime() + 25 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(siteEvents).where(eq(siteEvents.payload, "old news"))).toHaveLength(0);
  });
});
