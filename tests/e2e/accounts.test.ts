import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { visitors } from "../../src/features/leads/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { samplePng } from "../support/biodata";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newPage, siteInBrowser } from "../support/e2e";
import { uniqueEmail } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";

describe.skipIf(browserMissing)("a supplier's account in a browser", () => {
  const running = siteInBrowser({ seed: false });

  const menu = (page: Page) => page.getByRole("navigation", { name: "Main" });

  async function logIn(page: Page, email: string, password = TEST_PASSWORD) {
    await page.goto(`${running.site.url}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Log in" }).click();
  }

  it("signs up (after a mismatched confirmation), lands logged in, sees their name in the menu, and logs out for good", async () => {
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the mismatched confirmation is refused with 400");
    const email = uniqueEmail("browser");
    await page.goto(`${running.site.url}/register`);
    expect(await page.getByRole("heading", { level: 1, name: "Sign up" }).count()).toBe(1);
    await page.getByLabel("Full name").fill("Rosa Dela Cruz");
    await page.getByLabel("Company name").fill("Dela Cruz Overseas");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill("not the same password");
    await page.getByRole("button", { name: "Sign up" }).click();

    const confirm = page.getByLabel("Confirm password");
    await expect.poll(() => confirm.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await confirm.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("The two passwords do not match");

    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await confirm.fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/dashboard$/);

    const [account] = await running.site.db.select().from(user).where(eq(user.email, email));
    await page.locator("summary.menu-button").click();
    const profileLink = menu(page).getByRole("link", { name: "Rosa Dela Cruz" });
    expect(await profileLink.getAttribute("href")).toBe(`/profile/${account!.id}`);
    const sessionCookie = (await context.cookies()).find((cookie) => cookie.name.endsWith("better-auth.session_token"));
    expect(sessionCookie).toBeDefined();

    await menu(page).getByRole("link", { name: "Log out" }).click();
    await page.waitForURL(/\/login\?signed-out=1$/);
    await page.locator("summary.menu-button").click();
    await expect.poll(() => menu(page).getByRole("link", { name: "Log in" }).count()).toBe(1);
    expect(await menu(page).getByRole("link", { name: "Rosa Dela Cruz" }).count()).toBe(0);

    const oldSession = await running.site.app.inject({
      url: "/api/auth/get-session",
      headers: { cookie: `${sessionCookie!.name}=${sessionCookie!.value}` },
    });
    expect(oldSession.json()).toBeNull();
    const protectedPage = await running.site.app.inject({
      url: `/profile/${account!.id}`,
      headers: { cookie: `${sessionCookie!.name}=${sessionCookie!.value}` },
    });
    expect(protectedPage.statusCode).toBe(302);
    await context.close();
  });

  it("shows a wrong password in one line above the form, then goes back where the supplier was sent from", async () => {
    const supplier = await signUp(running.site, { name: "Linh Nguyen" });
    const { page, context } = await newPage(running.browser);
    expectFailedResponses(context, [401], "the wrong password is refused with 401");
    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    await page.waitForURL(/\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(supplier.email);
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Log in" }).click();
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toBe("Wrong email or password.");
    expect(await alert.count()).toBe(1);

    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/profile/${supplier.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Linh Nguyen");
    await context.close();
  });

  it("changes the password on the profile page and stays logged in on this device", async () => {
    const supplier = await signUp(running.site, { name: "Password Changer" });
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await logIn(page, supplier.email);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password", { exact: true }).fill(TEST_PASSWORD);
    await form.getByLabel("New password", { exact: true }).fill("a fresh long password");
    await form.getByLabel("Confirm new password").fill("a fresh long password");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("Your password is changed.");
    await page.reload();
    expect(page.url()).toBe(`${running.site.url}/profile/${supplier.id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Password Changer");
    await context.close();
  });

  it("uploads an avatar on the profile page and shows it", async () => {
    const supplier = await signUp(running.site, { name: "Avatar Owner" });
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await logIn(page, supplier.email);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${running.site.url}/profile/${supplier.id}`);
    await page.getByLabel("Add a picture").setInputFiles({
      name: "me.png",
      mimeType: "image/png",
      buffer: await samplePng(300, 300),
    });
    await expect.poll(() => page.getByText("Picture saved.").count()).toBe(1);
    const image = page.getByRole("img", { name: "Picture of Avatar Owner" });
    expect(await image.getAttribute("src")).toMatch(/^\/media\/avatars\/[\w-]+-thumb\.webp$/);
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [row] = await running.site.db.select().from(user).where(eq(user.id, supplier.id));
    expect(row?.image).toMatch(/^avatars\//);
    await context.close();
  });

  it("gives operators the leads with a CSV export and the outbox in their menu", async () => {
    const operator = await signUp(running.site, { name: "Olivia Operator", role: "operator" });
    const phone = uniqueSgMobile();
    await running.site.db.insert(visitors).values({ name: "Browser Lead", phone: phone.e164 });
    const { page, context } = await newPage(running.browser);
    await logIn(page, operator.email);
    await page.waitForURL(/\/dashboard$/);
    await menu(page).getByText("Operator", { exact: true }).click();
    await menu(page).getByRole("link", { name: "Leads" }).click();
    await page.waitForURL(/\/admin\/leads$/);
    await page.getByLabel("Search by name or phone").fill("Browser Lead");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=Browser/);
    const row = page.getByRole("row", { name: /Browser Lead/ });
    expect(await row.getByRole("link").getAttribute("href")).toBe(`https://wa.me/${phone.e164.slice(1)}`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);

    await menu(page).getByText("Operator", { exact: true }).click();
    await menu(page).getByRole("link", { name: "Outbox" }).click();
    await page.waitForURL(/\/admin\/outbox$/);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Outbox" }).count()).toBe(1);
    await context.close();
  });
});
