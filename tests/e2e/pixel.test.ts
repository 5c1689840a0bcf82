import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

const PIXEL_ID = "123456789012";
const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

/**
 * Served in place of the pixel's script: it keeps every call (those queued before it loaded
 * and those after) on window, where the test reads them. Nothing leaves the machine.
 */
const RECORDER = `(function () {
  var fbq = window.fbq;
  var calls = (window.__pixelCalls = []);
  function record() { calls.push(JSON.parse(JSON.stringify(Array.prototype.slice.call(arguments)))); }
  (fbq.queue || []).forEach(function (args) { record.apply(null, args); });
  fbq.queue = [];
  fbq.callMethod = record;
})();`;

type PixelCall = [string, string, Record<string, unknown>?];

async function recordPixel(context: BrowserContext, siteUrl: string): Promise<void> {
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url === PIXEL_SCRIPT) return route.fulfill({ contentType: "application/javascript", body: RECORDER });
    if (url.startsWith(siteUrl)) return route.continue();
    return route.abort();
  });
}

async function pixelCalls(page: Page): Promise<PixelCall[]> {
  await page.waitForFunction(() => Array.isArray((window as { __pixelCalls?: unknown[] }).__pixelCalls));
  return page.evaluate(() => (window as unknown as { __pixelCalls: PixelCall[] }).__pixelCalls);
}

const events = (calls: PixelCall[], name: string) => calls.filter(([command, event]) => command === "track" && event === name);

/**
 * Leaves the page by a link and waits for the next page's PageView. React runs a page's pending
 * effects before it renders the next one, so every call the page left made is recorded by then.
 */
async function leaveByLink(page: Page): Promise<void> {
  const before = events(await pixelCalls(page), "PageView").length;
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overseas Suppliers" }).click();
  await page.waitForURL(/\/authors$/);
  await expect.poll(async () => events(await pixelCalls(page), "PageView").length).toBe(before + 1);
}

