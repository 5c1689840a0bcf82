import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newPage, siteInBrowser } from "../support/e2e";
import { uniqueEmail } from "../support/factories";

describe.skipIf(browserMissing)("account safety messages in a browser", () => {
  const running = siteInBrowser({ seed: false });

  async function logIn(page: Page, email: string) {
    await page.goto(`${running.site.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(/\/dashboard$/);
  }

  it("tells a supplier on the profile form to wait after five wrong current passwords", async () => {
    const supplier = await signUp(running.site, { name: "Careful Agency" });
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400, 429], "wrong current passwords are refused with 400, then the limit with 429");
    await logIn(page, supplier.email);
    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    const form = page.getByRole("region", { name: "Change password" });
    for (let i = 0; i < 6; i++) {
      await form.getByLabel("Current password", { exact: true }).fill(`wrong guess ${i}`);
      await form.getByLabel("New password", { exact: true }).fill("a fresh long password");
      await form.getByLabel("Confirm new password").fill("a fresh long password");
      await form.getByRole("button", { name: "Change password" }).click();
      await page.waitForLoadState("networkidle");
    }
    await expect
      .poll(() => form.getByRole("alert").first().textContent())
      .toBe("Too many tries of the current password. For your safety, wait 15 minutes and try again.");
    await context.close();
  });

  it("refuses a common password at sign-up with a message at the password field", async () => {
    const { page, context } = await newPage(running.browser, { width: 1366, height: 900 });
    expectFailedResponses(context, [400], "the common password is refused with 400");
    await page.goto(`${running.site.url}/register`);
    await page.getByLabel("Full name").fill("Common Choice");
    await page.getByLabel("Company name").fill("Common Choice Agency");
    await page.getByLabel("Email").fill(uniqueEmail("common"));
    await page.getByLabel("Password", { exact: true }).fill("Password123");
    await page.getByLabel("Confirm password").fill("Password123");
    await page.getByRole("button", { name: "Sign up" }).click();

    const password = page.getByLabel("Password", { exact: true });
    await expect.poll(() => password.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await password.getAttribute("aria-describedby"))!.split(" ");
    const described = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(described.join(" ")).toContain("This password is one of the most common and easily guessed.");
    await context.close();
  });
});
