/**
 * A family and a supplier write to each other about a helper: the pages without script, the
 * stream, the permissions, blocking, reports, the unread notice (on a fixed clock), the limits,
 * withdrawal and retention.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { chatMessages, conversations } from "../../src/features/conversations/server/tables";
import { outbox } from "../../src/server/db/schema";
import { signUp, type SignedIn } from "../support/auth";
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
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const postForm = (url: string, cookie: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, cookie }, payload: formBody(values) });
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
    const link = await queuedMailsTo(t, "conversation-link", "fiona@example.com");
    expect(link[0]).toMatch(/\/messages\/link\/[\w-]{43}/);
    const thread = await page(`/messages/${family.id}`, family.cookie);
    expect(thread.statusCode).toBe(200);
    expect(thread.body).toContain("Hello, is Tina free?");
    expect(thread.body).toContain('href="https://example.com/me" target="_blank" rel="nofollow noopener noreferrer ugc"');

    const inbox = await page("/dashboard/messages", supplier.cookie);
    expect(inbox.body).toContain("Messages (1 unread)");
    expect(inbox.body).toContain("Fiona Family");
    const reply = await postForm(`/messages/${family.id}`, supplier.cookie, { intent: "send", body: "  Yes, from 1 March.  " });
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
    expect((await postApi(family.id, operator.cookie, "An operator does not write")).statusCode).toBe(403);
    expect((await page("/admin/conversations", supplier.cookie)).statusCode).toBe(403);
  });

  it("lets the supplier block a family, either side report, and an operator hide and block", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Guarded Gina" });
    const family = await startConversation(helper.id, "Rude words here");
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.conversationId, family.id));
    expect(
      (await postForm(`/messages/${family.id}`, supplier.cookie, { intent: "report", messageId: String(message!.id) })).statusCode,
    ).toBe(302);
    expect((await page("/admin/conversations?reported=1", operator.cookie)).body).toContain("Guarded Gina");
    expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent: "hide", messageId: String(message!.id) })).statusCode).toBe(
      302,
    );
    expect((await page(`/messages/${family.id}`, family.cookie)).body).not.toContain("Rude words here");
    expect((await page(`/messages/${family.id}`, operator.cookie)).body).toContain("Rude words here");
    // A supplier cannot hide; a family cannot change the status.
    expect((await postForm(`/messages/${family.id}`, supplier.cookie, { intent: "hide", messageId: String(message!.id) })).statusCode).toBe(
      403,
    );
    expect((await postForm(`/messages/${family.id}`, family.cookie, { intent: "status", status: "done" })).statusCode).toBe(403);

    expect((await postForm(`/messages/${family.id}`, supplier.cookie, { intent: "status", status: "blocked" })).statusCode).toBe(302);
    expect((await postApi(family.id, family.cookie, "Please answer")).statusCode).toBe(403);
    expect((await postForm(`/messages/${family.id}`, supplier.cookie, { intent: "status", status: "open" })).statusCode).toBe(302);
    expect((await postApi(family.id, family.cookie, "Thank you")).statusCode).toBe(201);
    expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-family" })).statusCode).toBe(302);
    expect((await postApi(family.id, family.cookie, "Still here")).statusCode).toBe(403);
    expect((await postForm(`/messages/${family.id}`, operator.cookie, { intent: "block-supplier" })).statusCode).toBe(302);
    expect((await postApi(family.id, supplier.cookie, "Blocked supplier")).statusCode).toBe(403);
    await postForm(`/messages/${family.id}`, operator.cookie, { intent: "unblock-supplier" });
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
    const withdrawn = await postForm("/privacy/my-data", family.cookie, { phone: family.phone });
    expect(withdrawn.statusCode).toBe(200);
    expect(await t.db.select().from(conversations).where(eq(conversations.id, family.id))).toHaveLength(0);
    const mails = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->'to'->>'email' = 'fay@example.com' and ${outbox.status} <> 'delivered'`);
    expect(mails).toHaveLength(0);

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
});
