/**
 * A family pressing a contact button is counted for the helper's supplier, who sees on the
 * dashboard how many families reached them about each biodata in the last 30 days.
 */
import { beforeAll, expect, it } from "vitest";
import { contacts } from "../../src/features/contacts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("contacts counted for the supplier", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Counted Agency" });
  });

  let address = 0;
  /** Each test its own client address, so the once-an-hour rule of one test does not reach another. */
  const nextAddress = () => `203.0.113.${++address}`;
  const contact = (helperId: string, channel: string, ip: string) =>
    t.app.inject({ method: "POST", url: "/api/contacts", remoteAddress: ip, payload: { helperId, channel } });

  /** The count a biodata's dashboard row shows in its contacts cell. */
  async function dashboardCount(name: string): Promise<string | undefined> {
    const page = await t.app.inject({ url: "/dashboard", headers: { cookie: supplier.cookie } });
    expect(page.statusCode).toBe(200);
    const row = page.body.split("<tr").find((part) => part.includes(name));
    return /data-label="Contacts \(30 days\)">(\d+)</.exec(row ?? "")?.[1];
  }

  it("counts a family's contact once an hour per helper, whichever buttons they press", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Contacted Clara" });
    const ip = nextAddress();
    for (const channel of ["whatsapp", "whatsapp", "telegram"]) expect((await contact(helper.id, channel, ip)).statusCode).toBe(204);
    expect((await contact(helper.id, "webchat", nextAddress())).statusCode).toBe(204);
    expect(await dashboardCount("Contacted Clara")).toBe("2");
    expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)).toBe(2);
  });

  it("counts the last 30 days only, and forgets a deleted biodata's contacts with it", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Older Olive" });
    await t.db.insert(contacts).values([
      { helperId: helper.id, supplierId: supplier.id, channel: "whatsapp", createdAt: new Date(Date.now() - 31 * 86_400_000) },
      { helperId: helper.id, supplierId: supplier.id, channel: "whatsapp", createdAt: new Date(Date.now() - 29 * 86_400_000) },
    ]);
    expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)).toBe(1);
    const removed = await t.app.inject({ method: "DELETE", url: `/api/helpers/${helper.id}`, headers: { cookie: supplier.cookie } });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.services.contacts.countsFor(supplier.id)).has(helper.id)).toBe(false);
  });

  it("counts nothing for a helper families cannot see, and refuses what is not a contact", async () => {
    const draft = await createHelper(t, supplier.id, { name: "Draft Dina", status: "draft" });
    const hired = await createHelper(t, supplier.id, { name: "Hired Hana", status: "hired" });
    const ip = nextAddress();
    for (const id of [draft.id, hired.id, "00000000-0000-4000-8000-000000000000"])
      expect((await contact(id, "whatsapp", ip)).statusCode).toBe(404);
    const listed = await createHelper(t, supplier.id, { name: "Listed Lina" });
    const refused = [
      await contact(listed.id, "carrier-pigeon", ip),
      await contact("not-an-id", "whatsapp", ip),
      await t.app.inject({ method: "POST", url: "/api/contacts", remoteAddress: ip, payload: { helperId: listed.id } }),
      await t.app.inject({
        method: "POST",
        url: "/api/contacts",
        remoteAddress: ip,
        payload: `helperId=${listed.id}&channel=whatsapp`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    }
    const counts = await t.app.services.contacts.countsFor(supplier.id);
    for (const id of [draft.id, hired.id, listed.id]) expect(counts.has(id)).toBe(false);
  });

  it("refuses an address that presses faster than a family does", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Busy Bea" });
    const ip = nextAddress();
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await contact(helper.id, "whatsapp", ip)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 204)).toBe(true);
    const last = await contact(helper.id, "whatsapp", ip);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
    expect(last.json().error.message).toMatch(/try again in a minute/);
  });
});
