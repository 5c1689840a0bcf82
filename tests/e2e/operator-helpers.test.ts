import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { browserMissing } from "../support/browser";
import { newContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";

describe.skipIf(browserMissing)("an operator finding any biodata", () => {
  const running = siteInBrowser({ seed: false });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    it(`finds a supplier's draft from the menu, filters, and opens it to edit (${viewport.width} px)`, async () => {
      const site = running.site;
      const operator = await signUp(site, { name: "Opal Operator", role: "operator" });
      const supplier = await signUp(site, { name: "Filter Agency" });
      const other = await signUp(site, { name: "Other Agency" });
      const draft = await createHelper(site, supplier.id, { name: `Hidden Hana ${viewport.width}`, status: "draft" });
      await createHelper(site, supplier.id, { name: `Listed Lina ${viewport.width}`, status: "available" });
      await createHelper(site, other.id, { name: `Other Olive ${viewport.width}`, status: "draft" });

      const context = await newContext(running.browser, { viewport });
      await context.addCookies(
        operator.cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name!, value: value.join("="), url: site.url };
        }),
      );
      const page = await context.newPage();
      await page.goto(`${site.url}/dashboard`);
      if (viewport.width < 800) await page.locator("summary.menu-button").click();
      await page.locator(".menu-group summary").click();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All biodata" }).click();
      await page.waitForURL(/\/admin\/helpers$/);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("All biodata");

      await page.getByRole("searchbox", { name: "Search by name or reference" }).fill(String(viewport.width));
      await page.getByLabel("Status").selectOption({ label: "Draft" });
      await page.getByLabel("Supplier").selectOption(supplier.id);
      await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL(/status=draft/);
      const rows = page.getByRole("table").getByRole("row");
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.nth(1).getByRole("rowheader").textContent()).toBe(draft.name);
      expect(await page.getByRole("status").filter({ hasText: "biodata" }).textContent()).toBe("1 biodata matches these filters");

      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

      await page.getByRole("link", { name: `Edit ${draft.name}` }).click();
      await page.waitForURL(`${site.url}/posts/${draft.id}/edit`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain(`Edit ${draft.name}`);
      await page.goBack();
      await page.getByRole("link", { name: `View ${draft.name}` }).click();
      await page.waitForURL(`${site.url}/posts/${draft.id}`);
      await context.close();
    });
  }
});
