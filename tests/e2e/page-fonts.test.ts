/**
 * Chinese and Burmese letters on the pages (decision 116). The tests' Chromium runs without any
 * system font for either script, whatever the machine has installed (tests/support/fonts.conf),
 * the case of a phone without them: the letters show only if the page brings its own fonts, and
 * pages that need none must not download them.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { createHelper, createSupplier } from "../support/factories";

const PHONE = { width: 390, height: 844 };
/** Every Chinese and Burmese letter, in slices. */
const STYLESHEET = /\/assets\/page-fonts-(?!zh-words-)[\w-]+\.css$/;
const SLICE = /\/assets\/fonts\/noto-sans-(sc|myanmar)-(?!site-words-)[\w-]+\.woff2$/;
/** The site's own Chinese words (decision 125). */
const WORDS_STYLESHEET = /\/assets\/page-fonts-zh-words-[\w-]+\.css$/;
const WORDS_FONT = /\/assets\/fonts\/noto-sans-sc-site-words-(400|700)-[\w-]+\.woff2$/;

/** Every address the page requests from now on. */
function requestsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}

const fontLinks = (page: Page) =>
  page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute("href")));

/** The fonts Chromium drew an element's text with, as it reports them to its developer tools. */
async function fontsDrawing(page: Page, selector: string): Promise<{ familyName: string; isCustomFont: boolean; glyphCount: number }[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

describe.skipIf(browserMissing)("pages in Latin letters", () => {
  const running = siteInBrowser({ seed: false });

  it("an English listing of Latin names loads no font stylesheet and no font file", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Orchard Maids" });
    await createHelper(running.site, supplier.id, { name: "Siti Aminah", nationality: "indonesia" });
    const { page, context } = await newPage(running.browser, PHONE);
    const requests = requestsOf(page);
    await page.goto(`${running.site.url}/posts`);
    await expect.poll(() => page.getByRole("heading", { name: "Siti Aminah" }).count()).toBe(1);
    await page.evaluate(() => document.fonts.ready);
    expect(await fontLinks(page)).toEqual([]);
    expect(requests.filter((url) => STYLESHEET.test(url) || SLICE.test(url) || /\.woff2?$/.test(url))).toEqual([]);
    await context.close();
  });

  it("a page in Chinese of Latin names links only its own words' faces, fetches their two files with the page and no slice, and draws its words in them", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const requests = requestsOf(page);
    await page.goto(`${running.site.url}/zh/posts`);
    expect(await fontLinks(page)).toEqual([expect.stringMatching(WORDS_STYLESHEET)]);
    // This browser has no Chinese font: the page's check asked for both files before the first paint.
    expect(
      await page.locator('link[rel="preload"][as="font"]').evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
    ).toEqual([expect.stringMatching(WORDS_FONT), expect.stringMatching(WORDS_FONT)]);
    await page.evaluate(() => document.fonts.ready);
    // Its two files, and no other (on a loaded machine the face may ask again for a file its preload is still fetching).
    expect(new Set(requests.filter((url) => WORDS_FONT.test(url))).size).toBe(2);
    expect(requests.filter((url) => SLICE.test(url) || STYLESHEET.test(url))).toEqual([]);
    expect(await fontsDrawing(page, "h1")).toEqual([
      expect.objectContaining({ familyName: expect.stringMatching(/^Noto Sans SC/), isCustomFont: true }),
    ]);
    await context.close();
  });

  it("serves the stylesheet Brotli-compressed and its fonts as fonts, both kept a year", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/zh/posts`);
    const [href] = await fontLinks(page);
    const css = await running.site.app.inject({ url: href!, headers: { "accept-encoding": "br, gzip" } });
    expect(css.statusCode).toBe(200);
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const plain = await running.site.app.inject({ url: href! });
    const file = /url\((\/assets\/fonts\/[^)]+\.woff2)\)/.exec(plain.body)?.[1];
    expect(file).toMatch(WORDS_FONT);
    const font = await running.site.app.inject({ url: file! });
    expect(font.statusCode).toBe(200);
    expect(font.headers["content-type"]).toBe("font/woff2");
    expect(font.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The page's policy admits this site's fonts, and nobody else's.
    const answer = await running.site.app.inject({ url: "/zh/posts" });
    expect(answer.headers["content-security-policy"]).toContain("font-src 'self';");
    await context.close();
  });
});

describe.skipIf(browserMissing)("a biodata in Chinese and Burmese", () => {
  const running = siteInBrowser({ seed: false });

  it("links the stylesheet, downloads only the slices its letters need, and draws the letters in the served fonts", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Mandalay Care" });
    const helper = await createHelper(running.site, supplier.id, {
      name: "王秀英 Wang Xiuying",
      nationality: "myanmar",
      motherTongue: "burmese",
      specialNotes: "<p>她很有耐心，喜欢孩子。</p><p>သူမသည် ကလေးများကို ချစ်သည်။</p>",
    });
    const { page, context } = await newPage(running.browser, PHONE);
    const requests = requestsOf(page);
    await page.goto(`${running.site.url}/posts/${helper.id}`);
    expect(await fontLinks(page)).toEqual([expect.stringMatching(STYLESHEET)]);
    // The name, at the top, in bold.
    await expect.poll(() => requests.filter((url) => /noto-sans-sc-\d+-700-/.test(url)).length).toBeGreaterThan(0);
    // The notes, further down, once they are scrolled to.
    await page.locator(".rich-text").scrollIntoViewIfNeeded();
    await expect.poll(() => requests.filter((url) => /noto-sans-sc-\d+-400-/.test(url)).length).toBeGreaterThan(0);
    await expect.poll(() => requests.filter((url) => /noto-sans-myanmar-myanmar-400-/.test(url)).length).toBe(1);
    await page.evaluate(() => document.fonts.ready);
    // A few slices out of the ninety-odd of each weight: those holding the page's characters.
    const slices = requests.filter((url) => SLICE.test(url));
    expect(slices.length).toBeLessThan(20);

    // The name's Chinese glyphs and the notes' Burmese ones come from the downloaded fonts.
    const heading = await fontsDrawing(page, "h1");
    expect(heading).toContainEqual(expect.objectContaining({ familyName: expect.stringMatching(/^Noto Sans SC/), isCustomFont: true }));
    const burmese = await page.getByText("ကလေးများကို").evaluate((element) => {
      element.setAttribute("data-burmese", "");
      return element.tagName;
    });
    expect(burmese).toBe("P");
    expect(await fontsDrawing(page, "[data-burmese]")).toContainEqual(
      expect.objectContaining({ familyName: expect.stringMatching(/^Noto Sans Myanmar/), isCustomFont: true }),
    );

    // And they are letters, not the same missing-glyph box twice: two characters draw differently.
    const drawn = async (text: string) => {
      const box = page.locator("main").first();
      await box.evaluate((main, letter) => {
        const span = document.createElement("span");
        span.dataset.letter = letter;
        span.textContent = letter;
        span.style.fontSize = "48px";
        main.prepend(span);
      }, text);
      return page.locator(`[data-letter="${text}"]`).screenshot();
    };
    expect((await drawn("王")).equals(await drawn("秀"))).toBe(false);
    expect((await drawn("က")).equals(await drawn("မ"))).toBe(false);
    await context.close();
  });

  it("brings the fonts along when the browser navigates from a page without them to one with them", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Yangon Homes" });
    await createHelper(running.site, supplier.id, { name: "Priya Kumari", nationality: "india" });
    await createHelper(running.site, supplier.id, { name: "李美玲 Li Meiling", nationality: "myanmar" });
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?category=india`);
    expect(await fontLinks(page)).toEqual([]);
    await page.getByRole("link", { name: "Clear" }).first().click();
    await page.waitForURL(`${running.site.url}/posts`);
    const card = page.getByRole("heading", { name: "李美玲 Li Meiling" });
    await expect.poll(() => card.count()).toBe(1);
    expect(await fontLinks(page)).toEqual([expect.stringMatching(STYLESHEET)]);
    await page.evaluate(() => document.fonts.ready);
    await card.evaluate((heading) => heading.setAttribute("data-chinese", ""));
    await expect
      .poll(async () =>
        (await fontsDrawing(page, "[data-chinese]")).some((font) => font.isCustomFont && /^Noto Sans SC/.test(font.familyName)),
      )
      .toBe(true);
    await context.close();
  });

  it("a page in Chinese with a Chinese name links every letter's slices, then its own words' faces, which come first for their letters", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Lion City Care" });
    const helper = await createHelper(running.site, supplier.id, { name: "陈丽华 Chen Lihua", nationality: "myanmar" });
    const { page, context } = await newPage(running.browser, PHONE);
    const requests = requestsOf(page);
    await page.goto(`${running.site.url}/zh/posts/${helper.id}`);
    await expect.poll(() => page.getByRole("heading", { name: "陈丽华 Chen Lihua" }).count()).toBe(1);
    expect(await fontLinks(page)).toEqual([expect.stringMatching(STYLESHEET), expect.stringMatching(WORDS_STYLESHEET)]);
    await page.evaluate(() => document.fonts.ready);
    // Its two files, and no other (on a loaded machine the face may ask again for a file its preload is still fetching).
    expect(new Set(requests.filter((url) => WORDS_FONT.test(url))).size).toBe(2);
    // The name's three letters are in a few slices; the page's own words need none of them.
    expect(requests.filter((url) => SLICE.test(url)).length).toBeLessThanOrEqual(6);
    await context.close();
  });
});
