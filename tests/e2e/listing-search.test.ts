import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { newContext, newPage, siteInBrowser } from "../support/e2e";
import { returningVisitorCookie } from "../support/visitor";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("searching, sorting and narrowing the listing", () => {
  const running = siteInBrowser();

  it("goes straight to a biodata when its reference is typed exactly", async () => {
    const [helper] = await running.site.db.select().from(helpers).where(eq(helpers.status, "available")).limit(1);
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts`);
    await page.getByRole("searchbox", { name: "Search by name, reference or skill" }).fill(helper!.ref.toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${running.site.url}/posts/${helper!.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(helper!.name);
    await context.close();
  });

  it("finds helpers by part of a name, keeping the filters already chosen", async () => {
    const [someone] = await running.site.db
      .select({ name: helpers.name })
      .from(helpers)
      .where(and(eq(helpers.nationality, "indonesia"), eq(helpers.status, "available")))
      .limit(1);
    const part = someone!.name.split(" ").at(-1)!.toLowerCase();
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?category=Indonesia`);
    await page.getByRole("searchbox", { name: "Search by name, reference or skill" }).fill(part);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === part);
    const params = new URL(page.url()).searchParams;
    expect(params.get("category")).toMatch(/^indonesia$/i);
    await expect.poll(() => page.getByRole("searchbox", { name: "Search by name, reference or skill" }).inputValue()).toBe(part);
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    const names = await page.getByRole("article").getByRole("heading", { level: 2 }).allTextContents();
    for (const name of names) expect(name.toLowerCase()).toContain(part);
    await context.close();
  });

  it("sorts by salary, low to high, as soon as the order is chosen", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?category=Philippines`);
    await page.getByLabel("Sort").selectOption({ label: "Salary low to high" });
    await page.waitForURL(/sort=salary/);
    expect(new URL(page.url()).searchParams.get("category")).toMatch(/^philippines$/i);
    const expected = await running.site.db
      .select({ name: helpers.name, salary: helpers.salary })
      .from(helpers)
      .where(and(eq(helpers.nationality, "philippines"), eq(helpers.status, "available")))
      .orderBy(asc(helpers.salary));
    await expect.poll(() => page.getByRole("combobox", { name: "Sort" }).inputValue()).toBe("salary");
    // The address changes before the new page of cards is drawn: wait for the cards themselves.
    const salaries = async () =>
      (await page.getByRole("article").allTextContents()).map((text) => Number(/\$([\d,]+) a month/.exec(text)![1]!.replace(",", "")));
    const lowest = Math.min(...expected.map((row) => row.salary));
    await expect.poll(async () => (await salaries())[0]).toBe(lowest);
    const shown = await salaries();
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    await context.close();
  });

  it("shows the active filters as chips that each remove one choice, and Clear all", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?category=Philippines&neg=Infant,Child&ageMin=25&ageMax=45&sort=age`);
    const chips = page.getByRole("list", { name: "Active filters" });
    expect(await chips.getByRole("link").allTextContents()).toEqual(["Philippines ×", "Infant care ×", "Child care ×", "Age 25–45 ×"]);
    await chips.getByRole("link", { name: "Remove Infant care" }).click();
    await page.waitForURL((url) => url.searchParams.get("neg") === "child");
    const params = new URL(page.url()).searchParams;
    expect(params.get("category")).toBe("philippines");
    expect(params.get("ageMin")).toBe("25");
    expect(params.get("sort")).toBe("age");
    await page.getByRole("link", { name: "Clear" }).click();
    await page.waitForURL(`${running.site.url}/posts?sort=age`);
    await expect.poll(() => page.getByRole("list", { name: "Active filters" }).count()).toBe(0);
    await context.close();
  });

  it("searches and sorts without JavaScript, through the plain form", async () => {
    const context = await newContext(running.browser, { viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.site.url}/posts?category=Myanmar`);
    await page.getByLabel("Sort").selectOption({ label: "Age young to old" });
    await page.getByRole("searchbox", { name: "Search by name, reference or skill" }).fill("a");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/sort=age/);
    const params = new URL(page.url()).searchParams;
    expect(params.get("category")).toBe("Myanmar");
    expect(params.get("q")).toBe("a");
    const ages = (await page.getByRole("article").allTextContents()).map((text) => Number(/Age (\d+)/.exec(text)![1]));
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    await context.close();
  });

  it("searches from the home page on a phone, the placeholder whole in its box", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/`);
    const box = page.getByRole("search", { name: "Search helpers" }).getByRole("searchbox", { name: "Search by name, reference or skill" });
    // The placeholder, in the box's own font, fits inside its padding.
    const fit = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fit.text).toBeLessThan(fit.room);
    await page.screenshot({ path: "test-results/home-search-390.png" });
    await box.fill("Muslim");
    await page.getByRole("search", { name: "Search helpers" }).getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/posts" && url.searchParams.get("q") === "Muslim");
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("goes from the results to the filter form holding them (Edit filters), and back to every helper (Clear)", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    const cookie = await returningVisitorCookie(running.site, "Edit Filters Tester");
    await context.addCookies([{ name: "visitor", value: cookie.slice("visitor=".length), url: running.site.url }]);
    await page.goto(`${running.site.url}/posts?category=India,Philippines&religion=Catholic&religion=Hindu&sort=salary`);
    await page.getByRole("link", { name: "Edit filters" }).click();
    await page.waitForURL((url) => url.pathname === "/filters");
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    const ticked = async (group: string) =>
      page
        .getByRole("group", { name: group })
        .getByRole("checkbox", { checked: true })
        .evaluateAll((boxes) => boxes.map((box) => box.parentElement!.textContent));
    await expect.poll(() => ticked("Nationality")).toEqual(["India", "Philippines"]);
    expect(await ticked("Religion")).toEqual(["Catholic", "Hindu"]);
    await page.screenshot({ path: "test-results/filters-from-query-390.png", fullPage: true });
    await page.getByRole("group", { name: "Nationality" }).getByLabel("Indonesia").check();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((url) => url.pathname === "/posts");
    expect(new URL(page.url()).searchParams.get("category")).toBe("india,indonesia,philippines");
    const chips = page.getByRole("list", { name: "Active filters" });
    await expect
      .poll(() => chips.getByRole("link").allTextContents())
      .toEqual(["India ×", "Indonesia ×", "Philippines ×", "Catholic ×", "Hindu ×"]);
    await page.screenshot({ path: "test-results/listing-edit-clear-390.png" });
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    await page.waitForURL(`${running.site.url}/posts`);
    await expect.poll(() => page.getByRole("list", { name: "Active filters" }).count()).toBe(0);
    await context.close();
  });
});
