import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { visitors } from "../../src/features/leads/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { formatPhone, phoneMessages } from "../../src/shared/phone";
import { operatorViewer } from "../support/auth";
import { clockPast } from "../support/clock";
import { describeDb } from "../support/database";
import { uniquePhMobile, uniqueSgMobile } from "../support/notify";
import { useTestApp, type TestApp } from "../support/test-app";

describeDb("a visitor leaves their name and phone number (POST /api/leads)", () => {
  const t = useTestApp();

  const submit = async (payload: unknown) => {
    const response = await t.app.inject({ method: "POST", url: "/api/leads", payload: payload as object });
    return { status: response.statusCode, body: response.json() };
  };

  /** The notifications queued that mention this phone number (written as people read it). */
  const queuedFor = (e164: string) =>
    t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'text' like ${`%${formatPhone(e164)}%`}`);
  const visitorsWith = (e164: string) => t.db.select().from(visitors).where(eq(visitors.phone, e164));

  it("stores a Singapore number typed without +65 in E.164 and answers with the lead as given", async () => {
    const phone = uniqueSgMobile();
    const { status, body } = await submit({ name: "Mary Tan", phone: phone.typed });
    expect(status).toBe(201);
    expect(body).toEqual({ name: "Mary Tan", phone: phone.e164 });
    const [stored] = await visitorsWith(phone.e164);
    expect(stored).toMatchObject({ name: "Mary Tan", visits: 1, lastSeenAt: stored!.firstSeenAt });
  });

  it("takes the same number with +65 as the same visitor, counting the visit", async () => {
    const phone = uniqueSgMobile();
    await submit({ name: "Ah Lian", phone: phone.typed });
    const second = await submit({ name: "Ah Lian", phone: `+65 ${phone.typed}` });
    expect(second.status).toBe(201);
    expect(second.body).toEqual({ name: "Ah Lian", phone: phone.e164 });
    const stored = await visitorsWith(phone.e164);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.visits).toBe(2);
  });

  it("stores a foreign number given with its country code", async () => {
    const phone = uniquePhMobile();
    const { status, body } = await submit({ name: "Jose Rizal", phone: phone.typed });
    expect(status).toBe(201);
    expect(body.phone).toBe(phone.e164);
    expect(body.phone.startsWith("+63")).toBe(true);
  });

  it.each([
    ["letters", "9123 abcd", phoneMessages.characters],
    ["too short", "9123", phoneMessages.tooShortLocal],
    ["a foreign number without +", "0917 123 4567", phoneMessages.notLocal],
    ["a Singapore number that cannot exist", "1234 5678", phoneMessages.invalid],
    ["an empty number", "", phoneMessages.empty],
  ])("refuses %s with a message for the phone field, and stores nothing", async (_case, phone, message) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const { status, body } = await submit({ name: "Refused Visitor", phone });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: "bad_request",
        message: "Please check your name and phone number.",
        fields: { phone: message },
        requestId: expect.any(String),
      },
    });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("refuses an empty name with a message for the name field, and stores nothing", async () => {
    const phone = uniqueSgMobile();
    const { status, body } = await submit({ name: "   ", phone: phone.typed });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ name: "Please enter your name." });
    expect(await visitorsWith(phone.e164)).toHaveLength(0);
    expect(await queuedFor(phone.e164)).toHaveLength(0);
  });

  it("refuses a body that is not an object of text fields", async () => {
    const { status, body } = await submit({ phone: 91234567 });
    expect(status).toBe(400);
    expect(body.error.fields.name).toBe("Please enter your name.");
  });

  it("counts a returning number without changing the name first given, nor showing it to the sender", async () => {
    const phone = uniqueSgMobile();
    await submit({ name: "Lim Ah Kow", phone: phone.typed });
    const [first] = await visitorsWith(phone.e164);
    await clockPast(first!.lastSeenAt.getTime());
    const second = await submit({ name: "  Someone  Else ", phone: phone.typed });
    expect(second.body).toEqual({ name: "Someone Else", phone: phone.e164 });
    const [stored] = await visitorsWith(phone.e164);
    expect(stored).toMatchObject({ id: first!.id, name: "Lim Ah Kow", visits: 2, firstSeenAt: first!.firstSeenAt });
    expect(stored!.lastSeenAt.getTime()).toBeGreaterThan(first!.lastSeenAt.getTime());
    // Support still hears of the repeat interest, with both names.
    const texts = (await queuedFor(phone.e164)).map((row) => (row.payload as { text: string }).text);
    expect(texts.find((text) => text.includes("Visits: 2"))).toContain("Name given this time: Someone Else");
  });

  it("queues support's notification with the lead: name, phone, visits and a WhatsApp link", async () => {
    const phone = uniqueSgMobile();
    await submit({ name: "Siew Ling", phone: phone.typed });
    await submit({ name: "Siew Ling", phone: phone.typed });
    const rows = await queuedFor(phone.e164);
    expect(rows).toHaveLength(2);
    // No mail server or Telegram configured here: messages become files.
    expect(rows.map((r) => [r.kind, r.channel, r.status])).toEqual([
      ["lead", "file", "pending"],
      ["lead", "file", "pending"],
    ]);
    const latest = rows.map((r) => r.payload as { to: string; subject: string; text: string }).find((p) => p.text.includes("Visits: 2"));
    expect(latest).toBeDefined();
    expect(latest!.to).toBe("support");
    expect(latest!.subject).toContain("Siew Ling");
    expect(latest!.text).toContain(`https://wa.me/${phone.e164.slice(1)}?text=`);
  });

  it("lets the operator list leads matching a name, most recently seen first, and exports them as CSV", async () => {
    const tag = `Zed${Date.now()}`;
    const older = uniqueSgMobile();
    const newer = uniqueSgMobile();
    await t.app.services.leads.record({ name: `${tag} Older`, phone: older.e164 });
    await clockPast((await visitorsWith(older.e164))[0]!.lastSeenAt.getTime());
    await t.app.services.leads.record({ name: `=${tag}, "Newer"`, phone: newer.e164 });

    const page = await t.app.services.leads.list(operatorViewer(), { q: tag, pageSize: 1 });
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page.items.map((l) => l.phone)).toEqual([newer.e164]);
    expect((await t.app.services.leads.list(operatorViewer(), { q: older.e164.slice(-8) })).items.map((l) => l.phone)).toEqual([
      older.e164,
    ]);

    const csv = await t.app.services.leads.exportCsv(operatorViewer(), tag);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Name,Phone,Visits,First seen (Singapore time),Last seen (Singapore time),Filtered for");
    // A name a spreadsheet would run as a formula is defused; the phone stays as it is.
    expect(lines[1]!.startsWith(`"'=${tag}, ""Newer""",${newer.e164},1,`)).toBe(true);
    expect(lines[2]!.startsWith(`${tag} Older,${older.e164},1,`)).toBe(true);
    expect(lines).toHaveLength(3);
  });
});

