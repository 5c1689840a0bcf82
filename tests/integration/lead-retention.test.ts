import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { visitors } from "../../src/features/leads/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { purgeExpiredLeads } from "../../src/features/leads/server/lead-retention";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

describeDb("personal data past its retention", () => {
  const t = useTestApp();

  it("deletes visitors unseen for 24 months and delivered notifications older than 30 days, nothing else", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const [stale] = await t.db
      .insert(visitors)
      .values({ name: "Old Visitor", phone: "+6591110001", lastSeenAt: new Date("2024-11-21T00:00:00Z") })
      .returning();
    const [recent] = await t.db
      .insert(visitors)
      .values({ name: "Recent Visitor", phone: "+6591110002", lastSeenAt: new Date("2024-11-23T00:00:00Z") })
      .returning();
    const message = { kind: "lead", to: "support", subject: "s", text: "t" };
    const [oldDelivered, newDelivered, oldPending] = await t.db
      .insert(outbox)
      .values([
        { kind: "lead", channel: "file", payload: message, status: "delivered", deliveredAt: new Date("2026-10-22T00:00:00Z") },
        { kind: "lead", channel: "file", payload: message, status: "delivered", deliveredAt: new Date("2026-11-01T00:00:00Z") },
        { kind: "lead", channel: "file", payload: message, status: "pending", createdAt: new Date("2025-01-01T00:00:00Z") },
      ])
      .returning();

    const deleted = await purgeExpiredLeads(t.db, now);
    expect(deleted).toEqual({ leads: 1, notifications: 1 });
    expect(await t.db.select().from(visitors).where(eq(visitors.id, stale!.id))).toEqual([]);
    expect(await t.db.select().from(visitors).where(eq(visitors.id, recent!.id))).toHaveLength(1);
    expect(await t.db.select().from(outbox).where(eq(outbox.id, oldDelivered!.id))).toEqual([]);
    expect(await t.db.select().from(outbox).where(eq(outbox.id, newDelivered!.id))).toHaveLength(1);
    // Not yet delivered: kept however old, so nothing is lost.
    expect(await t.db.select().from(outbox).where(eq(outbox.id, oldPending!.id))).toHaveLength(1);
  });
});