function uniqueMobile(): string {
  // 91xx xxxx: a range in use, so every number drawn is one that can exist.
  return `91${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
}

describe.skipIf(browserMissing)("the advertising pixel, when the site has one", () => {
  const running = siteInBrowser({ env: { META_PIXEL_ID: PIXEL_ID } });

  it("counts each helper added to the shortlist by reference, and nothing for a removal", async () => {
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await recordPixel(context, running.site.url);
    await page.goto(`${running.site.url}/posts`);
    const cards = page.getByRole("article");
    /** The card's helper as the pixel should name her: reference from the database, by the card's link. */
    const helperOf = async (n: number) => {
      const href = (await cards
        .nth(n)
        .getByRole("link", { name: /^Details/ })
        .getAttribute("href"))!;
      const [row] = await running.site.db
        .select()
        .from(helpers)
        .where(eq(helpers.id, href.split("/").pop()!));
      return { name: row!.name, ref: row!.ref, toggle: cards.nth(n).getByRole("button", { name: /^Shortlist/ }) };
    };
    const wished = (helper: { name: string; ref: string }) => [
      "track",
      "AddToWishlist",
      { content_ids: [helper.ref], content_name: helper.name, content_type: "maid_profile" },
    ];
    const [first, second, third] = [await helperOf(0), await helperOf(1), await helperOf(2)];
    await first.toggle.click();
    await expect.poll(() => first.toggle.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => events(await pixelCalls(page), "AddToWishlist")).toEqual([wished(first)]);
    // Taking her off again is no wish: the next helper added is the second event, not the third.
    await first.toggle.click();
    await expect.poll(() => first.toggle.getAttribute("aria-pressed")).toBe("false");
    await second.toggle.click();
    await third.toggle.click();
    await expect.poll(async () => events(await pixelCalls(page), "AddToWishlist")).toEqual([wished(first), wished(second), wished(third)]);
    await context.close();
  });

  it("counts the first page and every page reached by a link", async () => {
    const { page, context } = await newPage(running.browser);
    await recordPixel(context, running.site.url);
    await page.goto(`${running.site.url}/`);
    await expect.poll(async () => events(await pixelCalls(page), "PageView").length).toBe(1);
    expect((await pixelCalls(page))[0]).toEqual(["init", PIXEL_ID]);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overseas Suppliers" }).click();
    await page.waitForURL(/\/authors$/);
    await expect.poll(async () => events(await pixelCalls(page), "PageView").length).toBe(2);
    await page.getByRole("link", { name: /Golden Bridge/ }).click();
    await page.waitForURL(/\/posts\/users\//);
    await expect.poll(async () => events(await pixelCalls(page), "PageView").length).toBe(3);
    await context.close();
  });

  it("counts a biodata opened from a card once, and one reached directly once", async () => {
    const { page, context } = await newPage(running.browser);
    await recordPixel(context, running.site.url);
    await page.goto(`${running.site.url}/posts?category=india`);
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading", { level: 2 }).textContent())!;
    await card.getByRole("link", { name: /^Details/ }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
    const viewed = { content_name: name, content_category: "India", content_type: "maid_profile" };
    await expect.poll(async () => events(await pixelCalls(page), "ViewContent")).toEqual([["track", "ViewContent", viewed]]);
    // The biodata page has shown and been left: still one.
    const biodata = page.url();
    await leaveByLink(page);
    expect(events(await pixelCalls(page), "ViewContent")).toHaveLength(1);

    await page.goto(biodata);
    await expect.poll(async () => events(await pixelCalls(page), "ViewContent")).toEqual([["track", "ViewContent", viewed]]);
    await leaveByLink(page);
    expect(events(await pixelCalls(page), "ViewContent")).toHaveLength(1);
    await context.close();
  });

  it("counts a lead when the gate of the filters is passed, once", async () => {
    const { page, context } = await newPage(running.browser);
    await recordPixel(context, running.site.url);
    await page.goto(`${running.site.url}/filters`);
    await page.getByLabel("Name", { exact: true }).fill("Pixel Tester");
    await page.getByLabel("Phone Number", { exact: true }).fill(uniqueMobile());
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    const lead = ["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }];
    await expect.poll(async () => events(await pixelCalls(page), "Lead")).toEqual([lead]);
    // Posting the gate is not a new page.
    expect(events(await pixelCalls(page), "PageView")).toHaveLength(1);
    await leaveByLink(page);
    expect(events(await pixelCalls(page), "Lead")).toHaveLength(1);
    await context.close();
  });

  it("counts a lead, once, when the gate is passed from a biodata and sends the family back to it", async () => {
    const [helper] = await running.site.db.select().from(helpers).where(eq(helpers.status, "available")).limit(1);
    const { page, context } = await newPage(running.browser);
    await recordPixel(context, running.site.url);
    await page.goto(`${running.site.url}/posts/${helper!.id}`);
    await page.getByRole("link", { name: "Leave your name and number to see them" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Returning Pixel");
    await page.getByLabel("Phone Number", { exact: true }).fill(uniqueMobile());
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(`${running.site.url}/posts/${helper!.id}`);
    await expect.poll(async () => events(await pixelCalls(page), "Lead")).toHaveLength(1);
    await leaveByLink(page);
    expect(events(await pixelCalls(page), "Lead")).toHaveLength(1);
    await context.close();
  });
});

describe.skipIf(browserMissing)("the advertising pixel, when the site has none", () => {
  const running = siteInBrowser();

  it("puts no pixel code on the page, and the page's policy admits no pixel host", async () => {
    const { page, context } = await newPage(running.browser);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    const response = await page.goto(`${running.site.url}/posts`);
    const html = await response!.text();
    expect(html).not.toContain("fbevents");
    // The pixel's call, not the letters: a build's file hash may hold them ("entry.client-Dfbqt6eI.js").
    expect(html).not.toMatch(/\bfbq\s*\(/);
    expect(response!.headers()["content-security-policy"]).not.toContain("facebook");
    await page
      .getByRole("article")
      .first()
      .getByRole("link", { name: /^Details/ })
      .click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("undefined");
    expect(requested.filter((url) => !url.startsWith(running.site.url))).toEqual([]);
    await context.close();
  });
});