describeDb("lead submissions are limited per address", () => {
  const t = useTestApp({ leadLimits: { max: 2, windowMs: 60_000 } });

  const submitFrom = (address: string, phone = uniqueSgMobile().typed) =>
    t.app.inject({
      method: "POST",
      url: "/api/leads",
      remoteAddress: address,
      payload: { name: "Busy Visitor", phone },
    });

  it("answers 429 with a message once an address has used its allowance, other addresses unaffected", async () => {
    expect((await submitFrom("10.0.0.1")).statusCode).toBe(201);
    // A refused submission counts too: guessing numbers is what the limit is for.
    expect((await submitFrom("10.0.0.1", "abc")).statusCode).toBe(400);
    const limited = await submitFrom("10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: {
        code: "too_many_requests",
        message: expect.stringMatching(/^Too many submissions from your address\. Please try again in \d+ seconds?\.$/),
        requestId: expect.any(String),
      },
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await submitFrom("10.0.0.2")).statusCode).toBe(201);
    // The limit is the lead form's alone: the limited address still browses.
    const browsing = await t.app.inject({ url: "/api/helpers", remoteAddress: "10.0.0.1" });
    expect(browsing.statusCode).toBe(200);
    expect(browsing.headers["x-ratelimit-limit"]).toBeUndefined();
  });

  it("counts the /filters gate's submissions against the same allowance", async () => {
    const gate = (phone: string) => t.app.services.leads.submit({ name: "Gate Visitor", phone }, { ip: "10.0.0.3" });
    expect(await gate(uniqueSgMobile().typed)).toMatchObject({ name: "Gate Visitor" });
    expect((await submitFrom("10.0.0.3")).statusCode).toBe(201);
    await expect(gate(uniqueSgMobile().typed)).rejects.toMatchObject({
      statusCode: 429,
      message: expect.stringContaining("Too many submissions"),
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisReachable = await (async () => {
  const { Redis } = await import("ioredis");
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 500, retryStrategy: () => null });
  probe.on("error", () => undefined);
  const reachable = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
  if (!reachable) console.log(`lead limits through Redis: skipped, no Redis at ${redisUrl} (set TEST_REDIS_URL)`);
  return reachable;
})();

const describeRedis = redisReachable ? describeDb : describeDb.skip;

describeRedis("lead limits shared through Redis (REDIS_URL)", () => {
  // A prefix of this run's own, so parallel runs and earlier runs do not share counters.
  const keyPrefix = `dh-test:${process.pid}:${Date.now()}:`;
  const limits = { max: 2, windowMs: 60_000, keyPrefix };
  const one = useTestApp({ env: { REDIS_URL: redisUrl }, leadLimits: limits });
  const two = useTestApp({ env: { REDIS_URL: redisUrl }, leadLimits: limits });

  it("two instances count one address together", async () => {
    const submit = (t: TestApp) =>
      t.app.inject({
        method: "POST",
        url: "/api/leads",
        remoteAddress: "10.0.1.1",
        payload: { name: "Roaming Visitor", phone: uniqueSgMobile().typed },
      });
    expect((await submit(one)).statusCode).toBe(201);
    expect((await submit(two)).statusCode).toBe(201);
    expect((await submit(one)).statusCode).toBe(429);
    expect((await submit(two)).statusCode).toBe(429);
  });
});
