import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { browserMissing } from "../support/browser";
import { newContext, newPage, siteInBrowser } from "../support/e2e";
import { createHelper, uniqueEmail, uniqueLicence } from "../support/factories";

const PHONE = { width: 390, height: 844 };
/** Where the screens are kept for a person to look at, when asked (SCREENSHOTS=folder). */
const shots = process.env.SCREENSHOTS;

async function seriousAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).analyze();
  return axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

describe.skipIf(browserMissing)("a new agency's licence, from sign-up to an operator's check", () => {
  const running = siteInBrowser({ seed: false });

  it("signs up with the company and licence on a phone, lands logged in, and families see the licence once an operator checked it", async () => {
    const site = running.site;
    const licence = uniqueLicence();
    const email = uniqueEmail("licence");
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${site.url}/register`);
    await expect.poll(() => page.title()).toBe("Sign up — Direct Helpers");
    await page.getByLabel("Full name").fill("Siti Rahman");
    await page.getByLabel("Company name").fill("Straits Home Helpers");
    await page.getByLabel("EA licence number (optional)").fill(`${licence.slice(0, 3).toLowerCase()} ${licence.slice(3)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/sign-up-390.png`, fullPage: true });
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${site.url}/dashboard`);
    await page.locator("summary.menu-button").click();
    await expect.poll(() => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Siti Rahman" }).count()).toBe(1);
    const [account] = await site.db.select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ companyName: "Straits Home Helpers", eaLicenceNumber: licence, licenceCheckedAt: null });
    const helper = await createHelper(site, account!.id, { name: "Nur Aisyah" });

    // A family sees no number yet, and where to look it up.
    await page.goto(`${site.url}/posts/users/${account!.id}`);
    const unchecked = page.locator(".supplier-listing-licence");
    await expect.poll(() => unchecked.textContent()).toContain("Licence not yet checked");
    expect(await unchecked.textContent()).not.toContain(licence);
    expect(await unchecked.getByRole("link", { name: "MOM's directory of employment agencies" }).getAttribute("href")).toBe(
      "https://service2.mom.gov.sg/eadirectory/",
    );
    await context.close();

    for (const viewport of [PHONE, { width: 1366, height: 900 }]) {
      const operator = await signUp(site, { name: `Omar Operator ${viewport.width}`, role: "operator" });
      const desk = await newContext(running.browser, { viewport });
      await desk.addCookies(
        operator.cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name!, value: value.join("="), url: site.url };
        }),
      );
      const screen = await desk.newPage();
      await screen.goto(`${site.url}/dashboard`);
      if (viewport.width < 800) await screen.locator("summary.menu-button").click();
      await screen.locator(".menu-group summary").click();
      await screen.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Suppliers", exact: true }).click();
      await screen.waitForURL(/\/admin\/suppliers$/);
      await screen.getByRole("searchbox", { name: "Search by name, email or licence" }).fill(licence);
      await screen.getByRole("button", { name: "Search" }).click();
      await screen.waitForURL(/q=/);
      const row = screen.getByRole("row").filter({ hasText: "Straits Home Helpers" });
      if (viewport.width > 800) {
        // Taken back first, so the screen at this width starts from a licence waiting for its check.
        const checked = row.getByRole("button", { name: "Take back the check" });
        if (await checked.count()) {
          await checked.click();
          // It asks first, in the page.
          await screen.getByRole("button", { name: "Yes, take back the check" }).click();
          await expect.poll(() => row.getByRole("button", { name: "Mark licence checked" }).count()).toBe(1);
        }
      }
      expect(await seriousAxeViolations(screen)).toEqual([]);
      if (shots) await screen.screenshot({ path: `${shots}/admin-suppliers-${viewport.width}.png`, fullPage: true });
      await row.getByRole("button", { name: "Mark licence checked" }).click();
      // The note is required: the browser asks for it before anything is sent.
      expect(await row.getByLabel(`How you checked ${licence}`).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
        true,
      );
      await row.getByLabel(`How you checked ${licence}`).fill("Checked MOM EA directory, 25 Nov");
      await row.getByRole("button", { name: "Mark licence checked" }).click();
      await expect.poll(() => screen.getByRole("status").filter({ hasText: "is marked checked" }).count()).toBe(1);
      await expect.poll(() => row.textContent()).toContain(`by Omar Operator ${viewport.width}: Checked MOM EA directory, 25 Nov`);
      if (shots) await screen.screenshot({ path: `${shots}/admin-suppliers-checked-${viewport.width}.png`, fullPage: true });
      await desk.close();
    }

    const family = await newPage(running.browser, PHONE);
    await family.page.goto(`${site.url}/posts/users/${account!.id}`);
    const checked = family.page.locator(".supplier-listing-licence");
    await expect.poll(() => checked.textContent()).toContain(`EA licence ${licence}`);
    expect(await checked.textContent()).toMatch(/Licence checked by Direct Helpers on \d+ \w{3} \d{4}/);
    if (shots) await family.page.screenshot({ path: `${shots}/supplier-listing-390.png` });
    await family.page.goto(`${site.url}/authors`);
    if (shots) await family.page.screenshot({ path: `${shots}/authors-390.png`, fullPage: true });
    await family.context.close();
    const wide = await newPage(running.browser, { width: 1366, height: 900 });
    await wide.page.goto(`${site.url}/posts/${helper.id}`);
    const block = wide.page.getByRole("region", { name: "Straits Home Helpers" });
    await expect.poll(() => block.textContent()).toContain(`EA licence ${licence}`);
    if (shots) await block.screenshot({ path: `${shots}/supplier-block-1366.png` });
    await wide.context.close();
  });
});
