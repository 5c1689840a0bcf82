import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("a family keeping a shortlist without an account", () => {
  const running = siteInBrowser();

  it("shortlists helpers from their cards, compares them side by side, sends the list to anyone and asks their suppliers", async () => {
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

    // Send on WhatsApp: no number, so the family picks whom to send it to; the message names each helper and the link.
    const send = await page.getByRole("link", { name: "Send on WhatsApp" }).getAttribute("href");
    expect(send).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const message = new URL(send!).searchParams.get("text")!;
    const rows = await running.site.db
      .select({ id: helpers.id, name: helpers.name, ref: helpers.ref, phone: user.phone })
      .from(helpers)
      .innerJoin(user, eq(user.id, helpers.supplierId));
    for (const name of [names[0]!, names[2]!]) {
      const ref = rows.find((row) => row.name === name)!.ref;
      expect(message).toContain(`${name} (ref ${ref})`);
    }
    expect(message).not.toContain(names[1]);
    expect(message).toContain(`/shortlist?ids=${new URL(shared).searchParams.get("ids")}`);

    // Ask about these helpers: each helper's own supplier is asked about her, and only her supplier.
    const asks = page.getByRole("group", { name: "Ask about these helpers" }).getByRole("link");
    const askHrefs = await asks.evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    for (const name of [names[0]!, names[2]!]) {
      const row = rows.find((r) => r.name === name)!;
      const ask = askHrefs.find((href) => new URL(href).searchParams.get("text")!.includes(`${name} (ref ${row.ref})`));
      expect(ask).toMatch(new RegExp(`^https://wa\\.me/${row.phone!.replace(/\D/g, "")}\\?text=`));
    }

    // Copy link puts the list's address on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").waitFor();
    const copied = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(`${copied.pathname}${copied.search}`).toBe(`${new URL(shared).pathname}${new URL(shared).search}`);

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

  it("shows a list someone sent apart from one's own, and adds it only when asked", async () => {
    // The sender's list: the first two helpers.
    const sender = await newPage(running.browser, PHONE);
    await sender.page.goto(`${running.site.url}/posts`);
    const sent: string[] = [];
    for (const index of [0, 1]) {
      const card = sender.page.getByRole("article").nth(index);
      sent.push((await card.getByRole("heading", { level: 2 }).textContent())!);
      await card.getByRole("button", { name: /Shortlist/ }).click();
    }
    await sender.page.goto(`${running.site.url}/shortlist`);
    await sender.page.waitForURL(/\/shortlist\?ids=/);
    expect(await sender.page.getByRole("heading", { level: 1 }).textContent()).toBe("Your shortlist");
    const link = sender.page.url();
    await sender.context.close();

    // The receiver, in another browser, keeps a list of her own: the fourth helper.
    const { page, context } = await newPage(running.browser, PHONE);
    await page.addInitScript(() => {
      Object.assign(navigator, {
        share: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`${running.site.url}/posts`);
    const ownCard = page.getByRole("article").nth(3);
    const own = (await ownCard.getByRole("heading", { level: 2 }).textContent())!;
    await ownCard.getByRole("button", { name: /Shortlist/ }).click();
    const kept = () => page.evaluate(() => JSON.parse(window.localStorage.getItem("shortlist") ?? "[]") as string[]);
    await expect.poll(kept).toHaveLength(1);
    const ownIds = await kept();

    await page.goto(link);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Shortlist shared with you");
    const table = page.getByRole("table");
    for (const name of sent) expect(await table.getByRole("columnheader", { name }).count()).toBe(1);
    expect(await table.getByRole("columnheader", { name: own }).count()).toBe(0);
    expect(await page.getByText("Your own shortlist (1) is kept as it is.").count()).toBe(1);
    // Removing one from a list someone sent only changes what is shown.
    await table.getByRole("button", { name: `Remove ${sent[1]}` }).click();
    await expect.poll(() => table.getByRole("columnheader").count()).toBe(1);
    expect(await kept()).toEqual(ownIds);
    await page.goto(link);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Shortlist shared with you");
    expect(await kept()).toEqual(ownIds);

    await page.getByRole("button", { name: "Share", exact: true }).click();
    const sharedUrl = await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url))
      .toBeTruthy()
      .then(() => page.evaluate(() => (window as unknown as { shared: ShareData }).shared.url!));
    expect(new URL(sharedUrl).search).toBe(new URL(link).search);

    await page.getByRole("button", { name: "Add to mine" }).click();
    await page.getByText("Added to your shortlist.").waitFor();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Your shortlist");
    const merged = await kept();
    expect(merged.slice(0, 1)).toEqual(ownIds);
    expect(merged).toHaveLength(3);
    for (const name of [own, ...sent]) await expect.poll(() => table.getByRole("columnheader", { name }).count()).toBe(1);
    const header = page.getByRole("banner");
    await expect.poll(() => header.getByRole("link", { name: /Shortlist/ }).textContent()).toContain("3");
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
