/**
 * A family and a supplier write to each other about a helper: the pages without script, the
 * stream, the permissions, blocking, reports, the unread notice (on a fixed clock), the limits,
 * withdrawal and retention.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { chatBlocks, chatMessages, conversations } from "../../src/features/conversations/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { visitorAbout } from "../../src/features/leads";
import { cookieHeader, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { queuedMailsTo, uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

describeDb("conversations between a family and a supplier", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  let otherSupplier: SignedIn;
  let operator: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Chatty Agency" });
    otherSupplier = await signUp(t, { name: "Other Agency" });
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
  });

  /** A family past the gate that starts a conversation through the page's form, as a browser without script does. */
  async function startConversation(helperId: string, body = "Hello, is she available in March?", email = "") {
    const phone = uniqueSgMobile().e164;
    const visitor = await returningVisitorCookie(t, "Fiona Family", phone);
    const posted = await t.app.inject({
      method: "POST",
      url: `/posts/${helperId}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body, email }),
    });
    expect(posted.statusCode).toBe(302);
    const id = String(posted.headers.location).split("/").pop()!;
    const key = String(posted.headers["set-cookie"]).split(";")[0]!;
    expect(key).toMatch(/^conversations=[\w-]{43}$/);
    return { id, phone, visitor, cookie: `${visitor}; ${key}` };
  }
  /** A list's stream (an inbox, a family's space): `events(n)` answers its first `n` states once they came. */
  function listStates(stream: Response) {
    const reader = stream.body!.getReader();
    let text = "";
    const parsed = () => [...text.matchAll(/^data: (.+)$/gm)].map((match) => JSON.parse(match[1]!) as { unread: number; stamp: string });
    const events = async (n: number) => {
      while (parsed().length < n) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the list's stream ended");
        text += new TextDecoder().decode(value);
      }
      return parsed();
    };
    return { reader, events };
  }
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const postForm = (url: string, cookie: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, cookie }, payload: formBody(values) });
  /** The one-time confirmation a form's redirect leaves for the page it goes to. */
  const flashCookie = (response: { headers: Record<string, unknown> }) =>
    cookieHeader(response.headers["set-cookie"] as string | string[] | undefined);
  const postApi = (id: string, cookie: string, body: string) =>
    t.app.inject({ method: "POST", url: `/api/conversations/${id}/messages`, headers: { cookie }, payload: { body } });

  it("works without script: the family writes from the biodata, the supplier answers from the inbox", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Talkative Tina" });
    const biodata = await page(`/posts/${helper.id}`);
    expect(biodata.body).toContain(`href="/posts/${helper.id}/message"`);
    // Past the gate first, then back to the form.
    const gate = await page(`/posts/${helper.id}/message`);
    expect(gate.statusCode).toBe(302);
    expect(gate.headers.location).toBe(`/filters?redirectTo=${encodeURIComponent(`/posts/${helper.id}/message`)}`);

    const family = await startConversation(helper.id, "Hello, is Tina free? Call me https://example.com/me", "fiona@example.com");
    // Counted like a WhatsApp press: on the supplier's dashboard and in the family's own data.
    expect((await t.app.services.contacts.countsFor(supplier.id)).get(helper.id)?.contacts).toBe(1);
    const myData = await page("/privacy/my-data", family.visitor);
    expect(myData.body).toContain("Message through this site");
    expect(myData.body).toContain(helper.ref);
    const link = await queuedMailsTo(t, "conversation-link", "fiona@example.com");
    expect(link[0]).toMatch(/\/messages\/link\/[\w-]{43}/);
    const thread = await page(`/messages/${family.id}`, family.cookie);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain("Hello, is Tina free?");
    expect(thread.body).toContain('href="https://example.com/me" target="_blank" rel="nofollow noopener noreferrer ugc"');

    const inbox = await page("/dashboard/messages", supplier.cookie);
    expect(inbox.body).toContain("Messages (1 unread)");
    expect(inbox.body).toContain("Fiona Family");
    // The supplier's thread is a page of its own, in its language; the family's address leads there.
    expect(inbox.body).toContain(`href="/dashboard/messages/${family.id}"`);
    const old = await page(`/messages/${family.id}`, supplier.cookie);
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe(`/dashboard/messages/${family.id}`);
    expect((await page(`/dashboard/messages/${family.id}`, supplier.cookie)).body).toContain("Mark done");
    const reply = await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, { intent: "send", body: "  Yes, from 1 March.  " });
    expect(reply.statusCode).toBe(302);
    // The supplier opened the thread: nothing unread now.
    expect((await page("/dashboard/messages", supplier.cookie)).body).not.toContain("unread)");
    const seen = await page(`/messages/${family.id}`, family.cookie);
    expect(seen.body).toContain("Yes, from 1 March.");
    expect((await page("/messages", family.cookie)).body).toContain("Talkative Tina");

    // The private link opens the same conversations in another browser.
    const key = /\/messages\/link\/([\w-]{43})/.exec(link[0]!)![1]!;
    const opened = await page(`/messages/link/${key}`);
    expect(opened.statusCode).toBe(302);
    expect(String(opened.headers["set-cookie"])).toContain(`conversations=${key}`);
  });

  it("refuses bad messages with a reason and stores nothing", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Careful Cara" });
    const family = await startConversation(helper.id);
    const before = await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id));
    for (const body of ["   ", "x".repeat(2001), "bell\u0007", "nul\u0000"]) {
      const refused = await postApi(family.id, family.cookie, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.body).toBeTruthy();
    }
    const form = await postForm(`/messages/${family.id}`, family.cookie, { intent: "send", body: "" });
    expect(form.statusCode).toBe(400);
    expect(form.body).toContain("Please write a message.");
    const badEmail = await postForm(`/posts/${helper.id}/message`, await returningVisitorCookie(t, "Eve"), {
      body: "Hi",
      email: "not-mail",
    });
    expect(badEmail.statusCode).toBe(400);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id))).toHaveLength(before.length);
    expect((await postApi(family.id, family.cookie, "x".repeat(2000))).statusCode).toBe(201);
  });

  it("shows a conversation to its family, its supplier and operators only", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Private Pia" });
    const family = await startConversation(helper.id);
    const stranger = await startConversation((await createHelper(t, supplier.id, { name: "Other Olga" })).id);
    const forged = `conversations=${"A".repeat(43)}`;
    for (const cookie of [stranger.cookie, otherSupplier.cookie, forged, family.visitor, ""]) {
      expect((await page(`/messages/${family.id}`, cookie)).statusCode).toBe(404);
      expect((await postApi(family.id, cookie, "Let me in")).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/conversations/${family.id}/events`, headers: { cookie } })).statusCode).toBe(404);
    }
    expect((await page(`/messages/link/${"A".repeat(43)}`)).statusCode).toBe(404);
    expect((await page("/dashboard/messages", otherSupplier.cookie)).body).not.toContain("Private Pia");
    expect((await page(`/messages/${family.id}`, operator.cookie)).statusCode).toBe(200);
    // The supplier's address is the supplier's: others are sent to theirs, or to log in.
    const asOperator = await page(`/dashboard/messages/${family.id}`, operator.cookie);
    expect([asOperator.statusCode, asOperator.headers.location]).toEqual([302, `/messages/${family.id}`]);
    expect((await page(`/dashboard/messages/${family.id}`, otherSupplier.cookie)).statusCode).toBe(404);
    expect((await page(`/dashboard/messages/${family.id}`, family.cookie)).statusCode).toBe(302);
    expect((await postApi(family.id, operator.cookie, "An operator does not write")).statusCode).toBe(403);
    expect((await page("/admin/conversations", supplier.cookie)).statusCode).toBe(403);
  });

  it("lets the supplier block a family, either side report, and an operator hide and block", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Guarded Gina" });
    const family = await startConversation(helper.id, "Rude words here");
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id));
    expect(
      (await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, { intent: "report", messageId: String(message!.id) }))
        .statusCode,
    ).toBe(302);
    expect((await page("/admin/conversations?reported=1", operator.cookie)).body).toContain("Guarded Gina");
    expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent: "hide", messageId: String(message!.id) })).statusCode).toBe(
      302,
    );
    expect((await page(`/messages/${family.id}`, family.cookie)).body).not.toContain("Rude words here");
    expect((await page(`/messages/${family.id}`, operator.cookie)).body).toContain("Rude words here");
    // A supplier cannot hide; a family cannot change the status.
    expect(
      (await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, { intent: "hide", messageId: String(message!.id) })).statusCode,
    ).toBe(403);
    expect((await postForm(`/messages/${family.id}`, family.cookie, { intent: "status", status: "done" })).statusCode).toBe(403);

    // A block without the answer to the page's question is refused, and nothing is blocked.
    const unconfirmed = await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, { intent: "status", status: "blocked" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain("Nothing was blocked");
    expect((await postApi(family.id, family.cookie, "Not blocked yet")).statusCode).toBe(201);
    const blockThread = await page(`/dashboard/messages/${family.id}`, supplier.cookie);
    expect(blockThread.body).toContain("Block Fiona Family?");
    expect(blockThread.body).toMatch(
      /<button type="submit" value="yes" class="button danger-solid" name="confirm">Yes, block Fiona Family</,
    );
    expect(blockThread.body).not.toContain("Unblock Fiona Family");
    const blocked = await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, {
      intent: "status",
      status: "blocked",
      confirm: "yes",
    });
    expect(blocked.statusCode).toBe(302);
    expect((await postApi(family.id, family.cookie, "Please answer")).statusCode).toBe(403);
    // Said after, on the page it goes back to; the page then shows only the way to lift it.
    const afterBlock = await page(`/dashboard/messages/${family.id}`, `${supplier.cookie}; ${flashCookie(blocked)}`);
    expect(afterBlock.body).toContain("Blocked Fiona Family. They can no longer write to you about any of your helpers.");
    expect(afterBlock.body).toContain("Unblock Fiona Family");
    expect(afterBlock.body).not.toContain("Block Fiona Family?");
    const opened = await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, { intent: "status", status: "open" });
    expect(opened.statusCode).toBe(302);
    expect((await page(`/dashboard/messages/${family.id}`, `${supplier.cookie}; ${flashCookie(opened)}`)).body).toContain(
      "Unblocked Fiona Family. They can write to you again.",
    );
    expect((await postApi(family.id, family.cookie, "Thank you")).statusCode).toBe(201);

    // The operator's blocks ask first too.
    for (const intent of ["block-family", "block-supplier"]) {
      expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent })).statusCode).toBe(400);
    }
    expect((await postApi(family.id, family.cookie, "Still free")).statusCode).toBe(201);
    expect((await postApi(family.id, supplier.cookie, "Still free too")).statusCode).toBe(201);
    const operatorView = await page(`/messages/${family.id}`, operator.cookie);
    expect(operatorView.body).toContain("Block Fiona Family everywhere?");
    expect(operatorView.body).toContain("Block Chatty Agency from messaging?");
    expect(operatorView.body).not.toContain("Unblock");
    expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-family", confirm: "yes" })).statusCode).toBe(302);
    expect((await postApi(family.id, family.cookie, "Still here")).statusCode).toBe(403);
    const supplierBlocked = await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-supplier", confirm: "yes" });
    expect(supplierBlocked.statusCode).toBe(302);
    expect((await postApi(family.id, supplier.cookie, "Blocked supplier")).statusCode).toBe(403);
    const operatorAfter = await page(`/messages/${family.id}`, `${operator.cookie}; ${flashCookie(supplierBlocked)}`);
    expect(operatorAfter.body).toContain("Blocked Chatty Agency from messaging");
    expect(operatorAfter.body).toContain("Unblock Fiona Family");
    expect(operatorAfter.body).toContain("Unblock Chatty Agency");
    expect(operatorAfter.body).not.toContain("everywhere?");
    expect(operatorAfter.body).not.toContain("from messaging?");
    await postForm(`/messages/${family.id}`, operator.cookie, { intent: "unblock-supplier" });
  });

  it("refuses a report of one's own message and a message that shows nothing, and takes direction overrides out", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Honest Hana" });
    const family = await startConversation(helper.id, "My own words");
    const [own] = await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id));
    const report = (cookie: string, id: number) =>
      postForm(cookie === supplier.cookie ? `/dashboard/messages/${family.id}` : `/messages/${family.id}`, cookie, {
        intent: "report",
        messageId: String(id),
      });
    const selfReport = await report(family.cookie, own!.id);
    expect(selfReport.statusCode).toBe(403);
    expect(selfReport.body).toContain("You cannot report your own message.");
    const answer = await postApi(family.id, supplier.cookie, "Open invoice\u202efdp.exe");
    expect(answer.statusCode).toBe(201);
    expect(answer.json().body).toBe("Open invoicefdp.exe");
    expect((await report(supplier.cookie, answer.json().id)).statusCode).toBe(403);
    expect((await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id))).every((row) => !row.reportedAt)).toBe(
      true,
    );
    // The other side's message is theirs to report.
    expect((await report(family.cookie, answer.json().id)).statusCode).toBe(302);
    const blank = await postApi(family.id, family.cookie, "\u200b\u200b\u200b");
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.body).toBe("Please write a message.");
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id))).toHaveLength(2);
  });

  it("makes a block follow the family's number and browser, logs it, refuses its typing, and lets any operator lift it", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Shielded Sara" });
    const sister = await createHelper(t, supplier.id, { name: "Shielded Sis" });
    const elsewhere = await createHelper(t, otherSupplier.id, { name: "Elsewhere Ella" });
    const family = await startConversation(helper.id, "Unkind words");
    /** A first message from another browser that typed `phone` at the gate (and holds `key`, when given). */
    const fromAnotherBrowser = async (helperId: string, phone: string, key = "") => {
      const visitor = await returningVisitorCookie(t, "Fiona Again", phone);
      return postForm(`/posts/${helperId}/message`, key ? `${visitor}; ${key}` : visitor, { body: "Hello again", email: "" });
    };
    const typing = (cookie: string) => t.app.inject({ method: "POST", url: `/api/conversations/${family.id}/typing`, headers: { cookie } });

    const blocked = await postForm(`/dashboard/messages/${family.id}`, supplier.cookie, {
      intent: "status",
      status: "blocked",
      reason: "Insults",
      confirm: "yes",
    });
    expect(blocked.statusCode).toBe(302);
    // The same number in a new browser: refused on every helper of this supplier, told how to ask.
    const again = await fromAnotherBrowser(sister.id, family.phone);
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain("ask us to look at the block again");
    expect((await fromAnotherBrowser(helper.id, family.phone)).statusCode).toBe(403);
    expect((await typing(family.cookie)).statusCode).toBe(403);
    expect((await fromAnotherBrowser(elsewhere.id, family.phone)).statusCode).toBe(302);

    // An operator's block holds everywhere, and for the blocked browser whatever number it types.
    expect(
      (await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-family", reason: "Spam everywhere", confirm: "yes" }))
        .statusCode,
    ).toBe(302);
    expect((await fromAnotherBrowser(elsewhere.id, family.phone)).statusCode).toBe(403);
    const familyKey = family.cookie.split("; ").find((part) => part.startsWith("conversations="))!;
    expect((await fromAnotherBrowser(elsewhere.id, uniqueSgMobile().e164, familyKey)).statusCode).toBe(403);

    const log = await page("/admin/conversations", operator.cookie);
    expect(log.body).toContain("Insults");
    expect(log.body).toContain("Spam everywhere");
    expect(log.body).toContain("Olivia Operator");
    const ids = [...log.body.matchAll(/data-block-id="([\w-]+)"/g)].map((match) => match[1]!);
    expect((await postForm("/admin/conversations", supplier.cookie, { blockId: ids[0]! })).statusCode).toBe(403);
    for (const blockId of ids.slice(0, 2)) {
      expect((await postForm("/admin/conversations", operator.cookie, { blockId })).statusCode).toBe(302);
    }
    expect((await page("/admin/conversations", operator.cookie)).body).toMatch(/lifted by Olivia Operator/);
    expect((await fromAnotherBrowser(sister.id, family.phone)).statusCode).toBe(302);
    expect((await typing(family.cookie)).statusCode).toBe(204);
  });

  it("keeps a blocked number, as a keyed hash only, after the family withdraws", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Remembering Rita" });
    const family = await startConversation(helper.id, "Spam");
    expect(
      (await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-family", reason: "Spam", confirm: "yes" })).statusCode,
    ).toBe(302);
    expect((await postForm("/privacy/my-data", family.cookie, { phone: family.phone })).statusCode).toBe(200);
    const kept = await t.db.select().from(chatBlocks).where(eq(chatBlocks.reason, "Spam"));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ familyId: null, liftedAt: null });
    expect(kept[0]!.phoneHash).toMatch(/^[\w-]{43}$/);
    const visitor = await returningVisitorCookie(t, "Back Again", family.phone);
    expect((await postForm(`/posts/${helper.id}/message`, visitor, { body: "Hello", email: "" })).statusCode).toBe(403);
  });

  it("limits a family's messages in a minute, counted in the shared database", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Busy Bea" });
    const family = await startConversation(helper.id);
    const answers = [];
    // The first message was counted before the family existed (under its lead): 20 more pass.
    for (let i = 0; i < 21; i++) answers.push((await postApi(family.id, family.cookie, `Message ${i}`)).statusCode);
    expect(answers.filter((status) => status === 201)).toHaveLength(20);
    expect(answers.at(-1)).toBe(429);
  });

  it("tells the supplier of a message unread for 5 minutes, once an hour per conversation (fixed clock)", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Waiting Wendy" });
    const family = await startConversation(helper.id);
    const sent = (await t.db.select().from(conversations).where(eq(conversations.id, family.id)))[0]!.lastMessageAt.getTime();
    const notices = () =>
      queuedMailsTo(t, "conversation-unread", supplier.email).then((all) => all.filter((text) => text.includes(family.id)));
    const service = t.app.services.conversations;
    await service.notifyUnread(new Date(sent + 4 * 60_000));
    expect(await notices()).toHaveLength(0);
    await service.notifyUnread(new Date(sent + 6 * 60_000));
    expect(await notices()).toHaveLength(1);
    expect((await notices())[0]).toContain("Waiting Wendy");
    expect((await notices())[0]).not.toContain("Hello, is she available");
    // No new message: no second notice, even an hour later.
    await service.notifyUnread(new Date(sent + 70 * 60_000));
    expect(await notices()).toHaveLength(1);
    await t.db
      .update(chatMessages)
      .set({ createdAt: new Date(sent + 30 * 60_000) })
      .where(eq(chatMessages.conversationId, family.id));
    await service.notifyUnread(new Date(sent + 40 * 60_000));
    expect(await notices()).toHaveLength(1);
    await service.notifyUnread(new Date(sent + 67 * 60_000));
    expect(await notices()).toHaveLength(2);
  });

  it("deletes a family's conversations when it withdraws consent, and every conversation 12 months after its last message", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Forgotten Fay" });
    const family = await startConversation(helper.id, "Hello", "fay@example.com");
    const myData = await page("/privacy/my-data", family.cookie);
    expect(myData.body).toContain("Forgotten Fay");
    // The lead's mail and the conversation-link mail are delivered: a withdrawal purges them too (decision 154).
    const worker = createOutboxWorker(t.database.handle, t.config);
    while ((await worker.runOnce()).claimed > 0);
    const named = sql`${outbox.payload}->'to'->>'email' = 'fay@example.com' or ${outbox.payload}->>'about' = ${visitorAbout(family.phone)}`;
    expect((await t.db.select().from(outbox).where(named)).map((row) => row.status)).toEqual(["delivered", "delivered"]);
    const withdrawn = await postForm("/privacy/my-data", family.cookie, { phone: family.phone });
    expect(withdrawn.statusCode).toBe(200);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, family.id))).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(named)).toHaveLength(0);

    const old = await startConversation(helper.id);
    const now = new Date();
    const purged = await t.app.services.conversations.purgeOld(new Date(now.getTime() + 11 * 30 * 86_400_000));
    expect(await t.db.select().from(conversations).where(eq(conversations.id, old.id))).toHaveLength(1);
    expect(purged.deleted).toBe(0);
    await t.app.services.conversations.purgeOld(new Date(now.getTime() + 366 * 86_400_000));
    expect(await t.db.select().from(conversations).where(eq(conversations.id, old.id))).toHaveLength(0);
  });

  it("streams new messages, read marks and typing, and catches up after a reconnection without repeats", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Streaming Sue" });
    const family = await startConversation(helper.id, "First");
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await fetch(`${address}/api/conversations/${family.id}/events`, { headers: { cookie: supplier.cookie } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.getReader();
    let text = "";
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${pattern}`);
        text += new TextDecoder().decode(value);
      }
    };
    await until(/"body":"First"/);
    expect((await postApi(family.id, family.cookie, "Second")).statusCode).toBe(201);
    await until(/"body":"Second"/);
    const typing = await t.app.inject({
      method: "POST",
      url: `/api/conversations/${family.id}/typing`,
      headers: { cookie: family.cookie },
    });
    expect(typing.body).toBe("");
    expect(typing.statusCode).toBe(204);
    await until(/"kind":"typing","side":"family"/);
    await t.app.inject({ method: "POST", url: `/api/conversations/${family.id}/read`, headers: { cookie: family.cookie }, payload: {} });
    await reader.cancel();

    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
    expect(ids).toHaveLength(2);
    await postApi(family.id, family.cookie, "Third");
    // Reconnecting with the last id seen sends only what came after it.
    const again = await fetch(`${address}/api/conversations/${family.id}/events`, {
      headers: { cookie: supplier.cookie, "last-event-id": String(ids[1]) },
    });
    const second = again.body!.getReader();
    text = "";
    const read = async () => (text += new TextDecoder().decode((await second.read()).value));
    while (!text.includes('"body":"Third"')) await read();
    expect(text).not.toContain('"body":"Second"');
    await second.cancel();
  });

  it("streams the supplier's inbox (unread count and a stamp of the list) as families write and the supplier reads, and shows the last words", async () => {
    const quiet = await signUp(t, { name: "Inbox Agency" });
    const helper = await createHelper(t, quiet.id, { name: "Listed Lily" });
    // The stream test above may have made the app listen already.
    const bound = t.app.server.address();
    const address =
      bound && typeof bound === "object" ? `http://127.0.0.1:${bound.port}` : await t.app.listen({ port: 0, host: "127.0.0.1" });
    expect((await fetch(`${address}/api/inbox/events`)).status).toBe(401);
    const stream = await fetch(`${address}/api/inbox/events`, { headers: { cookie: quiet.cookie } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const { reader, events } = listStates(stream);
    const [first] = await events(1);
    expect(first!.unread).toBe(0);

    const family = await startConversation(helper.id, "Good morning! Is Lily free to start in April, and can she cook Indian food for us?");
    const second = (await events(2))[1]!;
    expect(second.unread).toBe(1);
    expect(second.stamp).not.toBe(first!.stamp);
    const listed = await page("/dashboard/messages", quiet.cookie);
    expect(listed.body).toContain("Good morning! Is Lily free to start in April, and can she cook Indian food for us?");
    expect(listed.body).toContain(`data-stamp="${second.stamp}"`);

    expect((await postApi(family.id, family.cookie, "Also: we live in Tampines.")).statusCode).toBe(201);
    expect((await events(3))[2]!.unread).toBe(2);
    // The supplier opens the thread (it reads it) and answers: none unread, their words last.
    expect((await page(`/dashboard/messages/${family.id}`, quiet.cookie)).statusCode).toBe(200);
    expect((await events(4))[3]!.unread).toBe(0);
    expect((await postApi(family.id, quiet.cookie, "Yes, she cooks Indian food.")).statusCode).toBe(201);
    await events(5);
    expect((await page("/dashboard/messages", quiet.cookie)).body).toContain("You: Yes, she cooks Indian food.");
    await reader.cancel();

    // One account holds as many inbox streams as a family holds conversation streams (decision 152).
    const held = await Promise.all(
      Array.from({ length: t.app.services.conversations.limits.limits.streamsPerFamily }, () =>
        fetch(`${address}/api/inbox/events`, { headers: { cookie: quiet.cookie } }),
      ),
    );
    expect(held.map((response) => response.status)).toEqual(held.map(() => 200));
    const more = await fetch(`${address}/api/inbox/events`, { headers: { cookie: quiet.cookie } });
    expect(more.status).toBe(429);
    await Promise.all(held.map((response) => response.body!.cancel()));
  });

  it("streams the family's space (its unread count and a stamp of its list) as suppliers answer and it reads, and links it from the menu", async () => {
    const answering = await signUp(t, { name: "Answering Agency" });
    const helper = await createHelper(t, answering.id, { name: "Space Sari" });
    const bound = t.app.server.address();
    const address =
      bound && typeof bound === "object" ? `http://127.0.0.1:${bound.port}` : await t.app.listen({ port: 0, host: "127.0.0.1" });
    const family = await startConversation(helper.id, "Is Sari free in May?");
    // A browser whose key opens no family has no space to follow; nor does a forged key.
    expect((await fetch(`${address}/api/messages/events`, { headers: { cookie: family.visitor } })).status).toBe(404);
    const forged = await fetch(`${address}/api/messages/events`, { headers: { cookie: `conversations=${"A".repeat(43)}` } });
    expect(forged.status).toBe(404);
    expect((await forged.json()).error.message).toMatch(/^No conversations in this browser yet/);

    const stream = await fetch(`${address}/api/messages/events`, { headers: { cookie: family.cookie } });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const { reader, events } = listStates(stream);
    expect((await events(1))[0]!.unread).toBe(0);
    // The menu of every page links to the space once the family passed the gate; no count yet.
    const home = (await page("/posts", family.cookie)).body;
    expect(home).toMatch(/href="\/messages"[^>]*>My space<\/a>/);

    expect((await postApi(family.id, answering.cookie, "Yes, from the 2nd of May.")).statusCode).toBe(201);
    const answered = (await events(2))[1]!;
    expect(answered.unread).toBe(1);
    const space = await page("/messages", family.cookie);
    expect(space.body).toContain("My space (1 unread)");
    expect(space.body).toContain("Yes, from the 2nd of May.");
    expect(space.body).toContain(`data-stamp="${answered.stamp}"`);
    expect(space.body).toContain("Your shortlist");
    expect((await page("/posts", family.cookie)).body).toContain("My space (1 unread)");
    expect((await page("/zh/posts", family.cookie)).body).toContain("我的空间（1 条未读）");

    // The family opens the thread (it reads it) and answers: none unread, its words last.
    expect((await page(`/messages/${family.id}`, family.cookie)).statusCode).toBe(200);
    expect((await events(3))[2]!.unread).toBe(0);
    expect((await postApi(family.id, family.cookie, "Thank you, we will call.")).statusCode).toBe(201);
    await events(4);
    expect((await page("/messages", family.cookie)).body).toContain("You: Thank you, we will call.");
    await reader.cancel();
    // Without the gate's cookie there is no space in the menu: such a page may be kept for anyone.
    expect((await page("/posts")).body).not.toContain("My space");
  });

  it("asks a supplier who reads Burmese before a block, in Burmese, on the conversation's page", async () => {
    const burmese = await signUp(t, { name: "Yangon Agency" });
    await t.db.update(user).set({ locale: "my" }).where(eq(user.id, burmese.id));
    const helper = await createHelper(t, burmese.id, { name: "Mya Mya" });
    const family = await startConversation(helper.id, "Hello");
    const thread = await page(`/dashboard/messages/${family.id}`, burmese.cookie);
    expect(thread.body).toContain('lang="my"');
    expect(thread.body).toContain("Fiona Family ကို ပိတ်ပင်မလား။");
    expect(thread.body).toContain("ဟုတ်ကဲ့၊ Fiona Family ကို ပိတ်ပင်မည်");
    const unconfirmed = await postForm(`/dashboard/messages/${family.id}`, burmese.cookie, { intent: "status", status: "blocked" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toContain("မည်သူ့ကိုမျှ မပိတ်ပင်ရသေးပါ");
    expect(await t.db.select().from(chatBlocks).where(eq(chatBlocks.supplierId, burmese.id))).toHaveLength(0);
    // The family reads the same page in the site's language.
    expect((await page(`/messages/${family.id}`, family.cookie)).body).toContain('lang="en"');
  });
});
