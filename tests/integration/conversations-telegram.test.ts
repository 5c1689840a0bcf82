/**
 * A supplier's Telegram notices, against a stand-in for the Bot API on 127.0.0.1 (getMe,
 * setWebhook and sendMessage as Telegram documents them): the one-time link from the messages
 * page, the webhook's secret, a used or stale token, the unread notice in the linked chat through
 * the outbox, a chat that blocked the bot, and turning the notices off.
 */
import http from "node:http";
import type net from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { supplierTelegram, telegramLinkTokens } from "../../src/features/conversations/server/tables";
import { createTelegramLink } from "../../src/features/conversations/server/telegram-link";
import { createTelegramBot, telegramChatRefused } from "../../src/features/notifications";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { outbox } from "../../src/features/notifications/server/tables";
import { announce } from "../../src/server/events";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const TOKEN = "123456:test-bot-token";
const SITE = "https://helpers.example";

interface BotCall {
  method: string;
  body: Record<string, unknown>;
}

/** The Bot API as the site uses it; chats in `blocked` answer 403 as Telegram does for a bot the user blocked. */
async function startFakeBotApi() {
  const calls: BotCall[] = [];
  const blocked = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = (status: number, body: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
      if (!match || match[1] !== TOKEN) return answer(401, { ok: false, error_code: 401, description: "Unauthorized" });
      const method = match[2]!;
      const body = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : {};
      calls.push({ method, body });
      if (method === "getMe")
        return answer(200, { ok: true, result: { id: 123456, is_bot: true, first_name: "Helpers", username: "dh_notices_bot" } });
      if (method === "setWebhook") return answer(200, { ok: true, result: true, description: "Webhook was set" });
      if (method === "sendMessage") {
        const chat = String(body.chat_id);
        if (blocked.has(chat)) return answer(403, { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" });
        return answer(200, {
          ok: true,
          result: { message_id: calls.length, chat: { id: Number(chat), type: "private" }, date: 0, text: body.text },
        });
      }
      return answer(404, { ok: false, error_code: 404, description: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    blocked,
    sent: (chat: string) =>
      calls.filter((c) => c.method === "sendMessage" && String(c.body.chat_id) === chat).map((c) => String(c.body.text)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeDb("a supplier's Telegram notices", () => {
  let bot: Awaited<ReturnType<typeof startFakeBotApi>>;
  beforeAll(async () => {
    bot = await startFakeBotApi();
  });
  afterAll(async () => bot?.close());
  const t = usePageApp(() => ({
    env: { PUBLIC_URL: SITE, TELEGRAM_BOT_TOKEN: TOKEN, TELEGRAM_CHAT_ID: "-1001", TELEGRAM_API_URL: bot.url },
  }));
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Telegram Agency" });
  });

  const telegram = () => t.app.services.conversations.telegram;
  const form = (cookie: string, values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/dashboard/messages",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie },
      payload: formBody(values),
    });
  const inboxPage = async () => (await t.app.inject({ url: "/dashboard/messages", headers: { cookie: supplier.cookie } })).body;
  const webhook = (update: object, secret: string | undefined) =>
    t.app.inject({
      method: "POST",
      url: "/api/telegram/webhook",
      headers: secret === undefined ? {} : { "x-telegram-bot-api-secret-token": secret },
      payload: update,
    });
  const start = (chatId: number, text: string) => ({
    update_id: Date.now(),
    message: { message_id: 1, date: 0, chat: { id: chatId, type: "private" }, text },
  });
  /** The secret Telegram was given, as Telegram keeps it. */
  const secret = () => String(bot.calls.find((c) => c.method === "setWebhook")!.body.secret_token);
  const queuedFor = async (chat: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->'to'->>'telegramChatId' = ${chat}`)
    ).map((row) => ({
      kind: row.kind,
      channel: row.channel,
      status: row.status,
      text: (row.payload as { text: string }).text,
    }));
  const linkFromPage = async (cookie: string) => {
    const answer = await form(cookie, { intent: "telegram-on" });
    expect(answer.statusCode).toBe(302);
    const location = String(answer.headers.location);
    expect(location).toMatch(/^https:\/\/t\.me\/dh_notices_bot\?start=[\w-]{43}$/);
    return location.split("start=")[1]!;
  };
  const deliverAll = async () => {
    // As the notifications feature's worker does: a refused chat is announced, and the
    // conversations feature, listening, turns its notices off.
    const worker = createOutboxWorker(t.database.handle, t.config, {
      onChatRefused: (chatId) => announce(t.db, telegramChatRefused, chatId),
    });
    await worker.runOnce();
    await worker.stop();
    await t.app.services.announced();
  };

  it("tells Telegram the webhook with a secret, and offers the link on the messages page", async () => {
    expect(await telegram().register()).toBe("registered");
    const registered = bot.calls.find((c) => c.method === "setWebhook")!;
    expect(registered.body.url).toBe(`${SITE}/api/telegram/webhook`);
    expect(registered.body.secret_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registered.body.allowed_updates).toEqual(["message"]);
    expect(JSON.stringify(registered.body)).not.toContain(TOKEN);
    const page = await inboxPage();
    expect(page).toContain("Get notices on Telegram");
    expect(page).not.toContain("Telegram notices on");
  });

  it("refuses a webhook call without Telegram's secret with 401, and changes nothing", async () => {
    const token = await linkFromPage(supplier.cookie);
    for (const forged of [undefined, "", "not-the-secret", `${secret()}x`]) {
      const answer = await webhook(start(4242, `/start ${token}`), forged);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.code).toBe("unauthorized");
    }
    expect(await t.db.select().from(supplierTelegram).where(eq(supplierTelegram.supplierId, supplier.id))).toHaveLength(0);
    expect(await queuedFor("4242")).toEqual([]);
  });

  it("links the chat that opened the bot with a fresh token, once; a used or stale token is refused in the chat", async () => {
    const token = await linkFromPage(supplier.cookie);
    expect(await t.db.select().from(telegramLinkTokens).where(eq(telegramLinkTokens.tokenHash, token))).toHaveLength(0);
    expect((await webhook(start(5551, `/start ${token}`), secret())).statusCode).toBe(204);
    const [linked] = await t.db.select().from(supplierTelegram).where(eq(supplierTelegram.supplierId, supplier.id));
    expect(linked!.chatId).toBe("5551");
    expect(await queuedFor("5551")).toEqual([expect.objectContaining({ kind: "telegram-linked", channel: "telegram" })]);
    expect(await inboxPage()).toContain("Telegram notices on · ");
    expect(await inboxPage()).toContain("Turn off");

    // The same token again, from another chat: refused there, the link unchanged.
    expect((await webhook(start(6662, `/start ${token}`), secret())).statusCode).toBe(204);
    const [refused] = await queuedFor("6662");
    expect(refused).toMatchObject({ kind: "telegram-link-refused", channel: "telegram" });
    expect(refused!.text).toContain("expired or was used already");
    // A token past its 15 minutes.
    const stale = await linkFromPage(supplier.cookie);
    await t.db.update(telegramLinkTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    await webhook(start(7773, `/start ${stale}`), secret());
    expect((await queuedFor("7773"))[0]!.kind).toBe("telegram-link-refused");
    // Something that is no token at all, and a bare /start.
    await webhook(start(7773, "/start ../../etc"), secret());
    await webhook(start(8884, "/start"), secret());
    expect((await queuedFor("7773")).map((r) => r.kind)).toEqual(["telegram-link-refused", "telegram-link-refused"]);
    expect((await queuedFor("8884"))[0]!.text).toContain(`${SITE}/dashboard/messages`);
    const [still] = await t.db.select().from(supplierTelegram).where(eq(supplierTelegram.supplierId, supplier.id));
    expect(still!.chatId).toBe("5551");

    await deliverAll();
    expect(bot.sent("5551")[0]).toContain("Telegram notices are on");
    expect(bot.sent("6662")[0]).toContain("expired or was used already");
  });

  it("sends the unread notice to the linked chat as its own outbox row; a chat that blocked the bot turns the notices off", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Notified Nora" });
    const visitor = await returningVisitorCookie(t, "Tina Family", uniqueSgMobile().e164);
    const started = await t.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/message`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie: visitor },
      payload: formBody({ body: "Is Nora free in May?", email: "" }),
    });
    expect(started.statusCode).toBe(302);
    await t.app.services.conversations.notifyUnread(new Date(Date.now() + 6 * 60_000));
    const rows = await t.db.select().from(outbox).where(eq(outbox.kind, "conversation-unread"));
    expect(rows.map((r) => r.channel).sort()).toEqual(["file", "telegram"]);
    await deliverAll();
    expect(bot.sent("5551").some((text) => text.includes("A family is waiting for your answer about Notified Nora"))).toBe(true);

    // The supplier blocks the bot: the next notice is refused, not retried, and the link goes off.
    bot.blocked.add("5551");
    await t.db.execute(sql`update conversations set notified_at = null`);
    await t.app.services.conversations.notifyUnread(new Date(Date.now() + 6 * 60_000));
    await deliverAll();
    const refused = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'conversation-unread' and ${outbox.status} = 'refused'`);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.lastError).toContain("blocked by the user");
    const [off] = await t.db.select().from(supplierTelegram).where(eq(supplierTelegram.supplierId, supplier.id));
    expect(off).toMatchObject({ chatId: null, offReason: "blocked" });
    const page = await inboxPage();
    expect(page).toContain("Telegram said the bot may no longer write to you");
    expect(page).toContain("Get notices on Telegram");
    // A refused row is not claimed again.
    const before = bot.calls.length;
    await deliverAll();
    expect(bot.calls.length).toBe(before);
  });

  it("turns the notices off from the page, and only the supplier's own", async () => {
    const token = await linkFromPage(supplier.cookie);
    await webhook(start(9995, `/start ${token}`), secret());
    expect(await inboxPage()).toContain("Telegram notices on · ");
    const other = await signUp(t, { name: "Another Agency" });
    expect((await form(other.cookie, { intent: "telegram-off" })).statusCode).toBe(302);
    expect(await inboxPage()).toContain("Telegram notices on · ");
    expect((await form(supplier.cookie, { intent: "telegram-off" })).statusCode).toBe(302);
    const page = await inboxPage();
    expect(page).not.toContain("Telegram notices on");
    expect(page).not.toContain("may no longer write to you");
    expect((await form(supplier.cookie, { intent: "nonsense" })).statusCode).toBe(200);
    // Not signed in: the page's policy sends the visitor to log in.
    expect((await form("", { intent: "telegram-off" })).statusCode).toBe(302);
  });

  it("leaves the webhook alone and offers nothing when the notices' bot is the families' contact bot", async () => {
    const calls = bot.calls.length;
    const site = { name: "Direct Helpers", publicUrl: SITE, channels: { email: false, telegram: true } };
    const shared = createTelegramLink(t.db, site, createTelegramBot(t.config.telegram!), "DH_Notices_Bot");
    expect(await shared.register()).toBe("not offered");
    expect(await shared.state(supplier.id)).toEqual({ available: false });
    expect(await shared.startLink(supplier.id)).toBeNull();
    expect(bot.calls.slice(calls).map((c) => c.method)).not.toContain("setWebhook");
    // On a plain-HTTP address Telegram would not post to the site: nothing is offered either.
    const plain = createTelegramLink(t.db, { ...site, publicUrl: "http://helpers.example" }, createTelegramBot(t.config.telegram!));
    expect(await plain.register()).toBe("not offered");
    expect(await plain.offered()).toBe(false);
  });

  it("says the Telegram texts in the supplier's language: Burmese", async () => {
    const burmese = await signUp(t, { name: "Burmese Agency" });
    const chosen = await t.app.inject({
      method: "POST",
      url: `/profile/${burmese.id}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", cookie: burmese.cookie },
      payload: formBody({ intent: "language", locale: "my" }),
    });
    expect(chosen.statusCode).toBe(200);
    const page = (await t.app.inject({ url: "/dashboard/messages", headers: { cookie: burmese.cookie } })).body;
    expect(page).toContain("Telegram တွင် အသိပေးချက်များ ရယူရန်");
    expect(page).toContain("၅ မိနစ်ကြာ မဖတ်ရသေးသော မက်ဆေ့ချ်ကို သင့်အီးမေးလ်သို့ ပို့ပေးပါသည်။");
    for (const english of ["Get notices on Telegram", "is e-mailed to you", "Turn off"]) expect(page).not.toContain(english);
    const refused = await form(burmese.cookie, { intent: "something-else" });
    expect(refused.body).toContain("ဤစာမျက်နှာရှိ ခလုတ်များကို အသုံးပြုပါ။");
    expect(refused.body).not.toContain("Please use the page");
  });
});
