/**
 * Issue 27, item 5, in a browser at 390 px: a supplier reading Burmese goes through its
 * dashboard, its inbox and a conversation. The pages hydrate without an error (the inbox's dates
 * made React throw #418 when the browser, which has no Burmese dates of its own, wrote them in
 * English), the dates are Burmese after hydration, the conversation's words and buttons are
 * Burmese, and the dashboard's figures stand on the line of their labels.
 */
import { expect, it } from "vitest";
import { describe } from "vitest";
import { chooseLanguage, signUp } from "../support/auth";
import { browserMissing } from "../support/browser";
import { signedInContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";
import { familyWrites } from "../support/visitor";

const BURMESE_DIGIT = /[၀-၉]/;

describe.skipIf(browserMissing)("a supplier reading Burmese on a phone: dashboard, inbox, conversation", () => {
  const running = siteInBrowser({ seed: false });

  it("reads its pages in Burmese, with Burmese dates, no hydration error, and figures on their labels' line", async () => {
    const site = running.site;
    const supplier = await signUp(site, { name: "Shwe Pyi" });
    expect((await chooseLanguage(site, supplier, "my")).statusCode).toBe(200);
    const helper = await createHelper(site, supplier.id, { name: "Thandar Aung", nationality: "myanmar" });
    const conversationId = await familyWrites(site, helper.id, "Is she free from March?");

    // Any console error (React's #418 among them) fails the test: newContext watches.
    const context = await signedInContext(running.browser, site, supplier.cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();

    await page.goto(`${site.url}/dashboard`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("my");
    // Each figure on the same line as its label, at the label's right.
    const counts = page.locator(".dashboard-counts dl > div");
    expect(await counts.count()).toBe(3);
    for (const figure of await counts.all()) {
      const label = (await figure.locator("dt").boundingBox())!;
      const value = (await figure.locator("dd").boundingBox())!;
      expect(Math.abs(label.y + label.height / 2 - (value.y + value.height / 2))).toBeLessThan(4);
      expect(value.x).toBeGreaterThanOrEqual(label.x + label.width - 1);
    }

    await page.goto(`${site.url}/dashboard/messages`);
    const row = page.locator(".conversation-list li");
    await expect.poll(() => row.count()).toBe(1);
    // The date as the server wrote it, kept by the browser: Burmese month, Burmese digits.
    await expect.poll(() => row.locator(".conversation-sub").textContent()).toMatch(BURMESE_DIGIT);
    expect(await row.locator(".conversation-sub").textContent()).not.toMatch(/Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec/);

    await row.getByRole("link").click();
    await page.waitForURL(`${site.url}/dashboard/messages/${conversationId}`);
    await expect.poll(() => page.getByRole("link", { name: "‹ စကားဝိုင်းအားလုံး" }).count()).toBe(1);
    expect(await page.locator(".message-meta time").first().textContent()).toMatch(BURMESE_DIGIT);
    expect(await page.getByRole("button", { name: "ပြီးဆုံးကြောင်း မှတ်ရန်" }).count()).toBe(1);
    expect(await page.locator("summary", { hasText: "ဤမိသားစုကို ပိတ်ပင်မည်…" }).count()).toBe(1);
    expect(await page.locator(".shortlist-word").textContent()).toBe("ရွေးချယ်စာရင်း");

    // An answer sent from the page in Burmese arrives in the thread, its time written in Burmese too.
    await page.getByLabel("သင်၏ မက်ဆေ့ချ်").fill("ဟုတ်ကဲ့၊ မတ်လမှ စ၍ အားပါသည်။");
    await page.getByRole("button", { name: "ပို့ရန်", exact: true }).click();
    await expect.poll(() => page.locator(".message.mine").count()).toBe(1);
    expect(await page.locator(".message.mine time").textContent()).toMatch(BURMESE_DIGIT);
    if (process.env.SCREENS_DIR) {
      await page.goto(`${site.url}/dashboard`);
      await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-dashboard-my.png`, fullPage: true });
      await page.goto(`${site.url}/dashboard/messages`);
      await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-inbox-my.png`, fullPage: true });
      await page.goto(`${site.url}/dashboard/messages/${conversationId}`);
      await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-conversation-my.png`, fullPage: true });
    }
    await context.close();
  });
});
