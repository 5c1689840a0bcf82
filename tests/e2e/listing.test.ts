import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newContext, newPage, siteInBrowser } from "../support/e2e";

describe.skipIf(browserMissing)("browsing helpers in a browser", () => {
  const running = siteInBrowser();

  it("lists helpers as cards with their total, and a card opens the biodata", async () => {
    const { page, context } = await newPage(running.browser);
    await page.goto(`${running.site.url}/posts`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Available helpers" }).count()).toBe(1);
    const available = await running.site.db.$count(helpers, eq(helpers.status, "available"));
    await expect.poll(() => page.getByRole("status").textContent()).toContain(`${available} helpers`);
    const cards = page.getByRole("article");
    expect(await cards.count()).toBe(24);
    const first = cards.first();
    const name = (await first.getByRole("heading", { level: 2 }).textContent())!;
    await first.getByRole("link", { name: /^Details/ }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    await expect.poll(() => page.title()).toContain(name);
    await context.close();
  });

  it("on a phone, fetches the first photos before the page's scripts, and the page then answers taps", async () => {
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    const events: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/.+\.js$/.test(new URL(request.url()).pathname)) events.push("script asked");
    });
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname.startsWith("/media/helpers/")) events.push("photo received");
    });
    await page.goto(`${running.site.url}/posts`);
    expect(events.indexOf("photo received")).toBeGreaterThanOrEqual(0);
    expect(events.indexOf("script asked")).toBeGreaterThan(events.indexOf("photo received"));
    // Hydrated (the guard fails the test on any refused script): the shortlist toggle answers.
    const toggle = page
      .getByRole("article")
      .first()
      .getByRole("button", { name: /Shortlist/ });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    await context.close();
  });

  it("collapses the menu behind a button at 390 px that opens with no script, and a chosen link closes it", async () => {
    // Before the page's script has run, or without it: a tap opens the menu all the same.
    const bare = await newContext(running.browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const noScript = await bare.newPage();
    await noScript.goto(`${running.site.url}/posts`);
    expect(await noScript.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    await noScript.locator("summary.menu-button").click();
    expect(await noScript.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
    await bare.close();

    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await page.goto(`${running.site.url}/posts`);
    const menu = page.getByRole("navigation", { name: "Main" });
    const button = page.locator("summary.menu-button");
    expect(await button.isVisible()).toBe(true);
    expect(await menu.isVisible()).toBe(false);
    await button.click();
    expect(await menu.isVisible()).toBe(true);
    await menu.getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(/\/privacy-policy$/);
    expect(await menu.isVisible()).toBe(false);
    await context.close();
  });

  it("answers an unknown address with the not-found page and status 404", async () => {
    const { page, context } = await newPage(running.browser);
    expectFailedResponses(context, [404], "the unknown address is answered with 404");
    const response = await page.goto(`${running.site.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page not found" }).count()).toBe(1);
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.waitForURL(`${running.site.url}/`);
    await context.close();
  });
});
