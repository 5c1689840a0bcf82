/**
 * Helpers on their own (issue 35, decision 197), on phones: a helper signs up herself in Burmese,
 * publishes her biodata through the form in Burmese, is found with hire=direct and not with
 * hire=agency, her page has no number, WhatsApp or Telegram link, and a family reaches her
 * through the site's chat, where she answers in Burmese.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { helpers } from "../../src/features/helpers/server/tables";
import { TEST_PASSWORD } from "../support/auth";
import { samplePng } from "../support/biodata";
import { openSection } from "../support/biodata-form";
import { browserMissing } from "../support/browser";
import { newPage, screenshot, siteInBrowser } from "../support/e2e";
import { uniqueEmail } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";

const PHONE = { width: 390, height: 844 };
const HER_NAME = "မသီတာ";
const ANSWER = "ဟုတ်ကဲ့၊ မတ်လမှ စ၍ အားပါသည်။";

describe.skipIf(browserMissing)("a helper publishes herself as a direct hire and is reached only through the site", () => {
  const running = siteInBrowser({ seed: false });

  it("signs up in Burmese, publishes her biodata, is found with hire=direct only, and answers a family in Burmese", async () => {
    const { site, browser } = running;
    const email = uniqueEmail("helper");
    const her = await newPage(browser, PHONE);

    // Sign-up, in Burmese, as a helper looking for an employer.
    await her.page.goto(`${site.url}/register?lang=my`);
    await her.page.getByRole("link", { name: "ကျွန်ုပ်သည် အလုပ်ရှင်ရှာနေသော အိမ်အကူ ဖြစ်သည်" }).click();
    await her.page.waitForURL((url) => url.searchParams.get("as") === "helper");
    await expect.poll(() => her.page.evaluate(() => document.documentElement.lang)).toBe("my");
    await her.page.getByLabel("အမည်အပြည့်အစုံ").fill(HER_NAME);
    await her.page.getByLabel("အီးမေးလ်").fill(email);
    await her.page.getByLabel("စကားဝှက်", { exact: true }).fill(TEST_PASSWORD);
    await her.page.getByLabel("စကားဝှက်ကို အတည်ပြုပါ").fill(TEST_PASSWORD);
    await screenshot(her.page, "direct-hire-sign-up-my-390.png");
    await her.page.getByRole("button", { name: "စာရင်းသွင်းရန်" }).click();
    await her.page.waitForURL((url) => url.pathname === "/dashboard");
    const [account] = await site.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ role: "helper", locale: "my", companyName: null });

    // Her one biodata, through the standard form in Burmese, with why she is free to be hired directly.
    await her.page.getByRole("link", { name: "သင့်ကိုယ်ရေးရာဇဝင် ရေးပါ" }).click();
    await her.page.waitForURL((url) => url.pathname === "/create");
    await her.page.getByLabel("အကြောင်းရင်း").selectOption("finishing-contract");
    await her.page.getByLabel("အမည်", { exact: true }).fill(HER_NAME);
    await her.page.getByLabel("နိုင်ငံသား").selectOption("myanmar");
    await her.page.getByLabel("မွေးသက္ကရာဇ်").fill("1994-03-21");
    await her.page.getByLabel("အိမ်ထောင်ရေး အခြေအနေ").selectOption("single");
    await her.page.getByLabel("ကိုးကွယ်သည့် ဘာသာ").selectOption("buddhist");
    await openSection(her.page, "ဘာသာစကားများ");
    await her.page.getByLabel("မိခင်ဘာသာစကား").selectOption("burmese");
    await openSection(her.page, "အတွေ့အကြုံ");
    await her.page.getByLabel("အတွေ့အကြုံ", { exact: true }).selectOption("ex-singapore");
    await openSection(her.page, "စတင်နိုင်သည့်ရက်နှင့် လစာ");
    await her.page.getByLabel("လစာ (တစ်လ $)").fill("700");
    await her.page.getByLabel("အားလပ်ရက် (တစ်လ)").fill("4");
    await openSection(her.page, "မှတ်ချက်နှင့် ဓာတ်ပုံ");
    await her.page
      .getByLabel("ဓာတ်ပုံ", { exact: true })
      .setInputFiles({ name: "thida.png", mimeType: "image/png", buffer: await samplePng(600, 800) });
    await expect.poll(() => her.page.getByRole("img", { name: "အိမ်အကူ၏ ဓာတ်ပုံ" }).count()).toBe(1);
    await her.page.getByLabel("အခြေအနေ", { exact: true }).selectOption("available");
    await screenshot(her.page, "direct-hire-form-my-390.png");
    await expect.poll(() => her.page.getByRole("button", { name: "တင်ရန်" }).isEnabled()).toBe(true);
    await her.page.getByRole("button", { name: "တင်ရန်" }).click();
    await her.page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    const id = her.page.url().split("/").at(-1)!;
    const [saved] = await site.db.select().from(helpers).where(eq(helpers.id, id));
    expect(saved).toMatchObject({ name: HER_NAME, status: "available", supplierId: account!.id, directHireReason: "finishing-contract" });

    // A family finds her with hire=direct, never with hire=agency.
    const family = await newPage(browser, PHONE);
    await family.page.goto(`${site.url}/posts?hire=agency`);
    await family.page.locator("main").waitFor();
    expect(await family.page.getByRole("heading", { name: HER_NAME }).count()).toBe(0);
    await family.page.goto(`${site.url}/posts?hire=direct`);
    const card = family.page.locator("article.helper-card", { has: family.page.getByRole("heading", { name: HER_NAME }) });
    await card.waitFor();
    expect(await card.locator(".hire-mark").textContent()).toBe("Direct hire");
    expect(await card.locator('a[href*="wa.me"], a[href*="t.me"], a[href^="tel:"]').count()).toBe(0);
    await screenshot(family.page, "direct-hire-listing-390.png");

    // Her page: no number, WhatsApp or Telegram link in it; what the employer does, with MOM's pages.
    await card.getByRole("link", { name: /Details/ }).click();
    await family.page.waitForURL(`${site.url}/posts/${id}`);
    const main = family.page.locator("main");
    await main.getByRole("heading", { level: 1, name: HER_NAME }).waitFor();
    expect(await main.locator('a[href*="wa.me"], a[href*="t.me"], a[href^="tel:"], a[href*="whatsapp"]').count()).toBe(0);
    expect(await main.getByText("Not yet checked").count()).toBe(1);
    expect(await main.locator('a[href^="https://www.mom.gov.sg/"]').count()).toBeGreaterThanOrEqual(6);
    await screenshot(family.page, "direct-hire-biodata-390.png");
    // And on a desktop's width, as an employer often reads it at work.
    await family.page.setViewportSize({ width: 1366, height: 900 });
    await screenshot(family.page, "direct-hire-biodata-1366.png");
    await family.page.setViewportSize(PHONE);

    // The family writes to her through the site (past the gate first).
    await main.getByRole("link", { name: `Message ${HER_NAME} through Direct Helpers` }).click();
    await family.page.getByLabel("Name", { exact: true }).fill("Tan Mei Ling");
    await family.page.getByLabel("Phone Number", { exact: true }).fill(uniqueSgMobile().typed);
    await family.page.getByRole("button", { name: "Submit" }).click();
    await family.page.getByLabel("Your message").fill("Hello, are you free from March?");
    await family.page.getByRole("button", { name: "Send message" }).click();
    await family.page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);

    // She reads it in her inbox, in Burmese, and answers in Burmese.
    await her.page.goto(`${site.url}/dashboard/messages`);
    const row = her.page.locator(".conversation-list li");
    await expect.poll(() => row.count()).toBe(1);
    expect(await her.page.evaluate(() => document.documentElement.lang)).toBe("my");
    await screenshot(her.page, "direct-hire-inbox-my-390.png");
    await row.getByRole("link").click();
    await her.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    await her.page.getByText("Hello, are you free from March?").waitFor();
    await her.page.getByLabel("သင်၏ မက်ဆေ့ချ်").fill(ANSWER);
    await her.page.getByRole("button", { name: "ပို့ရန်", exact: true }).click();
    await expect.poll(() => her.page.locator(".message.mine").count()).toBe(1);
    await screenshot(her.page, "direct-hire-conversation-my-390.png");

    // The family reads her answer in its conversation.
    await family.page.reload();
    await family.page.getByText(ANSWER).waitFor();
    await screenshot(family.page, "direct-hire-family-conversation-390.png");

    // Something is wrong: the family reports her to the operators from her page, saying why.
    await family.page.goto(`${site.url}/posts/${id}`);
    await family.page.getByRole("link", { name: "Report her to the operators" }).click();
    await family.page.waitForURL(`${site.url}/posts/${id}/report`);
    await family.page.getByLabel("What is wrong").fill("She asked me for a deposit before any interview.");
    await family.page.getByRole("button", { name: "Send the report" }).click();
    await family.page.getByText("Thank you. The operators will look at it.").waitFor();
    await screenshot(family.page, "direct-hire-report-390.png");
    await her.context.close();
    await family.context.close();
  });
});
