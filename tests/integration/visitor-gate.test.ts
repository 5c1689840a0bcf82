import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { visitors } from "../../src/features/leads/server/tables";
import { describeDb } from "../support/database";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const GATE = "Simply log in with your name and phone number";
const FILTERS = "Your criteria for helper";

describeDb("the /filters gate remembers only the visitors it let through itself", () => {
  const t = usePageApp();

  const filtersWith = (cookie: string) => t.app.inject({ url: "/filters", headers: { cookie } });
  /** Gives a name and number at the gate from a browser holding `cookie` (or none): its new cookie and the page. */
  const giveNumber = async (name: string, phone: string, cookie?: string) => {
    const passed = await t.app.inject({
      method: "POST",
      url: "/filters",
      headers: { ...formHeaders, ...(cookie ? { cookie } : {}) },
      payload: formBody({ name, phone }),
    });
    expect(passed.statusCode).toBe(200);
    return { cookie: String(passed.headers["set-cookie"]).split(";")[0]!, body: passed.body };
  };
  const myData = async (cookie: string) => (await t.app.inject({ url: "/privacy/my-data", headers: { cookie } })).body;
  const storedLead = async (e164: string) => (await t.db.select().from(visitors).where(eq(visitors.phone, e164)))[0];

  it("lets a visitor who passed the gate straight through next time, with the cookie it set", async () => {
    const phone = uniqueSgMobile();
    const passed = await t.app.inject({
      method: "POST",
      url: "/filters",
      headers: formHeaders,
      payload: formBody({ name: "Gate Passer", phone: phone.typed }),
    });
    expect(passed.statusCode).toBe(200);
    const setCookie = String(passed.headers["set-cookie"]);
    expect(setCookie).toMatch(/^visitor=[^;]+\.[^;]+; /);
    const page = await filtersWith(setCookie.split(";")[0]!);
    expect(page.body).toContain(FILTERS);
    expect(page.body).toContain("Welcome back, Gate Passer.");
    expect(page.body).not.toContain(GATE);
  });

  it("shows the gate to a cookie written by hand, as the original site's were", async () => {
    const handMade = encodeURIComponent(JSON.stringify({ name: "Gate Skipper", phone: "+6591234567" }));
    const page = await filtersWith(`visitor=${handMade}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(GATE);
    expect(page.body).not.toContain("Gate Skipper");
  });

  it("shows the gate to a signed cookie whose number was changed", async () => {
    const signed = await returningVisitorCookie(t, "Real Visitor");
    const [payload, signature] = signed.slice("visitor=".length).split(".") as [string, string];
    const record = JSON.parse(Buffer.from(decodeURIComponent(payload), "base64").toString("utf8")) as Record<string, string>;
    const forged = Buffer.from(JSON.stringify({ ...record, phone: uniqueSgMobile().e164 })).toString("base64");
    const page = await filtersWith(`visitor=${forged}.${signature}`);
    expect(page.body).toContain(GATE);
    expect((await filtersWith(signed)).body).toContain(FILTERS);
  });

  it("lets a second browser through with a known number, without renaming the lead or showing it the first visit", async () => {
    const phone = uniqueSgMobile();
    const first = await giveNumber("Mei Ling Tan", phone.typed);
    const second = await giveNumber("Someone Else", phone.typed);
    // Through the gate like anyone, greeted by the name it typed: the site does not tell the number was known.
    expect(second.body).toContain("Someone Else");
    expect(second.body).not.toContain("Mei Ling Tan");
    expect((await filtersWith(second.cookie)).body).toContain("Welcome back, Someone Else.");
    expect(await storedLead(phone.e164)).toMatchObject({ name: "Mei Ling Tan", visits: 2 });

    const seenBySecond = await myData(second.cookie);
    expect(seenBySecond).toContain("Someone Else");
    expect(seenBySecond).not.toContain("Mei Ling Tan");
    expect(seenBySecond).not.toContain("First seen");
    expect(seenBySecond).toContain("This number was first given in another browser");
    const seenByFirst = await myData(first.cookie);
    expect(seenByFirst).toContain("Mei Ling Tan");
    expect(seenByFirst).toContain("First seen");
  });

  it("keeps the first browser the owner when it gives its own number again", async () => {
    const phone = uniqueSgMobile();
    const first = await giveNumber("Owner Again", phone.typed);
    const again = await giveNumber("Owner Again", phone.typed, first.cookie);
    expect(await myData(again.cookie)).toContain("First seen");
    // A browser that only passed with the number does not become the owner by giving it again.
    const other = await giveNumber("Not The Owner", phone.typed);
    expect(await myData((await giveNumber("Not The Owner", phone.typed, other.cookie)).cookie)).not.toContain("First seen");
  });

  it("lets no browser prove a lead stored before owner keys existed", async () => {
    const phone = uniqueSgMobile();
    await t.db.insert(visitors).values({ name: "Stored Long Ago", phone: phone.e164 });
    const visit = await giveNumber("Claiming Later", phone.typed);
    expect((await filtersWith(visit.cookie)).body).toContain(FILTERS);
    expect(await myData(visit.cookie)).not.toContain("Stored Long Ago");
    expect(await storedLead(phone.e164)).toMatchObject({ name: "Stored Long Ago", ownerKeyHash: null });
  });
});
