/**
 * Issue 27: the Chinese family's journey at 390 px with the dialects in (decision 134). A family
 * reading Chinese looks for a Myanmar helper for a grandmother with dementia who speaks Cantonese
 * or Hokkien: it searches /zh/posts in its own words, narrows by the languages on /zh/filters,
 * reads a biodata, puts her on the shortlist and asks her agency. Each screen is kept in the
 * folder SCREENSHOTS names, when it names one (docs/screens), for a person to look at.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { returningVisitorCookie } from "../support/visitor";

const PHONE = { width: 390, height: 844 };
const shots = process.env.SCREENSHOTS;

async function keep(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `${shots ?? "test-results"}/phone-zh-${name}.png`, fullPage });
}

describe.skipIf(browserMissing)("the Chinese family's journey with the dialects, at 390 px", () => {
  const running = siteInBrowser();

  it("finds a Myanmar carer for dementia who speaks Cantonese, narrows to Cantonese or Hokkien, and reads each level", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const cookie = await returningVisitorCookie(running.site, "陈小姐");
    await context.addCookies([{ name: "visitor", value: cookie.slice("visitor=".length), url: running.site.url }]);
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);

    // The search in the family's words: 缅甸 (Myanmar), 失智 (dementia), 粤语 (Cantonese).
    await page.goto(`${running.site.url}/zh`);
    const search = page.getByRole("searchbox", { name: "按姓名、编号或技能搜索" });
    await search.fill("缅甸 失智 粤语");
    await page.getByRole("button", { name: "搜索" }).first().click();
    await page.waitForURL((url) => url.pathname === "/zh/posts" && url.searchParams.get("q") === "缅甸 失智 粤语");
    // The address changes before the results replace the home page's cards: wait for the results.
    const facts = page.getByRole("article").locator(".helper-facts");
    await expect
      .poll(async () => {
        const lines = await facts.allTextContents();
        return lines.length > 0 && lines.every((line) => /缅甸/.test(line));
      })
      .toBe(true);
    // The dialect the search names is on her card, with her level.
    for (const line of await page.getByRole("article").locator(".helper-languages").allTextContents()) expect(line).toMatch(/^会说粤语/);
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await keep(page, "search");

    // The filters: Myanmar, and Cantonese or Hokkien among the languages she speaks.
    await page.getByRole("link", { name: "修改条件" }).click();
    await page.waitForURL((url) => url.pathname === "/zh/filters");
    await page.getByRole("heading", { name: "您对女佣的要求" }).waitFor();
    const languages = page.getByRole("group", { name: "其他语言（华语、方言）" });
    for (const name of ["华语", "粤语", "福建话", "潮州话", "客家话", "海南话"])
      expect(await languages.getByLabel(name, { exact: true }).count(), name).toBe(1);
    await page.getByRole("group", { name: "国籍" }).getByLabel("缅甸").check();
    await languages.getByLabel("粤语", { exact: true }).check();
    await languages.getByLabel("福建话", { exact: true }).check();
    await languages.scrollIntoViewIfNeeded();
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await keep(page, "filters");
    await page.getByRole("button", { name: "应用筛选" }).click();
    await page.waitForURL((url) => url.pathname === "/zh/posts" && url.searchParams.get("language2") === "cantonese,hokkien");
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    // Every card names the dialect the family asked for that she speaks, with her level when stated.
    const spoken = await page.getByRole("article").locator(".helper-languages").allTextContents();
    expect(spoken.length).toBe(await page.getByRole("article").count());
    for (const line of spoken) expect(line).toMatch(/^会说(粤语|福建话)/);
    expect(spoken.some((line) => /（(基础|尚可|良好|流利)）/.test(line))).toBe(true);
    const chips = page.getByRole("list", { name: "已选条件" });
    await expect.poll(() => chips.getByRole("link").allTextContents()).toEqual(expect.arrayContaining(["粤语 ×", "福建话 ×"]));
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await keep(page, "listing-dialects");

    // A biodata: her languages, each with her level.
    const card = page
      .getByRole("article")
      .filter({ hasText: /会说粤语（/ })
      .first();
    const name = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name: /详情/ }).click();
    await page.waitForURL((url) => /^\/zh\/posts\/[0-9a-f-]+$/.test(url.pathname));
    await page.getByRole("heading", { level: 1, name }).waitFor();
    const row = page.locator(".facts > div").filter({ hasText: "其他语言" }).first();
    await expect.poll(() => row.textContent()).toMatch(/粤语（(基础|尚可|良好|流利)）/);
    await row.scrollIntoViewIfNeeded();
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await keep(page, "biodata");

    // The shortlist, its compare table giving her languages, and the ask to her agency.
    const toggle = page.getByRole("button", { name: new RegExp(`加入候选.*${name}`) });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /候选名单/ })
      .click();
    await page.waitForURL(/\/zh\/shortlist\?ids=/);
    await page.getByRole("heading", { level: 1, name: "您的候选名单" }).waitFor();
    const languagesRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "其他语言" }) });
    await expect.poll(() => languagesRow.textContent()).toMatch(/粤语（/);
    expect(await wide()).toBeLessThanOrEqual(PHONE.width);
    await keep(page, "shortlist", true);
    const ask = page.getByRole("group", { name: "咨询这些女佣" }).getByRole("link").first();
    const text = new URL((await ask.getAttribute("href"))!).searchParams.get("text")!;
    expect(text).toContain(name);
    await ask.scrollIntoViewIfNeeded();
    await keep(page, "ask");
    await context.close();
  });
});
