/**
 * A family's contact reaches the helper's supplier (or the site, with CONTACT_ROUTE=site), and
 * is recorded with the family's lead when they passed the gate; views, shortlistings and
 * contacts are counted on the supplier's dashboard for the last 30 days.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contacts, interest } from "../../src/features/contacts/server/tables";
import { whatsappMessage } from "../../src/features/helpers/components/contact-buttons";
import { user } from "../../src/features/accounts/server/tables";
import { visitors } from "../../src/features/leads/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const SITE_PHONE = "6580000000";
const DAY = 86_400_000;

/** Decodes the few entities React writes in attributes. */
const unescape = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

describeDb("contacts reach the supplier, and are counted for them", () => {
  const t = usePageApp({ env: { TELEGRAM_BOT: "SiteHelpBot" } });
  const site = usePageApp(async () => ({
    env: { CONTACT_ROUTE: "site", TELEGRAM_BOT: "SiteHelpBot" },
    database: await sharedDatabase(t.database),
  }));
  let supplier: SignedIn;
  let noPhone: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Counted Agency" });
    await t.db.update(user).set({ phone: "+6591234567", telegram: "counted_agency" }).where(eq(user.id, supplier.id));
    noPhone = await signUp(t, { name: "Quiet Agency" });
  });

  let address = 0;
  /** Each test its own client address, so the once-an-hour rule of one test does not reach another. */
  const nextAddress = () => `203.0.113.${++address}`;
  const contact = (helperId: string, channel: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/contacts", remoteAddress: ip, headers, payload: { helperId, channel } });
  const note = (helperId: string, kind: string, ip: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: "/api/interest", remoteAddress: ip, headers, payload: { helperId, kind } });
  const links = (html: string) => [...unescape(html).matchAll(/href="(https:\/\/(?:wa\.me|t\.me)\/[^"]*)"/g)].map((m) => m[1]!);

  /** The counts a biodata's dashboard row shows. */
  async function dashboardCounts(name: string): Promise<Record<string, string | undefined>> {
    const page = await t.app.inject({ url: "/dashboard", headers: { cookie: supplier.cookie } });
    expect(page.statusCode).toBe(200);
    const row = page.body.split("<tr").find((part) => part.includes(name)) ?? "";
    const cell = (label: string) => new RegExp(`<dt>${label}</dt><dd>(\\d+)</dd>`).exec(row)?.[1];
    return { views: cell("Views"), shortlists: cell("Shortlists"), contacts: cell("Contacts") };
  }

  describe("where the buttons go", () => {
    it("sends WhatsApp and Telegram to the helper's supplier, with her name and reference", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Direct Dora" });
      const page = await t.app.inject({ url: `/posts/${helper.id}` });
      expect(page.statusCode).toBe(200);
      const hrefs = links(page.body);
      expect(hrefs).toContain(`https://wa.me/6591234567?text=${encodeURIComponent(whatsappMessage("Direct Dora", helper.ref))}`);
      expect(hrefs).toContain("https://t.me/counted_agency");
      // The site's own number stays in the menu and footer, with no helper named.
      expect(hrefs.some((href) => href.startsWith(`https://wa.me/${SITE_PHONE}?`) || href.includes("SiteHelpBot"))).toBe(false);
      expect(page.body).toContain("You message Counted Agency, her supplier, directly.");
      const cards = await t.app.inject({ url: `/posts?supplier=${supplier.id}` });
      expect(links(cards.body)).toContain(
        `https://wa.me/6591234567?text=${encodeURIComponent(whatsappMessage("Direct Dora", helper.ref))}`,
      );
    });

    it("falls back to the site, and says so, for a supplier who gave no phone", async () => {
      const helper = await createHelper(t, noPhone.id, { name: "Fallback Fay" });
      const page = await t.app.inject({ url: `/posts/${helper.id}` });
      const hrefs = links(page.body);
      expect(hrefs).toContain(`https://wa.me/${SITE_PHONE}?text=${encodeURIComponent(whatsappMessage("Fallback Fay", helper.ref))}`);
      expect(hrefs).toContain(`https://t.me/SiteHelpBot?start=${helper.ref}`);
      expect(page.body).toContain("Quiet Agency has not given a phone number yet: your message reaches Direct Helpers, who pass it on.");
      expect((await contact(helper.id, "whatsapp", nextAddress())).statusCode).toBe(204);
      const [row] = await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id));
      expect(row).toMatchObject({ supplierId: noPhone.id, channel: "whatsapp", via: "site" });
    });

    it("sends every contact to the site's number and bot with CONTACT_ROUTE=site, and records it so", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Brokered Bea" });
      site.app.services.listingChanged();
      const page = await site.app.inject({ url: `/posts/${helper.id}` });
      const hrefs = links(page.body);
      expect(hrefs).toContain(`https://wa.me/${SITE_PHONE}?text=${encodeURIComponent(whatsappMessage("Brokered Bea", helper.ref))}`);
      expect(hrefs).toContain(`https://t.me/SiteHelpBot?start=${helper.ref}`);
      expect(hrefs.some((href) => href.includes("6591234567") || href.includes("counted_agency"))).toBe(false);
      expect(page.body).toContain("You message Direct Helpers: we put you in touch with Counted Agency, her supplier.");
      const ip = nextAddress();
      for (const channel of ["whatsapp", "telegram"]) {
        const answer = await site.app.inject({
          method: "POST",
          url: "/api/contacts",
          remoteAddress: ip,
          payload: { helperId: helper.id, channel },
        });
        expect(answer.statusCode).toBe(204);
      }
      const rows = await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id));
      expect(rows.map((row) => row.via)).toEqual(["site"]);
    });
  });

  describe("what is recorded", () => {
    it("names the family's lead when their browser passed the gate, and nothing of them otherwise", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Recorded Rina" });
      const cookie = await returningVisitorCookie(t, "Mrs Lim");
      expect((await contact(helper.id, "whatsapp", nextAddress(), { cookie })).statusCode).toBe(204);
      expect((await contact(helper.id, "telegram", nextAddress())).statusCode).toBe(204);
      // A cookie written by hand names no lead.
      expect((await contact(helper.id, "whatsapp", nextAddress(), { cookie: "visitor=forged" })).statusCode).toBe(204);
      const rows = await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id)).orderBy(contacts.createdAt);
      const [lead] = await t.db.select({ id: visitors.id }).from(visitors).where(eq(visitors.name, "Mrs Lim"));
      expect(rows.map((row) => [row.channel, row.via, row.leadId])).toEqual([
        ["whatsapp", "supplier", lead!.id],
        ["telegram", "supplier", null],
        ["whatsapp", "supplier", null],
      ]);
      expect(rows.every((row) => row.supplierId === supplier.id && row.createdAt instanceof Date)).toBe(true);
      // A withdrawn lead leaves the count but not the link to the family.
      await t.db.delete(visitors).where(eq(visitors.id, lead!.id));
      const after = await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id));
      expect(after).toHaveLength(3);
      expect(after.every((row) => row.leadId === null)).toBe(true);
    });

    it("shows each biodata's views, shortlists and contacts of the last 30 days on the dashboard", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Counted Clara" });
      const [one, two] = [nextAddress(), nextAddress()];
      for (const ip of [one, one, two]) expect((await note(helper.id, "view", ip)).statusCode).toBe(204);
      for (const ip of [one, one]) expect((await note(helper.id, "shortlist", ip)).statusCode).toBe(204);
      for (const channel of ["whatsapp", "whatsapp", "telegram"]) expect((await contact(helper.id, channel, one)).statusCode).toBe(204);
      expect((await contact(helper.id, "webchat", two)).statusCode).toBe(204);
      await t.db
        .insert(interest)
        .values({ helperId: helper.id, supplierId: supplier.id, kind: "view", createdAt: new Date(Date.now() - 31 * DAY) });
      expect(await dashboardCounts("Counted Clara")).toEqual({ views: "2", shortlists: "1", contacts: "2" });
      expect(await dashboardCounts("Direct Dora")).toEqual({ views: "0", shortlists: "0", contacts: "0" });
    });

    it("deletes what is older than 31 days in the daily sweep, and a deleted biodata's counts with it", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Older Olive" });
      const old = new Date(Date.now() - 32 * DAY);
      await t.db.insert(contacts).values([
        { helperId: helper.id, supplierId: supplier.id, channel: "whatsapp", createdAt: old },
        { helperId: helper.id, supplierId: supplier.id, channel: "whatsapp", createdAt: new Date(Date.now() - 29 * DAY) },
      ]);
      await t.db.insert(interest).values({ helperId: helper.id, supplierId: supplier.id, kind: "shortlist", createdAt: old });
      expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)).toEqual({ views: 0, shortlists: 0, contacts: 1 });
      expect((await t.app.services.contacts.sweep()).deleted).toBeGreaterThanOrEqual(2);
      expect(await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id))).toHaveLength(1);
      expect(await t.db.select().from(interest).where(eq(interest.helperId, helper.id))).toHaveLength(0);
      const removed = await t.app.inject({ method: "DELETE", url: `/api/helpers/${helper.id}`, headers: { cookie: supplier.cookie } });
      expect(removed.statusCode).toBe(204);
      expect((await t.app.services.contacts.countsFor(supplier.id)).has(helper.id)).toBe(false);
    });
  });

  describe("what is refused or not counted", () => {
    it("counts nothing for a helper families cannot see, or an id made up", async () => {
      const draft = await createHelper(t, supplier.id, { name: "Draft Dina", status: "draft" });
      const hired = await createHelper(t, supplier.id, { name: "Hired Hana", status: "hired" });
      const ip = nextAddress();
      for (const id of [draft.id, hired.id, "00000000-0000-4000-8000-000000000000"]) {
        expect((await contact(id, "whatsapp", ip)).statusCode).toBe(404);
        // A view beacon from a page left open is not an error: it just counts nothing.
        expect((await note(id, "view", ip)).statusCode).toBe(204);
        expect((await note(id, "shortlist", ip)).statusCode).toBe(204);
      }
      const counts = await t.app.services.contacts.countsFor(supplier.id);
      for (const id of [draft.id, hired.id]) expect(counts.has(id)).toBe(false);
    });

    it("answers 400 to a channel, kind or id that is not one, and records nothing", async () => {
      const listed = await createHelper(t, supplier.id, { name: "Listed Lina" });
      const ip = nextAddress();
      const refused = [
        await contact(listed.id, "carrier-pigeon", ip),
        await contact("not-an-id", "whatsapp", ip),
        await note(listed.id, "like", ip),
        await note("not-an-id", "view", ip),
        await t.app.inject({ method: "POST", url: "/api/contacts", remoteAddress: ip, payload: { helperId: listed.id } }),
        await t.app.inject({
          method: "POST",
          url: "/api/contacts",
          remoteAddress: ip,
          payload: `helperId=${listed.id}&channel=whatsapp`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      ];
      expect(refused.slice(0, 5).map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
      expect(refused[5]!.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused[5]!.statusCode).toBeLessThan(500);
      expect((await t.app.services.contacts.countsFor(supplier.id)).has(listed.id)).toBe(false);
    });

    it("records against the helper's own supplier whatever is sent, and not the supplier's own presses or robots", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Owned Ola" });
      const rival = await signUp(t, { name: "Rival Agency" });
      const forged = await t.app.inject({
        method: "POST",
        url: "/api/contacts",
        remoteAddress: nextAddress(),
        payload: { helperId: helper.id, channel: "whatsapp", supplierId: rival.id },
      });
      expect(forged.statusCode).toBe(204);
      expect((await t.app.services.contacts.countsFor(rival.id)).size).toBe(0);
      // The supplier opening and pressing on their own biodata, and a rival, signed in.
      expect((await note(helper.id, "view", nextAddress(), { cookie: supplier.cookie })).statusCode).toBe(204);
      expect((await contact(helper.id, "whatsapp", nextAddress(), { cookie: supplier.cookie })).statusCode).toBe(204);
      expect((await note(helper.id, "view", nextAddress(), { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" })).statusCode).toBe(
        204,
      );
      expect((await note(helper.id, "view", nextAddress(), { cookie: rival.cookie })).statusCode).toBe(204);
      expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)).toEqual({ views: 1, shortlists: 0, contacts: 1 });
    });

    it("refuses an address that sends faster than a family does", async () => {
      const helper = await createHelper(t, supplier.id, { name: "Busy Bea" });
      const senders = [
        [(ip: string) => contact(helper.id, "whatsapp", ip), 30],
        [(ip: string) => note(helper.id, "view", ip), 120],
      ] as const;
      for (const [send, limit] of senders) {
        const ip = nextAddress();
        const answers = [];
        for (let i = 0; i < limit; i++) answers.push((await send(ip)).statusCode);
        expect(answers.every((status) => status === 204)).toBe(true);
        const last = await send(ip);
        expect(last.statusCode).toBe(429);
        expect(Number(last.headers["retry-after"])).toBeGreaterThan(0);
        expect(last.json().error.message).toMatch(/try again in a minute/);
        // Another address is still heard.
        expect((await send(nextAddress())).statusCode).toBe(204);
      }
      expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)).toEqual({ views: 2, shortlists: 0, contacts: 2 });
    });
  });
});
