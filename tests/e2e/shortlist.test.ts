import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/server/db/schema";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("a family keeping a shortlist without an account", () => {
  const running = siteInBrowser();

  it("shortlists helpers from their cards, compares them side by side and sends the list on WhatsApp", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts`);
    const cards = page.getByRole("article");
    const names: string[] = [];
    for (const index of [0, 1, 2]) {
      const card = cards.nth(index);
      const name = (await card.getByRole("heading", { level: 2 }).textContent())!;
      names.push(name);
      const toggle = card.getByRole("button", { name: new RegExp(`Shortlist.*${name}`) });
      await toggle.click();
      await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    }
    const header = page.getByRole("banner");
    await expect.poll(() => header.getByRole("link", { name: /Shortlist/ }).textContent()).toContain("3");

    await header.getByRole("link", { name: /Shortlist/ }).click();
    await page.waitForURL(/\/shortlist\?ids=/);
    const table = page.getByRole("table");
    for (const name of names) await expect.poll(() => table.getByRole("columnheader", { name }).count()).toBe(1);
    expect(await table.getByRole("rowheader", { name: "Salary" }).count()).toBe(1);

    // Remove one: the list, the address and the count follow.
    await table.getByRole("button", { name: `Remove ${names[1]}` }).click();
    await expect.poll(() => table.getByRole("columnheader").count()).toBe(2);
    await expect.poll(() => header.getByRole("link", { name: /Shortlist/ }).textContent()).toContain("2");
    const shared = page.url();
    expect(new URL(shared).searchParams.get("ids")!.split(",")).toHaveLength(2);

    const send = await page.getByRole("link", { name: "Send my shortlist on WhatsApp" }).getAttribute("href");
    const message = new URL(send!).searchParams.get("text")!;
    expect(send).toMatch(/^https:\/\/wa\.me\/6580000000\?text=/);
    const rows = await running.site.db.select({ name: helpers.name, ref: helpers.ref }).from(helpers);
    for (const name of [names[0]!, names[2]!]) {
      const ref = rows.find((row) => row.name === name)!.ref;
      expect(message).toContain(`${name} (ref ${ref})`);
    }
    expect(message).not.toContain(names[1]);
    expect(message).toContain(`/shortlist?ids=${new URL(shared).searchParams.get("ids")}`);

    // The link shows the same helpers to someone else, in another browser; one since hired says so.
    const [hiredId] = new URL(shared).searchParams.get("ids")!.split(",");
    await running.site.db.update(helpers).set({ status: "hired" }).where(eq(helpers.id, hiredId!));
    const other = await newPage(running.browser, PHONE);
    await other.page.goto(shared);
    const otherTable = other.page.getByRole("table");
    expect(await otherTable.getByRole("columnheader", { name: names[0] }).count()).toBe(1);
    expect(await otherTable.getByRole("columnheader", { name: names[2] }).count()).toBe(1);
    expect(await otherTable.textContent()).toContain("No longer available (hired)");
    await other.context.close();
    await context.close();
  });

  it("keeps the shortlist across pages and visits, and /shortlist opens the kept list", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts`);
    const card = page.getByRole("article").first();
    const name = (await card.getByRole("heading", { level: 2 }).textContent())!;
    await card.getByRole("button", { name: new RegExp(`Shortlist.*${name}`) }).click();
    await page.goto(`${running.site.url}/shortlist`);
    await page.waitForURL(/\/shortlist\?ids=[0-9a-f-]{36}$/);
    expect(await page.getByRole("columnheader", { name }).count()).toBe(1);
    await page.goto(`${running.site.url}/posts`);
    await expect
      .poll(() =>
        page
          .getByRole("article")
          .first()
          .getByRole("button", { name: /Shortlist/ })
          .getAttribute("aria-pressed"),
      )
      .toBe("true");
    await context.close();
  });

  it("says so when the shortlist is empty", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/shortlist`);
    expect(await page.getByText("No helper on your shortlist yet.").count()).toBe(1);
    await context.close();
  });
});
