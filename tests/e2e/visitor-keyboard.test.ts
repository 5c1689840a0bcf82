import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

interface Target {
  name?: string;
  text?: string;
  className?: string;
}

/** Presses Tab until the focused element is the target, as someone without a mouse would. */
async function tabTo(page: Page, target: Target, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const reached = await page.evaluate(({ name, text, className }) => {
      const el = document.activeElement;
      if (!el) return false;
      if (name !== undefined && el.getAttribute("name") !== name) return false;
      if (text !== undefined && el.textContent?.trim() !== text) return false;
      if (className !== undefined && !el.classList.contains(className)) return false;
      return true;
    }, target);
    if (reached) return;
  }
  throw new Error(`${JSON.stringify(target)} was not reached with Tab`);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), text: el?.textContent?.trim(), name: el?.getAttribute("name") };
  });

describe.skipIf(browserMissing)("a household using only the keyboard", () => {
  const running = siteInBrowser();

  it("opens the menu, reaches the filters, passes the gate and applies criteria", async () => {
    const { page, context } = await newPage(running.browser, { width: 600, height: 900 });
    await page.goto(`${running.site.url}/`);
    await page.getByRole("heading", { level: 1 }).waitFor();

    await tabTo(page, { className: "menu-button" });
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Main" });
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await page.locator("details.menu-toggle").getAttribute("open")).toBe("");
    await tabTo(page, { text: "Filters" });
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/filters$/);
    await expect.poll(() => menu.isVisible()).toBe(false);

    await tabTo(page, { name: "name" });
    await page.keyboard.type("Keyboard Tester");
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("phone");
    const mobile = `81${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    await page.keyboard.type(mobile);
    await page.keyboard.press("Enter");

    const heading = page.getByRole("heading", { name: "Your criteria for helper" });
    await heading.waitFor();
    // The new form takes the focus, so the next Tab goes into it.
    await expect.poll(async () => (await focused(page)).text).toBe("Your criteria for helper");
    await page.keyboard.press("Tab");
    expect((await focused(page)).name).toBe("category");
    // The first box of the nationalities is Myanmar: Space ticks it.
    await page.keyboard.press("Space");
    expect(await page.getByRole("group", { name: "Nationality" }).getByLabel("Myanmar").isChecked()).toBe(true);
    await tabTo(page, { name: "ageMin" });
    await page.keyboard.type("25");
    await page.keyboard.press("Tab");
    await page.keyboard.type("45");
    await tabTo(page, { text: "Apply Filters" });
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/posts\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ category: "myanmar", ageMin: "25", ageMax: "45" });
    await page.getByRole("heading", { name: "Available helpers" }).waitFor();
    // The focus goes on to the results the filters chose.
    await expect.poll(async () => (await focused(page)).text).toBe("Available helpers");
    await context.close();
  });
});

/**
 * The header's Tab stops (decision 170), in the order it reads: the skip link (the first stop of
 * every page, shown when focused), the logo, the shortlist third, the other family language, then
 * the Menu button on a phone or the menu's links on a wider screen. Each is drawn to the right of
 * the one before, so the focus never jumps back across the header.
 */
describe.skipIf(browserMissing)("the header's Tab stops", () => {
  const running = siteInBrowser({ seed: false });

  /** The first `count` stops Tab reaches from the top of the page, and where each is drawn. */
  async function firstStops(page: Page, count: number) {
    const stops: { stop: string; x: number }[] = [];
    for (let i = 0; i < count; i++) {
      await page.keyboard.press("Tab");
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const kinds: [string, string][] = [
            [".skip-link", "skip link"],
            [".logo", "logo"],
            [".shortlist-link", "shortlist"],
            [".language-switch a", "language"],
            [".menu-button", "menu"],
          ];
          const kind = kinds.find(([selector]) => el.matches(selector))?.[1];
          return { stop: kind ?? `link ${el.textContent?.trim()}`, x: el.getBoundingClientRect().x };
        }),
      );
    }
    return stops;
  }

  it.each([
    [390, "/posts", ["skip link", "logo", "shortlist", "language", "menu"]],
    [390, "/zh/posts", ["skip link", "logo", "shortlist", "language", "menu"]],
    [1280, "/posts", ["skip link", "logo", "shortlist", "language", "link Filters", "link Jobs"]],
  ] as const)("at %i px on %s: skip link, logo, shortlist third, then the rest as the header reads", async (width, path, expected) => {
    const { page, context } = await newPage(running.browser, { width, height: 844 });
    await page.goto(`${running.site.url}${path}`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const stops = await firstStops(page, expected.length);
    expect(stops.map(({ stop }) => stop)).toEqual(expected);
    // After the skip link (drawn at the left edge while focused), each stop right of the last.
    const xs = stops.slice(1).map(({ x }) => x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    await context.close();
  });

  it("on a supplier's page, with no language to switch to, the shortlist is still third and the menu fourth", async () => {
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await page.goto(`${running.site.url}/login`);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect((await firstStops(page, 4)).map(({ stop }) => stop)).toEqual(["skip link", "logo", "shortlist", "menu"]);
    await context.close();
  });
});
