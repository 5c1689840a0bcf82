/**
 * The language switch can be seen (decision 132): white on the header's teal at 4.5:1 or more,
 * with its words when focused, on the header's one line on a 390 px phone (no empty band under
 * the header), and a browser asking for Chinese is offered Chinese in its first screen.
 */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserMissing } from "../support/browser";
import { newContext, newPage, siteInBrowser } from "../support/e2e";

const PHONE = { width: 390, height: 844 };

/** The WCAG contrast between a link's text and the header behind it. */
function contrastOf(page: Page, name: string) {
  return page
    .getByRole("navigation", { name })
    .getByRole("link")
    .evaluate((link) => {
      const rgba = (colour: string) => {
        const [r, g, b, a] = colour.match(/[\d.]+/g)!.map(Number);
        return [r!, g!, b!, a ?? 1] as const;
      };
      const luminance = ([r, g, b]: readonly number[]) => {
        const [lr, lg, lb] = [r!, g!, b!].map((c) => {
          const v = c / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
      };
      // The backgrounds from the link up to the first opaque one, laid over each other.
      const layers: (readonly [number, number, number, number])[] = [];
      for (let at: Element | null = link; at; at = at.parentElement) {
        const layer = rgba(getComputedStyle(at).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] === 1) break;
      }
      let back = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) back = [r, g, b].map((c, i) => c * a + back[i]! * (1 - a));
      const text = luminance(rgba(getComputedStyle(link).color));
      const behind = luminance(back);
      return (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
    });
}

describe.skipIf(browserMissing)("the language switch at 390 px", () => {
  const running = siteInBrowser();

  it.each([
    ["/posts", "Language", "中文"],
    ["/zh/posts", "语言", "English"],
  ])("%s: the other language is on the header's one line, readable, and readable when focused", async (path, name, words) => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}${path}`);
    const link = page.getByRole("navigation", { name }).getByRole("link", { name: words });
    await link.waitFor();
    await page.screenshot({
      path: `test-results/language-switch${path.replaceAll("/", "-")}-390.png`,
      clip: { x: 0, y: 0, width: 390, height: 120 },
    });
    const header = await page.locator(".site-header").boundingBox();
    const menu = await page.locator(".menu-button").boundingBox();
    const box = await link.boundingBox();
    // One line: the link beside the menu button, the header no taller than that line.
    expect(box!.y).toBeGreaterThanOrEqual(menu!.y - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(menu!.y + menu!.height + 1);
    expect(header!.height).toBeLessThanOrEqual(menu!.height + 20);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await contrastOf(page, name)).toBeGreaterThanOrEqual(4.5);
    await link.focus();
    expect(await contrastOf(page, name)).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({
      path: `test-results/language-switch${path.replaceAll("/", "-")}-390.png`,
      clip: { x: 0, y: 0, width: 390, height: 120 },
    });
    await context.close();
  });

  it("a browser asking for Chinese is offered Chinese in its first screen", async () => {
    const context = await newContext(running.browser, { viewport: PHONE, locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto(`${running.site.url}/posts`);
    const offer = page.locator(".language-suggestion a");
    await offer.waitFor();
    const box = await offer.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    expect(await offer.getAttribute("href")).toBe("/zh/posts");
    await context.close();
  });
});
