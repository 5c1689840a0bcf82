import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { browserMissing } from "../support/browser";
import { launchBrowser, newPage, startSite, type Site } from "../support/e2e";

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ rule: violation.id, where: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
}

describe.skipIf(browserMissing)("the account and operator screens work with assistive technology", () => {
  let site: Site;
  let browser: Browser;
  let supplier: SignedIn;
  let operator: SignedIn;
  beforeAll(async () => {
    site = await startSite({ seed: false });
    browser = await launchBrowser();
    supplier = await signUp(site, { name: "Axe Supplier" });
    operator = await signUp(site, { name: "Axe Operator", role: "operator" });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const screens: [string, () => SignedIn | null, () => string][] = [
    ["signup", () => null, () => "/register"],
    ["login", () => null, () => "/login?registered=1"],
    ["forgot password", () => null, () => "/forgot-password"],
    ["reset password", () => null, () => "/reset-password?token=some-token"],
    ["profile", () => supplier, () => `/profile/${supplier.id}`],
    ["leads", () => operator, () => "/admin/leads"],
    ["outbox", () => operator, () => "/admin/outbox"],
  ];

  for (const [what, who, path] of screens) {
    it(`has no serious problem on ${what}, at phone and desktop widths`, async () => {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        const { page, context } = await newPage(browser, viewport);
        const account = who();
        if (account) {
          await page.goto(`${site.url}/login`);
          await page.getByLabel("Email").fill(account.email);
          await page.getByLabel("Password").fill(TEST_PASSWORD);
          await page.getByRole("button", { name: "Log in" }).click();
          await page.waitForURL(/\/dashboard$/);
        }
        await page.goto(`${site.url}${path()}`);
        expect(await page.title()).not.toBe("");
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    });
  }
});
