import { count, eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitors } from "../../src/features/leads/server/tables";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, launchBrowser, newPage, startSite, type Site } from "../support/e2e";

describe.skipIf(browserMissing)("the gate of the filters under a flood of submissions", () => {
  let site: Site;
  let browser: Browser;
  beforeAll(async () => {
    // A site of its own: the flood uses up this address's allowance.
    site = await startSite({ seed: false });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it("refuses more leads from one address than the API allows, and says so on the form", async () => {
    const { limits } = site.app.services.leads.limiter;
    for (let i = 0; i < limits.max; i++) {
      const response = await fetch(`${site.url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: `Flood ${i}`, phone: `+659100${String(1000 + i)}` }),
      });
      expect(response.status).toBe(201);
    }

    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    expectFailedResponses(context, [429], "the lead over the limit is refused with 429");
    await page.goto(`${site.url}/filters`);
    await page.getByLabel("Name", { exact: true }).fill("One Too Many");
    await page.getByLabel("Phone Number", { exact: true }).fill("9188 7766");
    await page.getByRole("button", { name: "Submit" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toMatch(/^Too many submissions from your address\. Please try again in \d+ seconds?\.$/);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("One Too Many");
    expect(await page.getByRole("heading", { name: "Your criteria for helper" }).count()).toBe(0);
    const [stored] = await site.db.select({ n: count() }).from(visitors).where(eq(visitors.phone, "+6591887766"));
    expect(stored!.n).toBe(0);
    await context.close();
  });
});
