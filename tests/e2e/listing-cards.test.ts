import { describe, expect, it } from "vitest";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { createHelper, createSupplier } from "../support/factories";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

describe.skipIf(browserMissing)("a family scanning the listing", () => {
  const running = siteInBrowser();

  it("sees a page of 24 short cards on a phone in under 6,000 px, each with the facts to choose from", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts`);
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(24);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6000);
    const first = cards.first();
    const name = (await first.getByRole("heading", { level: 2 }).textContent())!;
    const text = (await first.textContent())!;
    expect(text).toMatch(/Age \d+ · (Philippines|Indonesia|Myanmar|India) · /);
    expect(text).toMatch(/\$[\d,]+ a month · (No days off|1 day off|\d days off)/);
    expect(text).toMatch(/updated .+ ago/);
    expect(await first.getByRole("list", { name: "Care" }).getByRole("listitem").count()).toBeLessThanOrEqual(3);
    expect(await first.getByRole("link", { name: `Details about ${name}` }).count()).toBe(1);
    expect(await first.getByRole("link", { name: `WhatsApp about ${name}` }).count()).toBe(1);
    expect(await first.getByRole("button", { name: new RegExp(`^Shortlist.*${name}`) }).getAttribute("aria-pressed")).toBe("false");
    await context.close();
  });

  it("sees three or four cards a row on a laptop", async () => {
    const { page, context } = await newPage(running.browser, LAPTOP);
    await page.goto(`${running.site.url}/posts`);
    const tops = await page.getByRole("article").evaluateAll((cards) => cards.slice(0, 6).map((card) => card.getBoundingClientRect().top));
    const firstRow = tops.filter((top) => top === tops[0]).length;
    expect(firstRow).toBeGreaterThanOrEqual(3);
    expect(firstRow).toBeLessThanOrEqual(4);
    await context.close();
  });

  it("shows a helper without a photo with her initials on a tinted panel", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Initials Agency" });
    await createHelper(running.site, supplier.id, { name: "Siti Nurhaliza Aminah", photo: null });
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?q=Siti%20Nurhaliza`);
    // The card's photo link is hidden from screen readers (the name and Details say the same).
    const placeholder = page.getByRole("img", { name: "No photo of Siti Nurhaliza Aminah yet", includeHidden: true });
    expect(await placeholder.textContent()).toBe("SA");
    const style = await placeholder.evaluate((element) => getComputedStyle(element));
    expect(style.backgroundColor).not.toBe("rgba(0, 0, 0, 0)");
    expect(style.textDecorationLine).toBe("none");
    await context.close();
  });

  it("is sent from a page past the last to the last page, and reads plain notes without parameter names", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const direct = await running.site.app.inject({ url: "/posts?sort=salary&page=99" });
    expect(direct.statusCode).toBe(302);
    // The page is rendered for its address as the page cache keys it: parameters in name order.
    expect(direct.headers.location).toBe("/posts?page=3&sort=salary");

    await page.goto(`${running.site.url}/posts?page=99`);
    expect(new URL(page.url()).searchParams.get("page")).toBe("3");
    expect(await page.getByRole("status").first().textContent()).toMatch(/showing 49–6\d/);

    await page.goto(`${running.site.url}/posts?ageMin=70&sgExp=Pilot`);
    const notes = (await page.getByRole("list", { name: "About this search" }).textContent())!;
    expect(notes).toContain("We ignored the age range: ages run from 18 to 60");
    expect(notes).toContain("No helper matches the experience “Pilot”");
    expect(notes).not.toMatch(/ageMin|sgExp/);
    await context.close();
  });
});
