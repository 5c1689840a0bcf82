/**
 * The family's space on its other devices: an e-mail confirmed by a mailed link, a sign-in link
 * mailed to it (15 minutes, once), a QR code, the devices signed in and signed out, the private
 * link a later notice can carry, the shortlist kept in the space, the helpers marked reserved or
 * hired, and what a withdrawal deletes. Through the pages' forms, as a browser without script.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { chatFamilies, familyDevices, familyPasses } from "../../src/features/conversations/server/tables";
import { familyShortlists } from "../../src/features/shortlist/server/tables";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { queuedMailsTo, uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";
import { hashFamilyKey } from "../../src/features/conversations/server/family-key";

describeDb("the family's space on its other devices", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Space Agency" });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, cookie }, payload: formBody(values) });
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((response.headers["set-cookie"] as string | string[] | undefined) ?? []).map((c) => c.split(";")[0]!);
  const linkIn = (text: string | undefined, path: string) => text?.match(new RegExp(`http://localhost:3000${path}/[\\w-]{43}`))?.[0];

  /** A family past the gate that wrote about a helper: its browser's cookies. */
  async function familyWithConversation(name = "Grace Goh") {
    const helper = await createHelper(t, supplier.id, { name: "Spacey Sari" });
    const phone = uniqueSgMobile();
    const visitor = await returningVisitorCookie(t, name, phone.e164);
    const posted = await post(`/posts/${helper.id}/message`, visitor, { body: "Is she free in May?", email: "" });
    expect(posted.statusCode).toBe(302);
    return { helper, phone, visitor, cookie: `${visitor}; ${cookiesOf(posted).find((c) => c.startsWith("conversations="))}` };
  }

  /** Gives and confirms an e-mail in the space: the mailed link's page asks, its button confirms. */
  async function confirmEmail(cookie: string, email: string) {
    const given = await post("/messages", cookie, { intent: "email", email });
    expect(given.statusCode).toBe(200);
    expect(given.body).toContain("We sent a link to that address");
    const link = linkIn((await queuedMailsTo(t, "family-confirm-email", email))[0], "/messages/confirm");
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;
    expect((await page(path)).body).toContain("Confirm my e-mail");
    const confirmed = await post(path, "", {});
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/messages?confirmed");
    expect((await page("/messages?confirmed", cookie)).body).toContain("Your e-mail is confirmed.");
    // Once only.
    expect((await post(path, "", {})).statusCode).toBe(404);
  }

  it("opens on a second browser by a sign-in link mailed to the confirmed e-mail, once and for 15 minutes", async () => {
    const { cookie } = await familyWithConversation();
    const email = `grace.${Date.now()}@example.com`;
    await confirmEmail(cookie, email);
    const space = await page("/messages", cookie);
    expect(space.body).toContain(`${email} (confirmed)`);

    // A second browser, with nothing: it asks for a link by the address.
    const asked = await post("/messages", "", { intent: "sign-in", email: email.toUpperCase() });
    expect(asked.body).toContain("If that address is confirmed for a space, a link is on its way");
    const link = linkIn((await queuedMailsTo(t, "family-sign-in", email))[0], "/messages/sign-in");
    expect(link).toBeDefined();
    const path = new URL(link!).pathname;
    // Opening it only asks (a mail scanner uses nothing); the button signs this browser in.
    expect((await page(path)).body).toContain("Open my space here");
    const signedIn = await t.app.inject({
      method: "POST",
      url: path,
      headers: { ...formHeaders, "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36" },
      payload: "",
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe("/messages");
    const second = cookiesOf(signedIn).join("; ");
    expect(second).toMatch(/conversations=[\w-]{43}/);
    expect(second).toMatch(/visitor=/);
    // The same conversations, and the menu's link: the gate's cookie came with it.
    const there = await page("/messages", second);
    expect(there.body).toContain("Spacey Sari");
    expect(there.body).toContain("My space");
    expect(there.body).toContain("Link by e-mail · Chrome on Android (this one)");
    // Used: a second press, or another browser, gets nothing.
    expect((await post(path, "", {})).statusCode).toBe(404);
    expect((await page(path)).statusCode).toBe(404);

    // An unknown address is answered the same, and mails nothing.
    const unknown = await post("/messages", "", { intent: "sign-in", email: "nobody.here@example.com" });
    expect(unknown.body).toContain("If that address is confirmed for a space, a link is on its way");
    expect(await queuedMailsTo(t, "family-sign-in", "nobody.here@example.com")).toEqual([]);

    // Past 15 minutes a link opens nothing.
    await post("/messages", "", { intent: "sign-in", email });
    const late = new URL(linkIn((await queuedMailsTo(t, "family-sign-in", email))[0], "/messages/sign-in")!).pathname;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60_000 });
    try {
      expect((await post(late, "", {})).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }

    // Signed out from the first browser, the second opens nothing more.
    const [device] = await t.db.select().from(familyDevices);
    const removed = await post("/messages", cookie, { intent: "remove-device", device: device!.id });
    expect(removed.body).toContain("That device is signed out of your space.");
    expect((await page("/messages", second)).body).not.toContain("Spacey Sari");
    // Another family's device, or no device, is not found.
    expect((await post("/messages", cookie, { intent: "remove-device", device: device!.id })).statusCode).toBe(404);
    expect((await post("/messages", cookie, { intent: "remove-device", device: "x".repeat(5000) })).statusCode).toBe(404);
  });

  it("shows a QR code that opens the space on a phone, and refuses bad addresses per field", async () => {
    const { cookie } = await familyWithConversation("Henry Ho");
    const shown = await post("/messages", cookie, { intent: "code" });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toMatch(/<svg[^>]*viewBox/);
    const url = shown.body.match(/value="(http:\/\/localhost:3000\/messages\/sign-in\/[\w-]{43})"/)?.[1];
    expect(url).toBeDefined();
    const phone = await t.app.inject({ method: "POST", url: new URL(url!).pathname, headers: formHeaders, payload: "" });
    expect(phone.statusCode).toBe(302);
    expect((await page("/messages", cookiesOf(phone).join("; "))).body).toContain("QR code");

    // A code needs a space; an e-mail must be one.
    expect((await post("/messages", "", { intent: "code" })).statusCode).toBe(404);
    for (const email of ["not an address", "", "a@b", `${"x".repeat(300)}@example.com`]) {
      const refused = await post("/messages", cookie, { intent: "email", email });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("Enter an e-mail address, like name@example.com.");
    }
    // A NUL byte is refused before any page sees it.
    expect((await post("/messages", cookie, { intent: "email", email: "nul\u0000@example.com" })).statusCode).toBe(400);
    const repeated = await t.app.inject({
      method: "POST",
      url: "/messages",
      headers: { ...formHeaders, cookie },
      payload: "intent=email&email=a%40example.com&email=b%40example.com",
    });
    expect(repeated.statusCode).toBeLessThan(500);
    // Forged or unknown tokens are 404, never an error.
    for (const token of ["x", "a".repeat(43)]) {
      expect((await page(`/messages/sign-in/${token}`)).statusCode).toBe(404);
      expect((await page(`/messages/confirm/${token}`)).statusCode).toBe(404);
    }
    expect((await page(`/messages/sign-in/${"%00".repeat(20)}`)).statusCode).toBe(400);
  });

  it("gives a confirmed address once: given again from another family's browser, it mails a sign-in link to the first", async () => {
    const first = await familyWithConversation("Irene Ang");
    const email = `irene.${Date.now()}@example.com`;
    await confirmEmail(first.cookie, email);
    const other = await familyWithConversation("Irene Ang");
    const given = await post("/messages", other.cookie, { intent: "email", email });
    expect(given.body).toContain("We sent a link to that address");
    // No second confirmation, a sign-in link instead.
    expect(await queuedMailsTo(t, "family-confirm-email", email)).toHaveLength(1);
    expect(await queuedMailsTo(t, "family-sign-in", email)).toHaveLength(1);
  });

  it("begins a space with an e-mail before any conversation, past the gate only", async () => {
    const visitor = await returningVisitorCookie(t, "Jade Lim", uniqueSgMobile().e164);
    const space = await page("/messages", visitor);
    expect(space.body).toContain("Keep your space with your e-mail");
    const given = await post("/messages", visitor, { intent: "email", email: `jade.${Date.now()}@example.com` });
    expect(given.statusCode).toBe(200);
    expect(cookiesOf(given).some((c) => /^conversations=[\w-]{43}$/.test(c))).toBe(true);
    // Not past the gate: no space is begun.
    expect((await post("/messages", "", { intent: "email", email: "someone@example.com" })).statusCode).toBe(404);
  });

  it("keeps the shortlist in the space for each device, and marks a helper reserved or hired", async () => {
    const { cookie } = await familyWithConversation("Kim Tan");
    const key = cookie.split("; ").find((c) => c.startsWith("conversations="))!;
    const a = await createHelper(t, supplier.id, { name: "Shortlisted Siti" });
    const b = await createHelper(t, supplier.id, { name: "Shortlisted Sri" });
    const put = (ids: unknown, who = key) =>
      t.app.inject({ method: "PUT", url: "/api/shortlist", headers: { cookie: who }, payload: { ids } });
    expect((await put([a.id, b.id])).json()).toEqual({ ids: [a.id, b.id] });
    expect((await t.app.inject({ url: "/api/shortlist", headers: { cookie: key } })).json()).toEqual({ ids: [a.id, b.id] });
    // Bad lists are refused whole; no space is 404.
    expect((await put(Array.from({ length: 7 }, () => a.id))).statusCode).toBe(400);
    expect((await put([a.id, "not-an-id"])).statusCode).toBe(400);
    expect((await put("nope")).statusCode).toBe(400);
    expect((await put([a.id], "conversations=" + "a".repeat(43))).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/shortlist" })).statusCode).toBe(404);
    expect((await t.db.select().from(familyShortlists)).filter((row) => [a.id, b.id].includes(row.helperId))).toHaveLength(2);

    // Hired and reserved helpers are marked in the space, in its shortlist and its conversations.
    await t.db.update(helpers).set({ status: "hired" }).where(eq(helpers.id, a.id));
    await t.db.update(helpers).set({ status: "reserved" }).where(eq(helpers.id, b.id));
    const space = await page("/messages", cookie);
    expect(space.body).toMatch(/Shortlisted Siti<\/a>.*?status-mark hired">Hired/s);
    expect(space.body).toMatch(/Shortlisted Sri<\/a>.*?status-mark reserved">Reserved/s);
    const chinese = await page("/zh/messages", cookie);
    expect(chinese.body).toContain("已受雇");
  });

  it("keeps the private link a later notice carries, until the family makes a new one; a withdrawal deletes the space's e-mail, devices, passes and mails", async () => {
    const { cookie, visitor, phone } = await familyWithConversation("Lena Lee");
    const key = cookie
      .split("; ")
      .find((c) => c.startsWith("conversations="))!
      .split("=")[1]!;
    const [family] = await t.db
      .select()
      .from(chatFamilies)
      .where(eq(chatFamilies.keyHash, hashFamilyKey(key)));
    expect(await t.app.services.conversations.linkKeyOf(family!.id)).toBe(key);
    expect((await page("/messages", cookie)).body).toContain(`/messages/link/${key}`);
    const revoked = await post("/messages", cookie, { intent: "revoke" });
    const fresh = cookiesOf(revoked)
      .find((c) => c.startsWith("conversations="))!
      .split("=")[1]!;
    expect(fresh).not.toBe(key);
    expect(await t.app.services.conversations.linkKeyOf(family!.id)).toBe(fresh);
    expect((await page(`/messages/link/${key}`)).statusCode).toBe(404);

    const email = `lena.${Date.now()}@example.com`;
    const withFresh = `${visitor}; conversations=${fresh}`;
    await confirmEmail(withFresh, email);
    await post("/messages", "", { intent: "sign-in", email });
    await post("/messages", withFresh, { intent: "code" });
    expect(await t.db.select().from(familyPasses).where(eq(familyPasses.familyId, family!.id))).not.toEqual([]);

    const withdrawn = await post("/privacy/my-data", visitor, { phone: phone.typed });
    expect(withdrawn.body).toContain("Deleted now");
    expect(await t.db.select().from(chatFamilies).where(eq(chatFamilies.id, family!.id))).toEqual([]);
    expect(await t.db.select().from(familyPasses).where(eq(familyPasses.familyId, family!.id))).toEqual([]);
    expect(await queuedMailsTo(t, "family-sign-in", email)).toEqual([]);
    expect(await queuedMailsTo(t, "family-confirm-email", email)).toEqual([]);
  });
});
