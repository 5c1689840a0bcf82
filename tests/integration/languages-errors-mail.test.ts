/**
 * Form errors, API errors and mails in their reader's language (decision 120): a Chinese page's
 * form, a Burmese supplier's form, the API by Accept-Language, and the family's mail in the
 * language of the page they wrote from. English answers are what the other tests assert.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { outboxFolder } from "../../src/features/notifications/server/channels/file";
import { createOutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { queuedMailsTo, uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const catalogue = (folder: string, locale: string) =>
  JSON.parse(readFileSync(new URL(`../../src/${folder}/messages/${locale}.json`, import.meta.url), "utf8")) as Record<string, string>;
const shared = { en: catalogue("shared", "en"), zh: catalogue("shared", "zh"), my: catalogue("shared", "my") };
const server = { en: catalogue("server", "en"), zh: catalogue("server", "zh") };
/** A mail file's subject and text as a mail program shows them (encoded words, base64 or quoted-printable undone). */
function readEml(raw: string): { subject: string; text: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const words = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? "";
  const subject = words.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_all, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
  const body = rest.join("\n\n");
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(unfolded)?.[1]?.toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? Buffer.from(
            body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          ).toString("utf8")
        : body;
  return { subject, text };
}

/** HTML as the page writes text: quotes and apostrophes escaped. */
const inHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describeDb("form errors, API errors and mails in the reader's language", () => {
  const t = usePageApp();
  let supplier: SignedIn;

  beforeAll(async () => {
    supplier = await signUp(t, { name: "Burmese Speaking Agency" });
    await t.db.update(user).set({ locale: "my" }).where(eq(user.id, supplier.id));
  });

  it("refuses a phone number on the Chinese gate in Chinese, and on the English one in English", async () => {
    const post = (url: string) =>
      t.app.inject({ method: "POST", url, headers: formHeaders, payload: formBody({ name: "陈太太", phone: "9123 abcd" }) });
    const chinese = await post("/zh/filters");
    expect(chinese.statusCode).toBe(400);
    expect(chinese.body).toContain(shared.zh.shared_error_phone_characters);
    expect(chinese.body).not.toContain(shared.en.shared_error_phone_characters);
    const english = await post("/filters");
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain(shared.en.shared_error_phone_characters);
  });

  it("refuses a Burmese supplier's profile details in Burmese", async () => {
    const saved = await t.app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ intent: "details", name: "", email: supplier.email, telegram: "no" }),
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.body).toContain(inHtml(shared.my.shared_error_telegram_format!));
    const nameRequired = shared.my.shared_error_required!.replace("{label}", shared.my.shared_error_field_full_name!);
    expect(saved.body).toContain(nameRequired);
    expect(saved.body).not.toContain("Use your Telegram user name");
  });

  it("refuses a Burmese supplier's biodata form values in Burmese, numbers written as Burmese write them", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Form Hla", status: "draft" });
    const saved = await t.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/edit`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ name: "Form Hla", salary: "50", status: "draft" }),
    });
    expect(saved.statusCode).toBe(400);
    const dollars = (value: number) =>
      new Intl.NumberFormat("my-MM", { style: "currency", currency: "SGD", maximumFractionDigits: 0 }).format(value);
    const expected = shared.my.shared_error_salary_range!.replace("{min}", dollars(300)).replace("{max}", dollars(3000));
    expect(saved.body).toContain(expected);
    expect(saved.body).not.toContain("Salary must be between");
  });

  it("answers an API 400 in Chinese when Accept-Language asks for it, in English otherwise, with the same fields", async () => {
    const submit = (headers: Record<string, string>) =>
      t.app.inject({ method: "POST", url: "/api/leads", headers, payload: { name: "", phone: "9123 abcd" } });
    const chinese = await submit({ "accept-language": "zh-SG,zh;q=0.9,en;q=0.8" });
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json()).toMatchObject({
      error: {
        code: "bad_request",
        message: server.zh.server_error_lead_check,
        fields: { name: shared.zh.shared_error_lead_name, phone: shared.zh.shared_error_phone_characters },
      },
    });
    expect(String(chinese.headers.vary)).toMatch(/Accept-Language/);

    for (const headers of [{}, { "accept-language": "fr-FR,de;q=0.5" }] as Record<string, string>[]) {
      const english = await submit(headers);
      expect(english.statusCode).toBe(400);
      expect(english.json()).toMatchObject({
        error: {
          code: "bad_request",
          message: "Please check your name and phone number.",
          fields: { name: "Please enter your name.", phone: shared.en.shared_error_phone_characters },
        },
      });
    }
    // Any other client error the API makes itself: a helper that is not listed.
    const missing = await t.app.inject({ url: "/api/helpers/00000000-0000-4000-8000-000000000000", headers: { "accept-language": "zh" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(server.zh.server_error_helper_not_listed);
  });

  it("mails a family who wrote from a Chinese page their conversations' link in Chinese, to the Chinese page", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Chinese Mail Mei" });
    const visitor = await returningVisitorCookie(t, "陈太太", uniqueSgMobile().e164);
    const posted = await t.app.inject({
      method: "POST",
      url: `/zh/posts/${helper.id}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "你好，她三月可以开始工作吗？", email: "chen.mail@example.com" }),
    });
    expect(posted.statusCode).toBe(302);
    const [mail] = await queuedMailsTo(t, "conversation-link", "chen.mail@example.com");
    expect(mail).toContain("您已在");
    expect(mail).toContain(`（${helper.ref}）`);
    expect(mail).toMatch(/\/zh\/messages\/link\/[\w-]{43}/);
    expect(mail).not.toContain("You wrote to the supplier");

    // Delivered as the site does with no mail server: an .eml file, read back as a mail program would.
    const worker = createOutboxWorker(t.database.handle, t.config);
    await worker.runOnce();
    await worker.stop();
    const folder = outboxFolder(t.config);
    const files = readdirSync(folder).filter((name) => name.includes("conversation-link"));
    const mails = files.map((name) => readFileSync(path.join(folder, name), "utf8")).filter((raw) => raw.includes("chen.mail@example.com"));
    expect(mails).toHaveLength(1);
    const eml = readEml(mails[0]!);
    expect(eml.subject).toBe("您在 Direct Helpers 的对话");
    expect(eml.text).toContain(`您已在 Direct Helpers 上联系 Chinese Mail Mei（${helper.ref}）的中介。`);
    expect(eml.text).toMatch(/http:\/\/localhost:\d+\/zh\/messages\/link\/[\w-]{43}/);
  });

  it("writes a Burmese supplier's unread-message notice in Burmese", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Unread Ума" });
    const visitor = await returningVisitorCookie(t, "Family Waiting", uniqueSgMobile().e164);
    const posted = await t.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Hello, is she free?", email: "" }),
    });
    expect(posted.statusCode).toBe(302);
    await t.app.services.conversations.notifyUnread(new Date(Date.now() + 10 * 60_000));
    const notice = (await queuedMailsTo(t, "conversation-unread", supplier.email)).find((text) => text.includes(helper.name));
    expect(notice).toContain(`${helper.name} (${helper.ref}) နှင့် ပတ်သက်သော မက်ဆေ့ချ် 1 စောင်ကို မဖတ်ရသေးပါ`);
    expect(notice).not.toContain("has not been read");
  });
});
