/**
 * Web push: a family turns notices on and off with its key, bad subscriptions are refused, a
 * supplier's reply reaches the family by push or else by mail (never both, never while it reads,
 * once however many instances look), push services that say a browser is gone lose it, and one
 * that hangs holds up no page. The push service is a stand-in on loopback that checks the VAPID
 * signature and decrypts each notice as a browser would.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatFamilies, familyIdOfCookie } from "../../src/features/conversations";
import { outbox } from "../../src/features/notifications/server/tables";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { pushSubscriptions } from "../../src/features/push";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { startPushService, type PushStandIn } from "../support/push-service";
import { createTestApp } from "../support/test-app";
import { returningVisitorCookie } from "../support/visitor";

describeDb("notices by web push", () => {
  let push: PushStandIn;
  beforeAll(async () => {
    push = await startPushService(() => t.app.services.push.publicKey);
  });
  afterAll(() => push.close());
  const t = usePageApp({ pushSending: { allowLoopback: true, timeoutMs: 1_000 } });
  let supplier: SignedIn;
  let helperId: string;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Pushy Agency" });
    helperId = (await createHelper(t, supplier.id, { name: "Notified Nora" })).id;
  });

  /**
   * A family past the gate that writes about the helper from the page's form: its cookies, id and
   * key. An address given is confirmed too (as its mailed link does), unless `unconfirmed`.
   */
  async function family(email = "", { unconfirmed = false } = {}) {
    const visitor = await returningVisitorCookie(t, "Fiona Family", uniqueSgMobile().e164);
    const posted = await t.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Is Nora free in March?", email }),
    });
    expect(posted.statusCode).toBe(302);
    const key = String(posted.headers["set-cookie"]).split(";")[0]!;
    const cookie = `${visitor}; ${key}`;
    const id = (await familyIdOfCookie(t.db, cookie))!;
    if (email && !unconfirmed) await t.db.update(chatFamilies).set({ emailVerifiedAt: new Date() }).where(eq(chatFamilies.id, id));
    return { conversation: String(posted.headers.location).split("/").pop()!, cookie, key: key.split("=")[1]!, id };
  }
  const turnOn = (cookie: string | undefined, body: unknown, api = "/api/messages/push") =>
    t.app.inject({ method: "POST", url: api, headers: cookie ? { cookie } : {}, payload: body as object });
  const turnOff = (cookie: string, endpoint: string, api = "/api/messages/push") =>
    t.app.inject({ method: "DELETE", url: api, headers: { cookie }, payload: { endpoint } });
  const reply = (conversation: string, body = "Yes, she is.") =>
    t.app.inject({
      method: "POST",
      url: `/api/conversations/${conversation}/messages`,
      headers: { cookie: supplier.cookie },
      payload: { body },
    });
  /** The reply notices of a family: how each went (push or mail) and what it said. */
  const replyNotices = (familyId: string, email?: string) =>
    t.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, "conversation-reply"),
          sql`(${outbox.payload}->'to'->'push'->>'family' = ${familyId} or ${outbox.payload}->'to'->>'email' = ${email ?? "-"})`,
        ),
      );
  /** The families' job as it runs half a minute after the reply (and later). */
  const tellFamilies = (after = 31_000) => t.app.services.conversations.notifyFamilies(new Date(Date.now() + after));
  /** The outbox worker as an instance runs it: passes until nothing more is due (the suite's leads queue mail too). */
  const deliver = async () => {
    const worker = createOutboxWorker(t.database.handle, t.config, { extraChannels: t.app.services.notifications.channels });
    const total = { claimed: 0, delivered: 0, failed: 0 };
    for (;;) {
      const pass = await worker.runOnce();
      for (const key of ["claimed", "delivered", "failed"] as const) total[key] += pass[key];
      if (pass.claimed === 0) return total;
    }
  };
  const subscriptionsOf = (familyId: string) => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.familyId, familyId));

  it("a family turns notices on and off in a browser with its key, and nobody else can", async () => {
    const fiona = await family();
    const browser = push.subscribe();
    expect((await turnOn(fiona.cookie, browser)).statusCode).toBe(204);
    // Again from the same browser: its keys renewed, still one.
    expect((await turnOn(fiona.cookie, { ...browser, expirationTime: null })).statusCode).toBe(204);
    const kept = await subscriptionsOf(fiona.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth });

    // Without a key, or with a key that opens nothing: 404, nothing kept.
    const stranger = push.subscribe();
    expect((await turnOn(undefined, stranger)).statusCode).toBe(404);
    expect((await turnOn(`conversations=${"x".repeat(43)}`, stranger)).statusCode).toBe(404);
    // Another family: may neither take this browser's subscription nor turn it off.
    const other = await family();
    const taken = await turnOn(other.cookie, browser);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/someone else/);
    expect((await turnOff(other.cookie, browser.endpoint)).statusCode).toBe(404);
    expect(await subscriptionsOf(fiona.id)).toHaveLength(1);

    expect((await turnOff(fiona.cookie, browser.endpoint)).statusCode).toBe(204);
    expect(await subscriptionsOf(fiona.id)).toHaveLength(0);
    expect((await turnOff(fiona.cookie, browser.endpoint)).statusCode).toBe(404);
    // An account's notices need a session.
    expect((await turnOn(undefined, push.subscribe(), "/api/inbox/push")).statusCode).toBe(401);
  });

  it("refuses a subscription that is not one, saying what is wrong", async () => {
    const { cookie } = await family();
    const good = push.subscribe();
    const cases: [string, unknown, RegExp][] = [
      ["a number for the endpoint", { ...good, endpoint: 5 }, /./],
      ["no keys", { endpoint: good.endpoint }, /./],
      ["a huge endpoint", { ...good, endpoint: `https://push.example.com/${"a".repeat(10_000)}` }, /./],
      ["a huge key", { ...good, keys: { ...good.keys, p256dh: "A".repeat(5_000) } }, /./],
      ["plain http", { ...good, endpoint: "http://push.example.com/abc" }, /https:\/\//],
      ["an address in the site's network", { ...good, endpoint: "https://10.0.0.7/abc" }, /public host/],
      ["a port", { ...good, endpoint: "https://push.example.com:8443/abc" }, /public host/],
      ["a key of the wrong length", { ...good, keys: { ...good.keys, p256dh: good.keys.auth } }, /key a browser makes/],
    ];
    for (const [what, body, said] of cases) {
      const answer = await turnOn(cookie, body);
      expect(answer.statusCode, what).toBe(400);
      const error = answer.json().error;
      expect(`${error.message} ${JSON.stringify(error.fields ?? {})}`, what).toMatch(said);
    }
    expect(
      (await t.app.inject({ method: "DELETE", url: "/api/messages/push", headers: { cookie }, payload: { endpoint: 7 } })).statusCode,
    ).toBe(400);
  });

  it("tells a family of a reply by push, not by mail too, once, opening the conversation; nothing while it reads", async () => {
    const fiona = await family("fiona.push@example.com");
    expect((await turnOn(fiona.cookie, push.subscribe())).statusCode).toBe(204);
    expect((await reply(fiona.conversation)).statusCode).toBe(201);
    // Given half a minute to be read in an open page first.
    await tellFamilies(0);
    expect(await replyNotices(fiona.id, "fiona.push@example.com")).toHaveLength(0);
    await tellFamilies();
    await tellFamilies(60_000);
    const notices = await replyNotices(fiona.id, "fiona.push@example.com");
    expect(notices.map((row) => row.channel)).toEqual(["push"]);

    const before = push.received.length;
    await deliver();
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(got!.notice).toMatchObject({
      title: "Pushy Agency answered about Notified Nora",
      url: `http://localhost:3000/messages/${fiona.conversation}`,
      tag: `conversation-${fiona.conversation}`,
    });
    expect(got!.notice.body).toMatch(/1 new message about Notified Nora/);
    expect(got!.claims.aud).toBe(push.origin);

    // The family reads the next reply in its open page (which marks it read as it arrives): nothing.
    expect((await reply(fiona.conversation, "Shall we call?")).statusCode).toBe(201);
    const read = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${fiona.conversation}/read`,
      headers: { cookie: fiona.cookie },
      payload: {},
    });
    expect(read.statusCode).toBe(204);
    await tellFamilies();
    expect(await replyNotices(fiona.id, "fiona.push@example.com")).toHaveLength(1);
  });

  it("mails a family with no browser to tell its long-lived private link; a family with neither, or an unconfirmed address, hears nothing", async () => {
    const mei = await family("mei.mail@example.com");
    const quiet = await family();
    const unsure = await family("unsure.mail@example.com", { unconfirmed: true });
    await reply(mei.conversation);
    await reply(quiet.conversation);
    await reply(unsure.conversation);
    await tellFamilies();
    const [mail, ...more] = await replyNotices(mei.id, "mei.mail@example.com");
    expect(more).toHaveLength(0);
    expect(mail!.channel).not.toBe("push");
    const text = (mail!.payload as { text: string }).text;
    expect(text).toContain(`http://localhost:3000/messages/link/${mei.key}`);
    expect(await replyNotices(quiet.id)).toHaveLength(0);
    expect(await replyNotices(unsure.id, "unsure.mail@example.com")).toHaveLength(0);
  });

  it("tells each reply once when two instances look at the same moment", async () => {
    const second = await createTestApp({ database: await sharedDatabase(t.database) });
    try {
      const families = await Promise.all([family("a.once@example.com"), family(), family("c.once@example.com")]);
      expect((await turnOn(families[1]!.cookie, push.subscribe())).statusCode).toBe(204);
      for (const each of families) await reply(each.conversation);
      const at = new Date(Date.now() + 31_000);
      const [here, there] = await Promise.all([
        t.app.services.conversations.notifyFamilies(at),
        second.app.services.conversations.notifyFamilies(at),
      ]);
      expect(here.pushed + there.pushed).toBeGreaterThanOrEqual(1);
      const told = await Promise.all(
        families.map((each, i) => replyNotices(each.id, ["a.once@example.com", "-", "c.once@example.com"][i])),
      );
      expect(told.map((rows) => rows.map((row) => row.channel))).toEqual([["file"], ["push"], ["file"]]);
    } finally {
      await second.close();
    }
  });

  it("forgets a browser its push service says is gone (404, 410) and keeps the others", async () => {
    const ann = await family();
    const gone = push.subscribe(410);
    const unknown = push.subscribe(404);
    const live = push.subscribe(201);
    for (const browser of [gone, unknown, live]) expect((await turnOn(ann.cookie, browser)).statusCode).toBe(204);
    await reply(ann.conversation);
    await tellFamilies();
    const result = await deliver();
    expect(result.failed).toBe(0);
    expect((await subscriptionsOf(ann.id)).map((row) => row.endpoint)).toEqual([live.endpoint]);
    const [row] = await replyNotices(ann.id);
    expect(row!.status).toBe("delivered");
  });

  it("a push service that does not answer holds up no page, and the notice waits for a retry", async () => {
    const bea = await family();
    expect((await turnOn(bea.cookie, push.subscribe("hang"))).statusCode).toBe(204);
    await reply(bea.conversation);
    await tellFamilies();
    let finished = false;
    const run = deliver().finally(() => (finished = true));
    const page = await t.app.inject({ url: "/messages", headers: { cookie: bea.cookie } });
    expect(page.statusCode).toBe(200);
    expect(finished).toBe(false);
    expect((await run).failed).toBe(1);
    const [row] = await replyNotices(bea.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toMatch(/no answer within 1000 ms/);
  });

  it("a supplier turns notices on in the inbox and hears of an unread message by push beside the mail", async () => {
    const agency = await signUp(t, { name: "Inbox Agency" });
    const helper = await createHelper(t, agency.id, { name: "Waiting Wati" });
    const browser = push.subscribe();
    expect((await turnOn(agency.cookie, browser, "/api/inbox/push")).statusCode).toBe(204);
    const visitor = await returningVisitorCookie(t, "Gina Family");
    await t.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Hello?", email: "" }),
    });
    await t.app.services.conversations.notifyUnread(new Date(Date.now() + 6 * 60_000));
    const rows = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "conversation-unread"), sql`${outbox.payload}->'to'->>'email' = ${agency.email}`));
    expect(rows.map((row) => row.channel).sort()).toEqual(["file", "push"]);
    const before = push.received.length;
    await deliver();
    const [got] = (await push.waitFor(before + 1)).slice(before);
    expect(got!.notice.body).toMatch(/A family wrote 1 message about Waiting Wati/);
    expect(got!.notice.url).toMatch(/\/dashboard\/messages\//);
    expect((await turnOff(agency.cookie, browser.endpoint, "/api/inbox/push")).statusCode).toBe(204);
  });

  it("a withdrawal of consent drops the family's browsers at once and tells this browser to empty its copies", async () => {
    const phone = uniqueSgMobile().e164;
    const visitor = await returningVisitorCookie(t, "Hana Family", phone);
    const posted = await t.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Hello", email: "" }),
    });
    const cookie = `${visitor}; ${String(posted.headers["set-cookie"]).split(";")[0]}`;
    const id = (await familyIdOfCookie(t.db, cookie))!;
    expect((await turnOn(cookie, push.subscribe())).statusCode).toBe(204);
    // Its space may be kept by its own browser to read offline; a signed-in page never.
    const space = await t.app.inject({ url: "/messages", headers: { cookie } });
    expect(space.body).toContain('id="push-notices-heading"');
    expect(space.headers["cache-control"]).toBe("private, no-cache");
    const inbox = await t.app.inject({ url: "/dashboard/messages", headers: { cookie: supplier.cookie } });
    expect(inbox.headers["cache-control"]).toBe("private, no-store");

    const withdrawn = await t.app.inject({
      method: "POST",
      url: "/privacy/my-data",
      headers: { ...formHeaders, cookie },
      payload: formBody({ phone }),
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.headers["clear-site-data"]).toBe('"cache", "storage"');
    expect(await subscriptionsOf(id)).toHaveLength(0);
  });

  it("serves the manifest that makes the site installable", async () => {
    const answer = await t.app.inject({ url: "/manifest.webmanifest" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/application\/manifest\+json/);
    expect(answer.json()).toMatchObject({ name: "Direct Helpers", start_url: "/", display: "standalone", theme_color: "#0f5f5a" });
    const home = await t.app.inject({ url: "/" });
    expect(home.body).toMatch(/<link [^>]*rel="manifest" href="\/manifest\.webmanifest"/);
  });
});
