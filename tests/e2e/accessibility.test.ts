import AxeBuilder from "@axe-core/playwright";
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, launchBrowser, newPage, startSite, type Site } from "../support/e2e";
import { returningVisitorCookie } from "../support/visitor";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      where: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
}

describe.skipIf(browserMissing)("every public page can be used with assistive technology", () => {
  let site: Site;
  let browser: Browser;
  let helperId: string;
  let supplierId: string;
  let shortlistIds: string;
  beforeAll(async () => {
    site = await startSite();
    browser = await launchBrowser();
    const [helper] = await site.db
      .select({ id: helpers.id, supplierId: helpers.supplierId })
      .from(helpers)
      .where(and(eq(helpers.status, "available")))
      .limit(1);
    helperId = helper!.id;
    supplierId = helper!.supplierId;
    const three = await site.db.select({ id: helpers.id }).from(helpers).where(eq(helpers.status, "available")).limit(3);
    shortlistIds = three.map((row) => row.id).join(",");
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const pages: [string, () => string][] = [
    ["the home page", () => "/"],
    ["the listing", () => "/posts"],
    ["a biodata", () => `/posts/${helperId}`],
    ["the gate of the filters", () => "/filters"],
    ["the suppliers", () => "/authors"],
    ["the privacy policy", () => "/privacy-policy"],
    ["a supplier's helpers", () => `/posts/users/${supplierId}`],
    ["a nationality's helpers", () => "/posts/categories/Filipines"],
    ["a listing with filter chips", () => "/posts?category=Philippines&neg=Infant,Child&sort=salary"],
    ["a shortlist", () => `/shortlist?ids=${shortlistIds}`],
    ["an empty shortlist", () => "/shortlist"],
    ["your data", () => "/privacy/my-data"],
  ];

  for (const [what, path] of pages) {
    it(`has no serious problem on ${what}, at phone and desktop widths`, async () => {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        const { page, context } = await newPage(browser, viewport);
        await page.goto(`${site.url}${path()}`);
        expect(await page.title()).not.toBe("");
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    });
  }

  it("has no serious problem on the filter form a returning visitor sees, nor with its messages", async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await context.addCookies([
      { name: "visitor", value: (await returningVisitorCookie(site, "Axe Visitor")).slice("visitor=".length), url: site.url },
    ]);
    await page.goto(`${site.url}/filters`);
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Age from").fill("50");
    await page.getByLabel("Age to").fill("20");
    await page.getByLabel(/Maximum salary/).fill("lots");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.getByText(/less than the “from” age/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("has no serious problem on the gate showing a wrong number", async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the wrong number is refused with 400");
    await page.goto(`${site.url}/filters`);
    await page.getByLabel("Name", { exact: true }).fill("Axe Visitor");
    await page.getByLabel("Phone Number", { exact: true }).fill("12");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(/too short/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("has no serious problem on the not-found page", async () => {
    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    expectFailedResponses(context, [404], "the not-found page is answered with 404");
    const response = await page.goto(`${site.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toContain("Page not found");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
