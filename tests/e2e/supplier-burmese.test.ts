import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { formSection, openSection } from "../support/biodata-form";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

describe.skipIf(browserMissing)("a supplier working in Burmese on a phone", () => {
  const running = siteInBrowser({ seed: false });

  it("chooses Burmese on the profile, then fills and saves a biodata through the form in Burmese", async () => {
    const supplier = await signUp(running.site, { name: "Shwe Pyi Agency" });
    const { page } = await newPage(running.browser, { width: 390, height: 844 });
    const site = running.site.url;
    await page.goto(`${site}/login?redirectTo=${encodeURIComponent(`/profile/${supplier.id}`)}`);
    await page.getByLabel("Email").fill(supplier.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${site}/profile/${supplier.id}`);

    // The profile's language: saved, the page comes back in Burmese at once, <html lang> with it.
    await page.getByLabel("Language of your pages").selectOption({ label: "မြန်မာ" });
    await page.getByRole("button", { name: "Save language" }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe("my");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "သိမ်းပြီးပါပြီ" }).count()).toBe(1);
    expect(await page.getByLabel("သင်၏ စာမျက်နှာများ၏ ဘာသာစကား").inputValue()).toBe("my");
    expect((await running.site.db.select({ locale: user.locale }).from(user).where(eq(user.id, supplier.id)))[0]!.locale).toBe("my");

    // The menu reads in Burmese too, and leads to the form.
    const menu = page.locator("summary.menu-button");
    expect(await menu.textContent()).toContain("မီနူး");
    await menu.click();
    await page.getByRole("link", { name: "ကိုယ်ရေးရာဇဝင် ပြုလုပ်ရန်" }).click();
    await page.waitForURL(`${site}/create`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "ကိုယ်ရေးရာဇဝင် အသစ်" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("my");
    expect(await page.locator(".form-progress").textContent()).toBe("အပိုင်း 9 ခုအနက် 0 ခု ပြည့်စုံပြီ");

    // Every label found by its Burmese words; the name and notes typed in Burmese stay as typed.
    await page.getByLabel("အမည်", { exact: true }).fill("ခင်မာဝင်း");
    await page.getByLabel("နိုင်ငံသား").selectOption("myanmar");
    await page.getByLabel("မွေးသက္ကရာဇ်").fill("1994-03-21");
    await page.getByLabel("အရပ် (စင်တီမီတာ)").fill("155");
    await page.getByLabel("အိမ်ထောင်ရေး အခြေအနေ").selectOption("single");
    await page.getByLabel("ကိုးကွယ်သည့် ဘာသာ").selectOption("buddhist");
    await openSection(page, "ဘာသာစကားများ");
    await page.getByLabel("မိခင်ဘာသာစကား").selectOption("burmese");
    await openSection(page, "ကျန်းမာရေးနှင့် အစားအသောက်");
    await page.getByLabel("ဝက်သား ကိုင်တွယ်ရန် လိုလားမှု").selectOption({ label: "ဟုတ်ကဲ့" });
    await openSection(page, "အတွေ့အကြုံ");
    await page.getByLabel("အတွေ့အကြုံ", { exact: true }).selectOption("new-to-sg");
    await openSection(page, "ကျွမ်းကျင်မှုများ");
    await page.getByLabel("ချက်ပြုတ်ခြင်း - နှစ်").fill("3");
    await page.getByLabel("ချက်ပြုတ်ခြင်း - အဆင့်").selectOption({ label: "ကြယ် 4 ပွင့်" });
    await openSection(page, "အလုပ်အကိုင် မှတ်တမ်း");
    await page.getByRole("button", { name: "အလုပ် ထည့်ရန်" }).click();
    const job = page.getByRole("group", { name: "အလုပ် 1" });
    await job.getByLabel("မှ (လနှင့် ခုနှစ်)").fill("2019-06");
    await job.getByLabel("အထိ (လနှင့် ခုနှစ်)").fill("2022-05");
    await job.getByLabel("နိုင်ငံ").fill("Malaysia");
    await openSection(page, "စတင်နိုင်သည့်ရက်နှင့် လစာ");
    await page.getByLabel("လစာ (တစ်လ $)").fill("650");
    await page.getByLabel("အားလပ်ရက် (တစ်လ)").fill("2");
    await openSection(page, "မှတ်ချက်နှင့် ဓာတ်ပုံ");
    await page.getByLabel("အခြား မှတ်ချက်များ").fill("ကလေးထိန်းရာတွင် စိတ်ရှည်သည်။");
    await expect.poll(() => formSection(page, "ကိုယ်ရေးအချက်အလက်").locator(".form-section-state").textContent()).toBe("ပြည့်စုံပြီ");

    await page.getByRole("button", { name: "မူကြမ်း သိမ်းရန်" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1)!;
    // The confirmation is said in the supplier's language.
    await expect.poll(() => page.getByText("ခင်မာဝင်း ၏ ကိုယ်ရေးရာဇဝင်ကို မူကြမ်းအဖြစ် သိမ်းပြီးပါပြီ။").count()).toBe(1);

    const [saved] = await running.site.db.select().from(helpers).where(eq(helpers.id, id));
    expect(saved).toMatchObject({
      name: "ခင်မာဝင်း",
      nationality: "myanmar",
      dateOfBirth: "1994-03-21",
      heightCm: 155,
      marital: "single",
      religion: "buddhist",
      motherTongue: "burmese",
      handlesPork: true,
      experience: "new-to-sg",
      salary: 650,
      offDays: 2,
      otherRemarks: "ကလေးထိန်းရာတွင် စိတ်ရှည်သည်။",
      status: "draft",
      supplierId: supplier.id,
    });
    expect(JSON.stringify(saved!.skills)).toContain('"years":3');
    expect(JSON.stringify(saved!.employment)).toContain("Malaysia");
  });
});
