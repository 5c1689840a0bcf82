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
    expect(await page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("true");
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
    await context.close();
  });
});
