import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { uploadedPhotoKey } from "../support/biodata";
import { browserMissing } from "../support/browser";
import { newContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";

/** The page's confirmation region (the one every signed-in page has). */
const flash = (page: Page) => page.locator(".flash-message[role=status]");

describe.skipIf(browserMissing)("a confirmation after each of a supplier's actions", () => {
  const running = siteInBrowser({ seed: false });

  async function signedIn(supplier: SignedIn, options: { javaScriptEnabled?: boolean } = {}) {
    const context: BrowserContext = await newContext(running.browser, { viewport: { width: 390, height: 844 }, ...options });
    await context.addCookies(
      supplier.cookie.split("; ").map((pair) => {
        const [name, ...value] = pair.split("=");
        return { name: name!, value: value.join("="), url: running.site.url };
      }),
    );
    const page = await context.newPage();
    return { context, page };
  }

  async function supplierWithHelper(name: string, status: "available" | "draft") {
    const supplier = await signUp(running.site, { name: `${name} Agency` });
    const photo = await uploadedPhotoKey(running.site, supplier.cookie);
    const helper = await createHelper(running.site, supplier.id, { name, status, photo });
    return { supplier, helper };
  }

  it("says a saved biodata is saved, on its page, and only there", async () => {
    const { supplier, helper } = await supplierWithHelper("Saved Sari", "available");
    const { context, page } = await signedIn(supplier);
    await page.goto(`${running.site.url}/posts/${helper.id}/edit`);
    expect(await flash(page).count()).toBe(1);
    expect(await flash(page).textContent()).toBe("");
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${running.site.url}/posts/${helper.id}`);
    await expect.poll(() => flash(page).textContent()).toBe("Saved the biodata of Saved Sari.");
    // In sight, though the form it came from was scrolled far down to its Save button.
    await expect.poll(() => flash(page).evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await flash(page).getAttribute("aria-live")).toBe("polite");

    // Moving on leaves it behind; coming back to the page does not bring it again.
    await page.locator("summary.menu-button").click();
    await page.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your biodata");
    expect(await flash(page).textContent()).toBe("");
    await page.goto(`${running.site.url}/posts/${helper.id}`);
    expect(await flash(page).textContent()).toBe("");
    await context.close();
  });

  it("says a draft set to available is published", async () => {
    const { supplier, helper } = await supplierWithHelper("Draft Dewi", "draft");
    const { context, page } = await signedIn(supplier);
    await page.goto(`${running.site.url}/posts/${helper.id}/edit`);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Available" });
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(`${running.site.url}/posts/${helper.id}`);
    await expect.poll(() => flash(page).textContent()).toBe("Published the biodata of Draft Dewi: families can see it on the listing now.");
    await context.close();
  });

  it("says a deleted biodata is deleted, on the dashboard", async () => {
    const { supplier, helper } = await supplierWithHelper("Gone Gina", "available");
    const { context, page } = await signedIn(supplier);
    await page.goto(`${running.site.url}/posts/${helper.id}/delete`);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => flash(page).textContent()).toBe(`Deleted the biodata of Gone Gina (${helper.ref}).`);
    expect(await page.getByText("No biodata found").count()).toBe(1);
    await context.close();
  });

  it("says the profile is saved", async () => {
    const supplier = await signUp(running.site, { name: "Profile Agency" });
    const { context, page } = await signedIn(supplier);
    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    await page.getByLabel("Company name").fill("Profile Agency Pte Ltd");
    await page.getByRole("button", { name: "Update details" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Your details are saved." }).count()).toBe(1);
    await context.close();
  });

  it("works without JavaScript: the message comes with the page the form leads to, once", async () => {
    const { supplier, helper } = await supplierWithHelper("Plain Putri", "draft");
    const { context, page } = await signedIn(supplier, { javaScriptEnabled: false });
    await page.goto(`${running.site.url}/posts/${helper.id}/edit`);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Available" });
    // Without the script the button keeps the words the page was drawn with: the status decides.
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(`${running.site.url}/posts/${helper.id}`);
    expect(await flash(page).textContent()).toBe("Published the biodata of Plain Putri: families can see it on the listing now.");
    await page.reload();
    expect(await flash(page).textContent()).toBe("");

    // The dashboard's status form, posted as a page.
    await page.goto(`${running.site.url}/dashboard`);
    await page.getByLabel("Status of Plain Putri").selectOption({ label: "Reserved" });
    await page.getByRole("button", { name: "Change the status of Plain Putri" }).click();
    expect(await page.getByRole("status").filter({ hasText: "The biodata of Plain Putri is now reserved." }).count()).toBe(1);

    await page.goto(`${running.site.url}/posts/${helper.id}/delete`);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await flash(page).textContent()).toBe(`Deleted the biodata of Plain Putri (${helper.ref}).`);

    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    await page.getByLabel("Company name").fill("Plain Agency Pte Ltd");
    await page.getByRole("button", { name: "Update details" }).click();
    expect(await page.getByRole("status").filter({ hasText: "Your details are saved." }).count()).toBe(1);
    await context.close();
  });
});
