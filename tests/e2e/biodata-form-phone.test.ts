/**
 * The biodata form on a phone (390 px) with every section open: short enough to fill in (under
 * 8,000 px, the skills under 2,000: one compact row a skill, its name written once), no field
 * dropped, each skill's boxes still named with the skill for a screen reader, and a section's
 * title never under the sticky header when the page jumps to it. In English and in Burmese.
 */
import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { skillAreas } from "../../src/shared/biodata-catalogue";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("the biodata form at 390 px", () => {
  const running = siteInBrowser({ seed: false });

  async function openForm(locale: "en" | "my"): Promise<Page> {
    const supplier = await signUp(running.site, { name: "Compact Form Agency" });
    await running.site.db.update(user).set({ locale }).where(eq(user.id, supplier.id));
    const { page } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/login?redirectTo=%2Fcreate`);
    await page.getByLabel("Email").fill(supplier.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/create`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
    await page.locator("form.biodata-form").waitFor();
    return page;
  }

  /** Every section opened, as a supplier who taps each title; the heights of the form and the skills. */
  async function heightsOpen(page: Page) {
    const closed = page.locator("details.form-section:not([open]) > summary");
    for (let left = await closed.count(); left > 0; left--) await closed.first().click();
    await expect.poll(() => page.locator("details.form-section:not([open])").count()).toBe(0);
    return page.evaluate(() => ({
      form: document.querySelector("form.biodata-form")!.getBoundingClientRect().height,
      skills: document.querySelector("#section-skills")!.getBoundingClientRect().height,
      width: document.documentElement.scrollWidth,
    }));
  }

  it.each([
    ["en", 8000, 2000],
    ["my", 8000, 2000],
  ] as const)(
    "in %s: every section open is under %i px, the skills under %i, nothing wider than the phone",
    async (locale, form, skills) => {
      const page = await openForm(locale);
      const heights = await heightsOpen(page);
      // The whole page drawn at once, so the sticky header and bar stay where they belong.
      const box = (await page.locator("#section-skills").boundingBox())!;
      const top = await page.evaluate(() => window.scrollY);
      await page.screenshot({
        path: `test-results/biodata-form-skills-${locale}-390.png`,
        fullPage: true,
        clip: { x: 0, y: box.y + top, width: PHONE.width, height: box.height },
      });
      expect(heights.form).toBeLessThan(form);
      expect(heights.skills).toBeLessThan(skills);
      expect(heights.width).toBeLessThanOrEqual(PHONE.width);
      await page.context().close();
    },
  );

  it("keeps every skill's five answers, each named with its skill for a screen reader, the name written once on the row", async () => {
    const page = await openForm("en");
    await heightsOpen(page);
    const rows = page.locator("#section-skills tbody tr:not(.skills-group-row)");
    expect(await rows.count()).toBe(skillAreas.length);
    for (const area of skillAreas) {
      const name = area.label;
      expect(await page.getByRole("checkbox", { name: `${name}: Willing`, exact: true }).count()).toBe(1);
      expect(await page.getByRole("checkbox", { name: `${name}: Has experience`, exact: true }).count()).toBe(1);
      expect(await page.getByRole("spinbutton", { name: `${name}: years`, exact: true }).count()).toBe(1);
      expect(await page.getByRole("combobox", { name: `${name}: rating`, exact: true }).count()).toBe(1);
      expect(await page.getByRole("textbox", { name: `${name}: observation`, exact: true }).count()).toBe(1);
      if ("detail" in area) expect(await page.getByRole("textbox", { name: new RegExp(`^${name}: `) }).count()).toBe(2);
      // Seen once: the visible text of the row names the skill once (the labels' copies are hidden).
      const row = rows.filter({ has: page.locator("th", { hasText: new RegExp(`^${name}$`) }) });
      const seen = await row.evaluate((tr, skill) => {
        const walker = document.createTreeWalker(tr, NodeFilter.SHOW_TEXT);
        let count = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const box = node.parentElement!.getBoundingClientRect();
          if (box.width > 1 && box.height > 1 && node.textContent!.includes(skill)) count++;
        }
        return count;
      }, name);
      expect(seen).toBe(1);
    }
    // And the open form has no serious problem for assistive technology.
    const { violations } = await new AxeBuilder({ page }).include("form.biodata-form").analyze();
    expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    await page.context().close();
  });

  it("never hides a section's title under the sticky header when the page jumps to it", async () => {
    const page = await openForm("en");
    await heightsOpen(page);
    const ids = await page.locator("details.form-section").evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids.slice(1)) {
      await page.evaluate((target) => (location.hash = target), `#${id}`);
      const gap = await page.evaluate((target) => {
        const header = document.querySelector(".site-header")!.getBoundingClientRect();
        const title = document.querySelector(`#${target} > summary`)!.getBoundingClientRect();
        return title.top - header.bottom;
      }, id);
      expect(gap, id).toBeGreaterThanOrEqual(0);
    }
    await page.context().close();
  });

  it("asks each language's level beside it once ticked, and the languages stay short on a phone (decision 134)", async () => {
    const page = await openForm("en");
    const section = page.locator("#section-languages");
    if ((await section.getAttribute("open")) === null) await section.locator("summary").click();
    const height = () => section.evaluate((element) => element.getBoundingClientRect().height);
    const before = await height();
    for (const name of ["Mandarin", "Cantonese", "Hokkien", "Teochew", "Hakka", "Hainanese"]) {
      expect(await page.getByRole("checkbox", { name, exact: true }).count(), name).toBe(1);
      expect(await page.getByRole("combobox", { name: `Level of ${name}` }).isVisible(), name).toBe(false);
    }
    // English's level is its own field: no second one beside its box.
    expect(await page.getByRole("combobox", { name: /^Level of English/ }).count()).toBe(0);
    await page.getByRole("checkbox", { name: "Cantonese", exact: true }).check();
    await page.getByRole("checkbox", { name: "Hokkien", exact: true }).check();
    const cantonese = page.getByRole("combobox", { name: "Level of Cantonese" });
    await expect.poll(() => cantonese.isVisible()).toBe(true);
    await cantonese.selectOption({ label: "Good" });
    expect(await page.getByRole("combobox", { name: "Level of Hokkien" }).isVisible()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Level of Teochew" }).isVisible()).toBe(false);
    // Two languages ticked add two short lines, no more; nothing is wider than the phone.
    expect(await height()).toBeLessThan(before + 2 * 60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const box = (await section.boundingBox())!;
    const top = await page.evaluate(() => window.scrollY);
    await page.screenshot({
      path: `${process.env.SCREENSHOTS ?? "test-results"}/biodata-form-languages-en-390.png`,
      fullPage: true,
      clip: { x: 0, y: box.y + top, width: PHONE.width, height: box.height },
    });
    await page.context().close();
  });

  it("asks for the days off once", async () => {
    const page = await openForm("en");
    await heightsOpen(page);
    expect(await page.getByLabel("Days off (a month)").count()).toBe(1);
    expect(await page.getByLabel(/rest days/i).count()).toBe(0);
    expect(await page.locator('[name="restDays"]').count()).toBe(0);
    await page.context().close();
  });
});
