/**
 * Saved searches (issue 33, decision 195): saved from the listing's form with an address and a
 * frequency, confirmed by a mailed link before anything is sent; a newly listed helper who
 * answers the criteria is queued, one who does not never is; instant alerts within the run and
 * at most 10 a day, a digest once a day from 08:00 Singapore time; a one-click unsubscribe and
 * the suppression it leaves; a withdrawal; bad input; two instances sending once.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import {
  alertHelperStatuses,
  alertSuppressions,
  savedCriteria,
  savedSearchAtoms,
  savedSearches,
} from "../../src/features/alerts/server/tables";
import { isForeignKeyViolation } from "../../src/server/db/errors";
import { chatFamilies } from "../../src/features/conversations/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { singaporeTime } from "../support/clock";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper } from "../support/factories";
import { queuedMailsTo, uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { createTestApp } from "../support/test-app";
import { returningVisitorCookie } from "../support/visitor";

describeDb("saved searches and their alerts", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Alerts Agency" });
  });

  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, values: Record<string, string> | string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { ...formHeaders, cookie },
      payload: typeof values === "string" ? values : formBody(values),
    });
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((response.headers["set-cookie"] as string | string[] | undefined) ?? []).map((c) => c.split(";")[0]!);
  const alerts = () => t.app.services.alerts;
  let n = 0;
  const unique = (name: string) => `${name}.${Date.now()}.${++n}@example.com`;

  /** A family past the gate saves a search from the form and confirms it from the mail: its cookies. */
  async function savedAndConfirmed(criteria: string, email: string, frequency = "instant", cookie?: string) {
    const phone = uniqueSgMobile();
    const visitor = cookie ?? (await returningVisitorCookie(t, "Mei Ling", phone.e164));
    const form = await page(`/messages/searches?${criteria}`, visitor);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Save this search");
    const saved = await post("/messages/searches", visitor, { criteria, email, frequency });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(`we mailed a link to ${email}`);
    const key = cookiesOf(saved).find((c) => c.startsWith("conversations="));
    const mail = (await queuedMailsTo(t, "alert-confirm", email))[0];
    const link = mail?.match(/http:\/\/localhost:3000(\/messages\/searches\/confirm\/[\w-]{43})/)?.[1];
    expect(link).toBeDefined();
    // Nothing is sent before the address is confirmed.
    const [search] = await t.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.email, email))
      .orderBy(desc(savedSearches.createdAt))
      .limit(1);
    expect(search!.confirmedAt).toBeNull();
    expect((await page(link!)).body).toContain("Confirm my alerts");
    const confirmed = await post(link!, "", {});
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/messages?search-confirmed#saved-searches");
    expect((await post(link!, "", {})).statusCode).toBe(404);
    return { visitor, phone, cookie: key ? `${visitor}; ${key}` : visitor, searchId: search!.id };
  }

  /** A helper listed now, and the change heard as every instance hears it. */
  async function listed(values: Parameters<typeof createHelper>[2]) {
    const helper = await createHelper(t, supplier.id, values);
    await alerts().changed({ helpers: [helper.id] });
    return helper;
  }

  const alertRows = (email: string) =>
    t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} in ('alert', 'alert-digest') and ${outbox.payload}->'to'->>'email' = ${email}`);

  it("sends a newly listed helper who answers the search at once, never one who does not, with its unsubscribe headers", async () => {
    const before = await createHelper(t, supplier.id, { name: "Listed Before", nationality: "myanmar" });
    const email = unique("instant");
    const { cookie } = await savedAndConfirmed("category=myanmar&q=", email);
    const space = await page("/messages", cookie);
    expect(space.body).toContain("Saved searches");
    expect(space.body).toContain(`At once to ${email}`);

    await listed({ name: "Aye Aye Khin", nationality: "myanmar" });
    await listed({ name: "Maria Santos", nationality: "philippines" });
    await alerts().changed({ helpers: [before.id] });
    expect(await alerts().sendDue()).toMatchObject({ instant: 1 });
    const [row, ...more] = await alertRows(email);
    expect(more).toEqual([]);
    const payload = row!.payload as { text: string; subject: string; about?: string; headers: Record<string, string> };
    expect(payload.text).toContain("Aye Aye Khin");
    expect(payload.text).not.toContain("Maria Santos");
    expect(payload.text).not.toContain("Listed Before");
    expect(payload.text).toContain(`confirmed ${email} by a link`);
    expect(payload.about).toMatch(/^visitor:\+65/);
    expect(payload.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(payload.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/messages\/searches\/unsubscribe\/[\w.-]+>$/);
    // A second delivery of the same change sends nothing more.
    const again = await createHelper(t, supplier.id, { name: "Heard Twice", nationality: "myanmar" });
    await alerts().changed({ helpers: [again.id] });
    await alerts().changed({ helpers: [again.id] });
    expect(await alerts().sendDue()).toMatchObject({ instant: 1 });
    expect(await alerts().sendDue()).toMatchObject({ instant: 0 });
    expect(await alertRows(email)).toHaveLength(2);
  });

  it("hears a change through the site's events, as a save announces it", async () => {
    const email = unique("events");
    await savedAndConfirmed("category=india", email);
    await createHelper(t, supplier.id, { name: "Priya Announced", nationality: "india" });
    await t.app.services.announced();
    await expect.poll(async () => (await alertRows(email)).length, { timeout: 5000 }).toBe(1);
  });

  it("mails a daily digest once a day from 08:00 Singapore time, in the family's language", async () => {
    const email = unique("digest");
    const phone = uniqueSgMobile();
    const visitor = await returningVisitorCookie(t, "Wei Ling", phone.e164);
    const saved = await post("/zh/messages/searches", visitor, { criteria: "category=indonesia", email, frequency: "daily" });
    expect(saved.statusCode).toBe(200);
    const link = (await queuedMailsTo(t, "alert-confirm", email))[0]?.match(/\/zh\/messages\/searches\/confirm\/[\w-]{43}/)?.[0];
    expect((await post(link!, "", {})).statusCode).toBe(302);
    await listed({ name: "Siti Digest", nationality: "indonesia" });
    await listed({ name: "Dewi Digest", nationality: "indonesia" });
    const day = "2031-03-04";
    expect(await alerts().sendDue(singaporeTime(`${day}T07:59`))).toMatchObject({ digests: 0 });
    expect(await alerts().sendDue(singaporeTime(`${day}T08:01`))).toMatchObject({ digests: 1 });
    await listed({ name: "Rina Later", nationality: "indonesia" });
    expect(await alerts().sendDue(singaporeTime(`${day}T15:00`))).toMatchObject({ digests: 0 });
    expect(await alerts().sendDue(singaporeTime("2031-03-05T08:00"))).toMatchObject({ digests: 1 });
    const texts = (await alertRows(email)).map((row) => row.payload as { subject: string; text: string });
    expect(texts).toHaveLength(2);
    const first = texts.find((mail) => mail.text.includes("Siti Digest"))!;
    expect(first.text).toContain("Dewi Digest");
    expect(first.subject).toContain("今日");
    expect(texts.find((mail) => mail.text.includes("Rina Later"))).toBeDefined();
  });

  it("tells the digest once when a helper the family shortlisted or wrote to became reserved or hired, and nothing of an edit or of others", async () => {
    const email = unique("news");
    // A search no helper of this suite answers: the digest has only the news to carry.
    const { cookie } = await savedAndConfirmed("category=india&religion=sikh", email, "daily");
    const kept = await createHelper(t, supplier.id, { name: "Kept Reyes", nationality: "philippines" });
    const written = await createHelper(t, supplier.id, { name: "Written Grace", nationality: "philippines" });
    const never = await createHelper(t, supplier.id, { name: "Never Kept", nationality: "philippines" });
    const all = [kept.id, written.id, never.id];
    await alerts().changed({ helpers: all });
    const stored = await t.app.inject({
      method: "PUT",
      url: "/api/shortlist",
      headers: { cookie, "content-type": "application/json", origin: "http://localhost" },
      payload: { ids: [kept.id] },
    });
    expect(stored.statusCode).toBe(200);
    const message = await post(`/posts/${written.id}/message`, cookie, { body: "Is she free from March?", email: "" });
    expect(message.statusCode).toBe(302);
    // An edit that keeps her status is no news.
    await t.db.update(helpers).set({ salary: 777 }).where(eq(helpers.id, kept.id));
    await alerts().changed({ helpers: all });
    await alerts().sendDue(singaporeTime("2031-09-01T08:01"));
    expect(await alertRows(email)).toEqual([]);

    await t.db
      .update(helpers)
      .set({ status: "reserved" })
      .where(inArray(helpers.id, [kept.id, never.id]));
    await t.db.update(helpers).set({ status: "hired" }).where(eq(helpers.id, written.id));
    // Heard twice (two instances, or a restart): told once.
    await alerts().changed({ helpers: all });
    await alerts().changed({ helpers: all });
    await alerts().sendDue(singaporeTime("2031-09-02T07:59"));
    expect(await alertRows(email)).toEqual([]);
    await alerts().sendDue(singaporeTime("2031-09-02T08:01"));
    await alerts().sendDue(singaporeTime("2031-09-02T08:02"));
    const [mail, ...more] = (await alertRows(email)).map((row) => row.payload as { subject: string; text: string; headers: object });
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("News of helpers you shortlisted or wrote to — Direct Helpers");
    expect(mail!.text).toContain(`Kept Reyes (${kept.ref}) is now reserved.\nhttp://localhost:3000/posts/${kept.id}`);
    expect(mail!.text).toContain(`Written Grace (${written.ref}) has been hired.`);
    expect(mail!.text).not.toContain("Never Kept");
    expect(mail!.text).not.toContain("match the search you saved");
    expect(mail!.headers).toHaveProperty("List-Unsubscribe-Post", "List-Unsubscribe=One-Click");

    // Still reserved at the next change: the next day's digest has nothing to say.
    await t.db.update(helpers).set({ salary: 800 }).where(eq(helpers.id, kept.id));
    await alerts().changed({ helpers: all });
    await alerts().sendDue(singaporeTime("2031-09-03T08:01"));
    expect(await alertRows(email)).toHaveLength(1);
    // Hired after reserved is news again.
    await t.db.update(helpers).set({ status: "hired" }).where(eq(helpers.id, kept.id));
    await alerts().changed({ helpers: [kept.id] });
    await alerts().sendDue(singaporeTime("2031-09-04T08:01"));
    const texts = (await alertRows(email)).map((row) => (row.payload as { text: string }).text);
    expect(texts).toHaveLength(2);
    expect(texts.find((text) => text.includes("Kept Reyes") && text.includes("has been hired"))).toBeDefined();
  });

  it("sends at most 10 instant alerts a day a search; the rest wait for the next day", async () => {
    const email = unique("cap");
    await savedAndConfirmed("category=india&salaryMax=650", email);
    const day = "2031-06-10";
    for (let i = 0; i < 12; i++) {
      await listed({ name: `Capped ${i}`, nationality: "india", salary: 600 });
      await alerts().sendDue(singaporeTime(`${day}T09:${String(10 + i)}`));
    }
    expect(await alertRows(email)).toHaveLength(10);
    await alerts().sendDue(singaporeTime("2031-06-11T00:05"));
    const texts = (await alertRows(email)).map((row) => (row.payload as { text: string }).text).join("\n");
    expect(await alertRows(email)).toHaveLength(11);
    expect(texts).toContain("Capped 10");
    expect(texts).toContain("Capped 11");
  });

  it("unsubscribes by one click and by the page, keeps the address suppressed until it is confirmed again", async () => {
    const email = unique("unsub");
    const { cookie } = await savedAndConfirmed("category=myanmar&religion=buddhist", email);
    await listed({ name: "Su Su One", nationality: "myanmar", religion: "buddhist" });
    await alerts().sendDue();
    const [row] = await alertRows(email);
    const url = new URL((row!.payload as { headers: Record<string, string> }).headers["List-Unsubscribe"]!.slice(1, -1));
    // A mail client's one-click POST: no cookie, no sign-in.
    const clicked = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode).toBe(200);
    const stored = await t.db.select().from(alertSuppressions);
    expect(stored.length).toBeGreaterThan(0);
    expect(await alerts().suppressed(email)).toBe(true);
    await listed({ name: "Su Su Two", nationality: "myanmar", religion: "buddhist" });
    await alerts().sendDue();
    expect(await alertRows(email)).toHaveLength(1);
    expect((await page("/messages", cookie)).body).toContain("unsubscribed");

    // The page: a button, then the same effect.
    expect((await page(url.pathname)).body).toContain("Unsubscribe");
    const pressed = await post(url.pathname, "", {});
    expect(pressed.body).toContain("You are unsubscribed");
    expect((await page("/messages/searches/unsubscribe/not-a-token")).statusCode).toBe(404);
    const forged = url.pathname.replace(/\.[\w-]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await post(forged, "", "List-Unsubscribe=One-Click")).statusCode).toBe(404);

    // Saved and confirmed again: the address leaves the list and hears again.
    await savedAndConfirmed("category=myanmar&religion=buddhist", email);
    expect(await alerts().suppressed(email)).toBe(false);
    await listed({ name: "Su Su Three", nationality: "myanmar", religion: "buddhist" });
    await alerts().sendDue();
    expect((await alertRows(email)).map((each) => (each.payload as { text: string }).text).join()).toContain("Su Su Three");
  });

  it("stops a search from the space; a withdrawal deletes the searches, the address and the queued mails", async () => {
    const email = unique("withdraw");
    const { cookie, phone, visitor, searchId } = await savedAndConfirmed("category=philippines&sgExp=transfer", email);
    const second = await post("/messages/searches", cookie, { criteria: "category=india", email, frequency: "daily" });
    expect(second.statusCode).toBe(200);
    // Another family cannot stop it.
    const other = await savedAndConfirmed("category=india", unique("other"));
    const refused = await post("/messages/searches", other.cookie, { intent: "stop", search: searchId });
    expect(refused.statusCode).toBe(404);
    const stopped = await post("/messages/searches", other.cookie, { intent: "stop", search: other.searchId });
    expect(stopped.headers.location).toBe("/messages?search-stopped#saved-searches");
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, other.searchId))).toEqual([]);

    await listed({ name: "Joy Withdrawn", nationality: "philippines" });
    await alerts().sendDue();
    expect(await alertRows(email)).toHaveLength(1);
    const [family] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, searchId));
    const withdrawn = await post("/privacy/my-data", visitor, { phone: phone.typed });
    expect(withdrawn.body).toContain("Deleted now");
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.familyId, family!.familyId))).toEqual([]);
    expect(await t.db.select().from(chatFamilies).where(eq(chatFamilies.id, family!.familyId))).toEqual([]);
    expect(await alertRows(email)).toEqual([]);
    expect(await queuedMailsTo(t, "alert-confirm", email)).toEqual([]);
  });

  it("forgets criteria and words no search names any more, and matches them again once a search names them", async () => {
    const criteria = "category=myanmar&q=forgotten";
    const email = unique("forget");
    const { cookie, searchId } = await savedAndConfirmed(criteria, email);
    const named = async () => ({
      criteria: (await t.db.select().from(savedCriteria).where(eq(savedCriteria.criteria, criteria))).length,
      words: (await t.db.select().from(savedSearchAtoms).where(eq(savedSearchAtoms.atom, "q=forgotten"))).length,
    });
    await alerts().forgetUnused();
    expect(await named()).toEqual({ criteria: 1, words: 1 });
    await post("/messages/searches", cookie, { intent: "stop", search: searchId });
    expect(await alerts().forgetUnused()).toBeGreaterThanOrEqual(1);
    expect(await named()).toEqual({ criteria: 0, words: 0 });

    const again = unique("forget-again");
    await savedAndConfirmed(criteria, again, "instant", cookie);
    expect(await named()).toEqual({ criteria: 1, words: 1 });
    await listed({ name: "Forgotten Aye", nationality: "myanmar" });
    await alerts().sendDue();
    expect((await alertRows(again)).map((row) => (row.payload as { text: string }).text).join()).toContain("Forgotten Aye");
  });

  it("skips a helper deleted while her change is heard: the refusal that names her is told from any other error", async () => {
    const gone = randomUUID();
    // What a row naming her meets on either database once she is deleted.
    const refused = await t.db
      .insert(alertHelperStatuses)
      .values({ helperId: gone, status: "hired" })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isForeignKeyViolation(refused)).toBe(true);
    expect(isForeignKeyViolation(new Error("connection lost"))).toBe(false);
    expect(await alerts().changed({ helpers: [gone] })).toEqual({ matched: 0 });
  });

  it("answers bad input with a 4xx and a message a person can act on, writing nothing", async () => {
    const visitor = await returningVisitorCookie(t, "Bad Input", uniqueSgMobile().e164);
    const refusals: [string, string][] = [
      [formBody({ criteria: "category=myanmar", email: "not-an-address", frequency: "daily" }), "Enter an e-mail address"],
      // The site's own guard refuses a NUL anywhere before the form's reading.
      [formBody({ criteria: "category=myanmar", email: "a\0b@example.com", frequency: "daily" }), "NUL character"],
      [formBody({ criteria: "category=myanmar", email: `${"a".repeat(5000)}@example.com`, frequency: "daily" }), "Enter an e-mail"],
      [formBody({ criteria: "category=myanmar", email: "ok@example.com", frequency: "weekly" }), "Choose a daily digest or at once"],
      [formBody({ criteria: "category=atlantis", email: "ok@example.com", frequency: "daily" }), "does not know"],
      [formBody({ criteria: `q=${"x".repeat(3000)}`, email: "ok@example.com", frequency: "daily" }), "cannot be saved as it is"],
      [formBody({ criteria: "ageMin=abc", email: "ok@example.com", frequency: "daily" }), "cannot be saved as it is"],
      ["criteria=category%3Dmyanmar&email=a%40example.com&email=b%40example.com&frequency=daily", "Enter an e-mail address"],
      ["criteria=category%3Dmyanmar&email=a%40example.com&frequency=daily&frequency=instant", "Choose a daily digest"],
      ["email=a%40example.com&frequency=daily", "cannot be saved as it is"],
    ];
    const before = await t.db.select({ count: sql<number>`count(*)::int` }).from(savedSearches);
    for (const [body, message] of refusals) {
      const answer = await post("/messages/searches", visitor, body);
      expect(answer.statusCode, body.slice(0, 80)).toBe(400);
      expect(answer.body).toContain(message);
    }
    // No gate passed, no family: told to pass the gate first.
    const stranger = await post("/messages/searches", "", { criteria: "category=myanmar", email: "ok@example.com", frequency: "daily" });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain("Leave your name and number first");
    expect((await page("/messages/searches?category=myanmar")).body).toContain("Leave your name and number");
    for (const search of ["x".repeat(5000), "00000000-0000-0000-0000-000000000000", "'; drop table saved_searches; --"]) {
      expect((await post("/messages/searches", visitor, { intent: "stop", search })).statusCode).toBe(404);
    }
    expect((await post("/messages/searches/confirm/nothing-here", "", {})).statusCode).toBe(404);
    const after = await t.db.select({ count: sql<number>`count(*)::int` }).from(savedSearches);
    expect(after).toEqual(before);
  });

  it("sends each alert once when two instances match and send at the same moment", async () => {
    const second = await createTestApp({ database: await sharedDatabase(t.database) });
    try {
      const emails = [unique("twice-a"), unique("twice-b"), unique("twice-c")];
      for (const email of emails) await savedAndConfirmed("category=myanmar&marital=single", email);
      const helper = await createHelper(t, supplier.id, { name: "Once Only", nationality: "myanmar", marital: "single" });
      await Promise.all([alerts().changed({ helpers: [helper.id] }), second.app.services.alerts.changed({ helpers: [helper.id] })]);
      await Promise.all([alerts().sendDue(), second.app.services.alerts.sendDue(), alerts().sendDue()]);
      for (const email of emails) expect(await alertRows(email)).toHaveLength(1);
      const pending = await t.db.execute(sql`select count(*)::int as n from alert_matches where state = 'pending'`);
      expect((pending as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("lists the family's searches in Chinese too", async () => {
    const email = unique("zh");
    const { cookie } = await savedAndConfirmed("category=myanmar", email, "daily");
    const space = await page("/zh/messages", cookie);
    expect(space.body).toContain("已保存的搜索");
    const rows = await t.db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.email, email)));
    expect(rows).toHaveLength(1);
  });
});
