/**
 * Refusals made before a page or an endpoint runs, and better-auth's, in their reader's language
 * (decision 123): a page form's malformed post in the page's language, an API call's in its
 * Accept-Language, a wrong password never in better-auth's own English.
 */
import { beforeAll, expect, it } from "vitest";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("refusals in the reader's language", () => {
  const t = usePageApp();
  let burmese: SignedIn;
  beforeAll(async () => {
    burmese = await signUp(t, { name: "Refusal Agency" });
    const chosen = await t.app.inject({
      method: "POST",
      url: `/profile/${burmese.id}`,
      headers: { ...formHeaders, cookie: burmese.cookie },
      payload: formBody({ intent: "language", locale: "my" }),
    });
    expect(chosen.statusCode).toBe(200);
  });

  const signIn = (password: string, language?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "http://localhost:3000", ...(language ? { "accept-language": language } : {}) },
      payload: { email: burmese.email, password },
    });

  it("a malformed form posted to a Chinese page is refused in Chinese, and to a Burmese supplier's page in Burmese", async () => {
    const nul = await t.app.inject({ method: "POST", url: "/zh/posts", headers: formHeaders, payload: "q=a%00" });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe("栏位“q”含有 NUL 字符（%00），这永远无效：请删除它。");
    expect(nul.json().error.fields).toEqual({ q: "不得含有 NUL 字符" });

    const wrongType = await t.app.inject({
      method: "POST",
      url: "/zh/posts",
      headers: { ...formHeaders, "content-type": "text/plain" },
      payload: "hello",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.message).toContain("页面只接受浏览器发送的表格");

    const supplierForm = await t.app.inject({
      method: "POST",
      url: "/dashboard",
      headers: { ...formHeaders, cookie: burmese.cookie },
      payload: "status=a%00",
    });
    expect(supplierForm.statusCode).toBe(400);
    expect(supplierForm.json().error.message).toContain("“status” အကွက်တွင် NUL စာလုံး");
    // The same post to an English page stays English.
    const english = await t.app.inject({ method: "POST", url: "/posts", headers: formHeaders, payload: "q=a%00" });
    expect(english.json().error.message).toContain("The field “q” contains a NUL character");
  });

  it("a form past the site's limits is refused in the page's language, the bound written as the reader writes numbers", async () => {
    const rows = await t.app.inject({ method: "POST", url: "/zh/posts", headers: formHeaders, payload: "employment[100].from=2020-01" });
    expect(rows.statusCode).toBe(400);
    expect(rows.json().error.message).toBe("栏位“employment[100].from”要求列表的第 101 行或之后：本站没有这么多行的表格。");
    expect(rows.json().error.fields).toEqual({ "employment[100].from": "列表最多 100 行" });

    const repeated = await t.app.inject({
      method: "POST",
      url: "/dashboard",
      headers: { ...formHeaders, cookie: burmese.cookie },
      payload: Array.from({ length: 101 }, () => "skills=cooking").join("&"),
    });
    expect(repeated.statusCode).toBe(413);
    expect(repeated.json().error.message).toContain("“skills” အကွက်ကို");
    expect(repeated.json().error.message).not.toMatch(/[0-9]/);

    const longName = await t.app.inject({ method: "POST", url: "/posts", headers: formHeaders, payload: `${"x".repeat(150)}=1` });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().error.message).toContain("A field name is longer than");
  });

  it("an API call's NUL is refused in its Accept-Language", async () => {
    const zh = await t.app.inject({ url: "/api/helpers?q=Maria%00", headers: { "accept-language": "zh-SG,zh;q=0.9" } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().error.message).toBe("查询参数“q”含有 NUL 字符（%00），这永远无效：请删除它。");
    const my = await t.app.inject({ url: "/api/helpers?q=Maria%00", headers: { "accept-language": "my" } });
    expect(my.json().error.fields).toEqual({ q: "NUL စာလုံး မပါဝင်ရပါ" });
  });

  it("a wrong password over the API is said in Chinese or Burmese, with better-auth's code kept", async () => {
    const zh = await signIn("not the password at all", "zh-CN");
    expect(zh.statusCode).toBe(401);
    expect(zh.json()).toMatchObject({ code: "INVALID_EMAIL_OR_PASSWORD", message: "电子邮件或密码不正确。" });
    const my = await signIn("not the password at all", "my");
    expect(my.json().message).toBe("အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေသည်။");
    const en = await signIn("not the password at all");
    expect(en.json().message).toBe("The email or password is wrong.");
    expect(en.body).not.toContain("Invalid email or password");
    expect((await signIn(TEST_PASSWORD, "my")).statusCode).toBe(200);
  });

  it("the account guard's own refusals over the API follow Accept-Language too", async () => {
    const picture = await t.app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { origin: "http://localhost:3000", cookie: burmese.cookie, "accept-language": "id" },
      payload: { image: "https://example.com/x.png" },
    });
    expect(picture.statusCode).toBe(400);
    expect(picture.json()).toMatchObject({ code: "FIELD_NOT_ALLOWED", message: expect.stringContaining("Foto hanya dapat diubah") });
  });
});
