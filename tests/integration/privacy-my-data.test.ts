import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { contacts, interest } from "../../src/features/contacts/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { privacyRequests, visitors } from "../../src/features/leads/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("a visitor withdraws consent on /privacy/my-data (PDPA)", () => {
  const t = usePageApp();
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
  });

  /** Passes the /filters gate as a browser does: the lead and its notification are stored, the cookie set. */
  const passGate = async (name: string, phone = uniqueSgMobile()) => {
    const passed = await t.app.inject({
      method: "POST",
      url: "/filters",
      headers: formHeaders,
      payload: formBody({ name, phone: phone.typed }),
    });
    expect(passed.statusCode).toBe(200);
    return { phone, cookie: String(passed.headers["set-cookie"]).split(";")[0]! };
  };
  const leadsWith = (phone: string) => t.db.select().from(visitors).where(eq(visitors.phone, phone));
  const queuedFor = (phone: string) =>
    t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'text' like ${`%${phone.slice(3, 7)} ${phone.slice(7)}%`}`);
  const withdraw = (phone: string, cookie?: string) =>
    t.app.inject({
      method: "POST",
      url: "/privacy/my-data",
      headers: { ...formHeaders, ...(cookie ? { cookie } : {}) },
      payload: formBody({ phone }),
    });

  it("shows the visitor of this browser their name and number, never from a shared cache", async () => {
    const { phone, cookie } = await passGate("Mei Ling Tan");
    const page = await t.app.inject({ url: "/privacy/my-data", headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Mei Ling Tan");
    expect(page.body).toContain(`+65 ${phone.e164.slice(3, 7)} ${phone.e164.slice(7)}`);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    const anonymous = await t.app.inject({ url: "/privacy/my-data" });
    expect(anonymous.body).not.toContain("Mei Ling Tan");
    expect(anonymous.headers["cache-control"]).toBe("private, no-store");
  });

  it("deletes the lead and its queued notification at once for the visitor holding the signed cookie, and clears it", async () => {
    const { phone, cookie } = await passGate("Withdrawing Visitor");
    expect(await leadsWith(phone.e164)).toHaveLength(1);
    expect((await queuedFor(phone.e164)).length).toBeGreaterThan(0);

    const done = await withdraw(phone.typed, cookie);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Deleted now: your name, number and e-mail");
    expect(String(done.headers["set-cookie"])).toMatch(/^visitor=; .*Max-Age=0/);
    expect(done.headers["cache-control"]).toBe("private, no-store");
    expect(await leadsWith(phone.e164)).toHaveLength(0);
    expect(await queuedFor(phone.e164)).toHaveLength(0);
    expect(await t.db.select().from(privacyRequests).where(eq(privacyRequests.phone, phone.e164))).toHaveLength(0);
  });

  it("lists the helpers the family asked about, and unlinks them (keeping the supplier's counts) when consent is withdrawn", async () => {
    const supplier = await createSupplier(t.db, { name: "Listed Agency", phone: "+6591230000" });
    const helper = await createHelper(t, supplier.id, { name: "Asked About Ana" });
    const other = await createHelper(t, supplier.id, { name: "Someone Else Sari" });
    const { phone, cookie } = await passGate("Asking Family");
    const beacon = (url: string, payload: object, headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url, remoteAddress: "198.51.100.7", headers, payload });
    expect((await beacon("/api/contacts", { helperId: helper.id, channel: "whatsapp" }, { cookie })).statusCode).toBe(204);
    expect((await beacon("/api/interest", { helperId: helper.id, kind: "shortlist" }, { cookie })).statusCode).toBe(204);
    // Another family's contact is theirs alone.
    expect((await beacon("/api/contacts", { helperId: other.id, channel: "telegram" }, {})).statusCode).toBe(204);

    const page = await t.app.inject({ url: "/privacy/my-data", headers: { cookie } });
    expect(page.body).toContain("Helpers you asked about");
    expect(page.body).toContain(`Asked About Ana (${helper.ref}): WhatsApp, to her supplier, `);
    expect(page.body).not.toContain("Someone Else Sari");
    expect(page.body).toContain("The biodata you open and shortlist are counted for their suppliers without your name");
    // A family that asked about nobody is told so.
    const quiet = await passGate("Quiet Family");
    expect((await t.app.inject({ url: "/privacy/my-data", headers: { cookie: quiet.cookie } })).body).toContain("None recorded.");

    const done = await withdraw(phone.typed, cookie);
    expect(done.body).toContain("the helpers you asked about are no longer linked to you");
    expect(await leadsWith(phone.e164)).toHaveLength(0);
    const [kept] = await t.db.select().from(contacts).where(eq(contacts.helperId, helper.id));
    expect(kept).toMatchObject({ channel: "whatsapp", leadId: null });
    expect(await t.db.select().from(interest).where(eq(interest.helperId, helper.id))).toHaveLength(1);
  });

  it("records a withdrawal without the cookie, deletes nothing, and shows it to operators to carry out within 30 days", async () => {
    const { phone } = await passGate("Other Browser Visitor");
    const done = await withdraw(phone.typed);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("We have recorded your request");
    expect(done.body).toContain("within 30 days");
    expect(await leadsWith(phone.e164)).toHaveLength(1);
    expect((await queuedFor(phone.e164)).length).toBeGreaterThan(0);
    const [request] = await t.db.select().from(privacyRequests).where(eq(privacyRequests.phone, phone.e164));
    expect(request!.dueBy.getTime() - request!.requestedAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    // Asking twice does not fill the operators' list.
    await withdraw(phone.typed);
    expect(await t.db.select().from(privacyRequests).where(eq(privacyRequests.phone, phone.e164))).toHaveLength(1);

    const shown = `+65 ${phone.e164.slice(3, 7)} ${phone.e164.slice(7)}`;
    const leadsScreen = await t.app.inject({ url: "/admin/leads", headers: { cookie: operator.cookie } });
    expect(leadsScreen.body).toContain("Withdrawals of consent to carry out");
    expect(leadsScreen.body).toContain(shown);

    const carried = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: operator.cookie },
      // The list's button asks first (operator.test); this is the confirmed second step.
      payload: formBody({ id: request!.id, confirm: "yes" }),
    });
    expect(carried.statusCode).toBeLessThan(400);
    expect(await leadsWith(phone.e164)).toHaveLength(0);
    expect(await queuedFor(phone.e164)).toHaveLength(0);
    expect((await t.app.inject({ url: "/admin/leads", headers: { cookie: operator.cookie } })).body).not.toContain(shown);
  });

  it("does not delete the lead for a cookie holding another number", async () => {
    const victim = await passGate("Victim Visitor");
    const other = await passGate("Other Visitor");
    const done = await withdraw(victim.phone.typed, other.cookie);
    expect(done.body).toContain("We have recorded your request");
    expect(await leadsWith(victim.phone.e164)).toHaveLength(1);
    expect(done.headers["set-cookie"]).toBeUndefined();
  });

  it("records, but does not carry out, the withdrawal of a second browser that gave a known number", async () => {
    const first = await passGate("First Browser");
    const second = await passGate("Second Browser", first.phone);
    const done = await withdraw(first.phone.typed, second.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("We have recorded your request");
    expect(done.headers["set-cookie"]).toBeUndefined();
    expect(await leadsWith(first.phone.e164)).toHaveLength(1);
    expect(await t.db.select().from(privacyRequests).where(eq(privacyRequests.phone, first.phone.e164))).toHaveLength(1);
    // The browser that gave the number first still withdraws at once.
    expect((await withdraw(first.phone.typed, first.cookie)).body).toContain("Deleted now: your name, number and e-mail");
    expect(await leadsWith(first.phone.e164)).toHaveLength(0);
  });

  it("no longer lets cookies from before a withdrawal through the gate, even once the number is given again", async () => {
    const first = await passGate("Withdrawn Visitor");
    const second = await passGate("Other Device", first.phone);
    await withdraw(first.phone.typed, first.cookie);
    const gate = "Simply log in with your name and phone number";
    for (const cookie of [first.cookie, second.cookie]) {
      expect((await t.app.inject({ url: "/filters", headers: { cookie } })).body).toContain(gate);
      expect((await t.app.inject({ url: "/privacy/my-data", headers: { cookie } })).body).not.toContain("Withdrawn Visitor");
    }
    await passGate("New Family", first.phone);
    expect((await t.app.inject({ url: "/filters", headers: { cookie: first.cookie } })).body).toContain(gate);
    expect((await withdraw(first.phone.typed, first.cookie)).body).toContain("We have recorded your request");
    expect(await leadsWith(first.phone.e164)).toHaveLength(1);
  });

  it("answers a number that cannot be one with a message beside the phone field", async () => {
    const done = await withdraw("12ab");
    expect(done.statusCode).toBe(400);
    expect(done.body).toContain("Use digits only; spaces, dashes, brackets and a leading + are fine.");
    expect(done.body).toMatch(/aria-invalid="true"/);
  });

  it("lets only operators carry out a withdrawal", async () => {
    const supplier = await signUp(t, { name: "Sam Supplier" });
    const refused = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ id: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/admin/leads",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody({ id: "not-an-id" }),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
