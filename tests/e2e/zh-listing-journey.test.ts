import { describe, expect, it } from "vitest";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { returningVisitorCookie } from "../support/visitor";

const PHONE = { width: 390, height: 844 };

/** A family reading Chinese on a phone: home, search, the listing, the filters, the results, then back to English. */
describe.skipIf(browserMissing)("the listing side in Chinese at 390 px", () => {
  const running = siteInBrowser();

  it("searches from /zh, narrows by several nationalities on /zh/filters, and switches to English on the same page", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const cookie = await returningVisitorCookie(running.site, "陈小姐");
    await context.addCookies([{ name: "visitor", value: cookie.slice("visitor=".length), url: running.site.url }]);

    await page.goto(`${running.site.url}/zh`);
    await page.getByRole("heading", { level: 1, name: "新加坡最多的直聘女佣" }).waitFor();
    const search = page.getByRole("searchbox", { name: "按姓名、编号或技能搜索" });
    expect(await search.getAttribute("placeholder")).toBe("姓名、编号或技能");
    // The placeholder fits the box on a phone.
    expect(await search.evaluate((box: HTMLInputElement) => box.scrollWidth <= box.clientWidth)).toBe(true);
    await search.fill("cooking");
    await page.getByRole("button", { name: "搜索" }).first().click();
    await page.waitForURL((url) => url.pathname === "/zh/posts" && url.searchParams.get("q") === "cooking");
    await page.getByRole("heading", { level: 1, name: "可雇用的女佣" }).waitFor();
    await expect.poll(() => page.getByRole("status").textContent()).toMatch(/位女佣|没有找到女佣/);

    await page.getByRole("link", { name: "修改条件" }).click();
    await page.waitForURL((url) => url.pathname === "/zh/filters");
    await page.getByRole("heading", { name: "您对女佣的要求" }).waitFor();
    const nationality = page.getByRole("group", { name: "国籍" });
    await nationality.getByLabel("菲律宾").check();
    await nationality.getByLabel("印尼").check();
    await page.getByRole("button", { name: "应用筛选" }).click();
    await page.waitForURL((url) => url.pathname === "/zh/posts" && url.searchParams.has("category"));
    expect(new URL(page.url()).searchParams.get("category")).toBe("indonesia,philippines");
    const chips = page.getByRole("list", { name: "已选条件" });
    await expect.poll(() => chips.getByRole("link").allTextContents()).toEqual(expect.arrayContaining(["印尼 ×", "菲律宾 ×"]));
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    const facts = await page.getByRole("article").locator(".helper-facts").allTextContents();
    for (const line of facts) expect(line).toMatch(/菲律宾|印尼/);
    await expect.poll(() => page.getByRole("article").first().textContent()).toMatch(/新元/);
    await page.screenshot({ path: "test-results/zh-listing-filtered-390.png", fullPage: true });

    // The language switch leads to the same listing, its choices kept, in English.
    await page.getByRole("navigation", { name: "语言" }).getByRole("link", { name: "English" }).click();
    await page.waitForURL((url) => url.pathname === "/posts" && url.searchParams.get("category") === "indonesia,philippines");
    await page.getByRole("heading", { level: 1, name: "Available helpers" }).waitFor();
    await expect
      .poll(() => page.getByRole("list", { name: "Active filters" }).getByRole("link").allTextContents())
      .toEqual(expect.arrayContaining(["Indonesia ×", "Philippines ×"]));
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await context.close();
  });

  it("finds helpers in the family's own words, and every link of a Chinese page stays Chinese with the filters (decisions 130, 131)", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const cookie = await returningVisitorCookie(running.site, "陈小姐");
    await context.addCookies([{ name: "visitor", value: cookie.slice("visitor=".length), url: running.site.url }]);
    /** The links the page holds to family pages that leave Chinese, the language switch apart. */
    const englishLinks = () =>
      page.$$eval("a[href]:not([hreflang])", (links) =>
        links
          .map((link) => new URL((link as HTMLAnchorElement).href))
          .filter(
            (url) => url.origin === location.origin && /^\/(posts|filters|shortlist|messages|authors|privacy)?(\/|$)/.test(url.pathname),
          )
          .filter((url) => !/\/(edit|delete|biodata\.pdf)$/.test(url.pathname))
          .map((url) => url.pathname + url.search),
      );

    await page.goto(`${running.site.url}/zh/posts?q=${encodeURIComponent("缅甸 失智")}`);
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    const facts = await page.getByRole("article").locator(".helper-facts").allTextContents();
    for (const line of facts) expect(line).toMatch(/缅甸/);
    expect(await englishLinks()).toEqual([]);
    // The header's link names the list, not the act of adding to it.
    await expect.poll(() => page.locator(".shortlist-link").first().textContent()).toMatch(/候选名单/);

    await page.getByRole("article").first().getByRole("link").first().click();
    await page.waitForURL((url) => /^\/zh\/posts\/[0-9a-f-]+$/.test(url.pathname));
    const back = page.getByRole("link", { name: "‹ 返回搜索结果" });
    await expect.poll(() => back.getAttribute("href")).toBe(`/zh/posts?q=${encodeURIComponent("缅甸 失智").replace(/%20/g, "+")}`);
    expect(await englishLinks()).toEqual([]);
    await page.screenshot({ path: "test-results/zh-biodata-back-390.png", fullPage: false });
    await back.click();
    await page.waitForURL((url) => url.pathname === "/zh/posts" && url.searchParams.get("q") === "缅甸 失智");
    await context.close();
  });
});
