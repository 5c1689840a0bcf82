/**
 * Issue 27, item 4, in a browser at 390 px: a family reading Chinese asks the suppliers of its
 * shortlist: each "Ask" link opens WhatsApp with
 * one message to that supplier, in the supplier's language (Burmese here), the family's Chinese
 * below, after the page has hydrated as before it.
 */
import { describe, expect, it } from "vitest";
import { chooseLanguage, signUp } from "../support/auth";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";
import { user } from "../../src/features/accounts/server/tables";
import { eq } from "drizzle-orm";

describe.skipIf(browserMissing)("a Chinese family asks its shortlist's suppliers, each in its language", () => {
  const running = siteInBrowser({ seed: false });

  it("opens WhatsApp with a Burmese message to the Burmese supplier and the family's Chinese below", async () => {
    const site = running.site;
    const supplier = await signUp(site, { name: "Shwe Pyi" });
    expect((await chooseLanguage(site, supplier, "my")).statusCode).toBe(200);
    await site.db.update(user).set({ phone: "+6581110003" }).where(eq(user.id, supplier.id));
    const ids: string[] = [];
    for (const name of ["Thandar Aung", "Khin Mar"]) {
      ids.push((await createHelper(site, supplier.id, { name, nationality: "myanmar" })).id);
    }

    const { page } = await newPage(running.browser, { width: 390, height: 844 });
    await page.goto(`${site.url}/zh/shortlist?ids=${ids.join(",")}`);
    const ask = page.locator(".shortlist-ask a");
    await expect.poll(() => ask.count()).toBe(1);
    const text = new URL((await ask.getAttribute("href"))!).searchParams.get("text")!;
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^မင်္ဂလာပါ၊/);
    expect(lines).toContain("မိသားစု၏ မူရင်းစာ-");
    const below = lines.slice(lines.indexOf("မိသားစု၏ မူရင်းစာ-") + 1).join("\n");
    expect(below).toMatch(/[\u4e00-\u9fff]/);
    expect(below).toContain("Khin Mar");
    if (process.env.SCREENS_DIR) await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-shortlist-zh.png`, fullPage: true });
  });
});
