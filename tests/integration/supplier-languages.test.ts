import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { siteSettings } from "../../src/server/db/schema";
import { user } from "../../src/features/accounts/server/tables";
import { operatorViewer, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("the supplier's language and the families' default language", () => {
  const t = usePageApp();

  const post = (url: string, cookie: string, values: Record<string, string>, headers: Record<string, string> = formHeaders) =>
    t.app.inject({ method: "POST", url, headers: { ...headers, cookie }, payload: formBody(values) });
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const chooseLanguage = (supplier: SignedIn, locale: string) =>
    post(`/profile/${supplier.id}`, supplier.cookie, { intent: "language", locale });
  const localeOf = async (id: string) => (await t.db.select({ locale: user.locale }).from(user).where(eq(user.id, id)))[0]!.locale;
  const familyDefault = async () =>
    (await t.db.select().from(siteSettings).where(eq(siteSettings.name, "family_locale")))[0]?.value ?? "en";

  it("a supplier who chooses Burmese gets their dashboard, form and profile in Burmese, and families' pages stay as they were", async () => {
    const supplier = await signUp(t, { name: "Khin Supplier" });
    const before = await page("/dashboard", supplier.cookie);
    expect(before.body).toContain('<html lang="en"');
    expect(before.body).toContain("Create a biodata");

    const saved = await chooseLanguage(supplier, "my");
    expect(saved.statusCode).toBe(200);
    expect(await localeOf(supplier.id)).toBe("my");

    const dashboard = await page("/dashboard", supplier.cookie);
    expect(dashboard.body).toContain('<html lang="my"');
    expect(dashboard.body).toContain("ကိုယ်ရေးရာဇဝင် အသစ်ပြုလုပ်ရန်");
    expect(dashboard.body).not.toContain("Create a biodata");
    const form = await page("/create", supplier.cookie);
    expect(form.body).toContain("မွေးသက္ကရာဇ်");
    expect(form.body).toContain("မူကြမ်း သိမ်းရန်");
    const profile = await page(`/profile/${supplier.id}`, supplier.cookie);
    expect(profile.body).toContain("သင်၏ စာမျက်နှာများ၏ ဘာသာစကား");
    const inbox = await page("/dashboard/messages", supplier.cookie);
    expect(inbox.body).toContain("မည်သည့် မိသားစုမှ သင့်ထံ စာမပို့ရသေးပါ။");
    // The families' listing is in the families' language, whoever reads it.
    const listing = await page("/posts", supplier.cookie);
    expect(listing.body).toContain('<html lang="en"');
  });

  it("refuses a language that is not one of the suppliers', with a message at the field, and keeps the one chosen", async () => {
    const supplier = await signUp(t);
    expect((await chooseLanguage(supplier, "id")).statusCode).toBe(200);
    for (const locale of ["zh", "xx", ""]) {
      const refused = await chooseLanguage(supplier, locale);
      expect(refused.statusCode).toBe(400);
      // The refusal is said in the language the supplier reads.
      expect(refused.body).toContain("Pilih salah satu bahasa yang tersedia.");
    }
    expect(await localeOf(supplier.id)).toBe("id");
    expect((await chooseLanguage(supplier, "en")).statusCode).toBe(200);
    expect(await localeOf(supplier.id)).toBe("en");
  });

  it("only an operator opens /admin/settings, and it is in the Operator menu", async () => {
    const operator = await signUp(t, { name: "Settings Olivia", role: "operator" });
    const supplier = await signUp(t);
    const shown = await page("/admin/settings", operator.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain("Families&#x27; default language");
    expect(shown.body).toContain('href="/admin/settings"');
    expect((await page("/admin/settings", supplier.cookie)).statusCode).toBe(403);
    expect((await page("/admin/settings")).statusCode).toBe(302);
    expect((await page("/dashboard", supplier.cookie)).body).not.toContain('href="/admin/settings"');
  });

  describe("switching the families' default language", () => {
    let operator: SignedIn;
    afterAll(async () => {
      if (operator) await t.app.services.familyLocale.set("en", operatorViewer(operator.id));
    });

    it("an operator's save serves the plain addresses in Chinese at once and says who changed it", async () => {
      operator = await signUp(t, { name: "Default Dora", role: "operator" });
      const saved = await post("/admin/settings", operator.cookie, { familyLocale: "zh" });
      expect(saved.statusCode).toBe(200);
      expect(await familyDefault()).toBe("zh");
      expect((await page("/posts")).body).toContain('<html lang="zh-Hans"');
      expect((await page("/en/posts")).body).toContain('<html lang="en"');
      const shown = await page("/admin/settings", operator.cookie);
      expect(shown.body).toMatch(/<option value="zh" selected="">/);
      expect(shown.body).toContain("by Default Dora");

      expect((await post("/admin/settings", operator.cookie, { familyLocale: "en" })).statusCode).toBe(200);
      expect(await familyDefault()).toBe("en");
      expect((await page("/posts")).body).toContain('<html lang="en"');
    });

    it("refuses a supplier, another site's form and a language families do not read, changing nothing", async () => {
      operator ??= await signUp(t, { role: "operator" });
      const supplier = await signUp(t);
      expect((await post("/admin/settings", supplier.cookie, { familyLocale: "zh" })).statusCode).toBe(403);
      const otherOrigin = { ...formHeaders, origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" };
      expect([400, 403]).toContain((await post("/admin/settings", operator.cookie, { familyLocale: "zh" }, otherOrigin)).statusCode);
      const crossSite = { "content-type": formHeaders["content-type"], "sec-fetch-site": "cross-site" };
      expect((await post("/admin/settings", operator.cookie, { familyLocale: "zh" }, crossSite)).statusCode).toBe(403);
      for (const familyLocale of ["my", "fr", ""]) {
        const refused = await post("/admin/settings", operator.cookie, { familyLocale });
        expect(refused.statusCode).toBe(400);
        expect(refused.body).toContain("Choose English or 中文");
      }
      expect(await familyDefault()).toBe("en");
    });
  });
});
