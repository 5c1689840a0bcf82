import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";
import { createHelper, createSupplier, uniqueLicence } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("a family reading a biodata", () => {
  const running = siteInBrowser();

  it("goes back to the results it came from, with the filters and order kept", async () => {
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts?category=Indonesia&sort=salary`);
    await page
      .getByRole("article")
      .first()
      .getByRole("link", { name: /^Details/ })
      .click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "‹ Back to results" }).click();
    await page.waitForURL(`${running.site.url}/posts?category=Indonesia&sort=salary`);
    await context.close();
  });

  it("names the supplier with its checked EA licence, phone, count and start; an unlicensed one is an overseas supplier", async () => {
    const licence = uniqueLicence();
    const agency = await createSupplier(running.site.db, {
      companyName: "Lion City Maids",
      eaLicenceNumber: licence,
      licenceCheckedAt: new Date(),
      phone: "+6562345678",
    });
    const overseas = await createSupplier(running.site.db, { companyName: "Cebu Helpers Co" });
    const licensed = await createHelper(running.site, agency.id, { name: "Licensed Lina" });
    const abroad = await createHelper(running.site, overseas.id, { name: "Overseas Olga" });
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts/${licensed.id}`);
    const block = page.getByRole("region", { name: "Lion City Maids" });
    const text = await block.textContent();
    expect(text).toContain(`EA licence ${licence}`);
    expect(text).toMatch(/Licence checked by Direct Helpers on \d+ \w{3} \d{4}/);
    expect(text).toContain("+65 6234 5678");
    expect(text).toContain("1 available helper");
    expect(text).toMatch(/since \d+ \w{3} \d{4}/);
    await page.goto(`${running.site.url}/posts/${abroad.id}`);
    expect(await page.getByRole("region", { name: "Cebu Helpers Co" }).textContent()).toContain("Overseas supplier");
    await page.goto(`${running.site.url}/authors`);
    expect(await page.getByRole("listitem").filter({ hasText: "Lion City Maids" }).textContent()).toContain(`EA licence ${licence}`);
    await context.close();
  });

  it("offers copy and share links where the browser has no share sheet, and the share sheet where it has", async () => {
    const [helper] = await running.site.db.select().from(helpers).where(eq(helpers.status, "available")).limit(1);
    const plain = await newPage(running.browser, PHONE);
    await plain.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: running.site.url });
    await plain.page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await plain.page.goto(`${running.site.url}/posts/${helper!.id}`);
    const share = plain.page.getByRole("group", { name: "Share" });
    const whatsapp = await share.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
    expect(decodeURIComponent(whatsapp!)).toContain(`/posts/${helper!.id}`);
    expect(await share.getByRole("link", { name: "Share on Telegram" }).getAttribute("href")).toMatch(/^https:\/\/t\.me\/share\/url\?url=/);
    await share.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => share.getByRole("status").textContent()).toBe("Link copied");
    expect(await plain.page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/posts/${helper!.id}$`));
    await plain.context.close();

    const sheet = await newPage(running.browser, PHONE);
    await sheet.page.addInitScript(() => {
      const shared: unknown[] = [];
      Object.defineProperty(window, "__shared", { value: shared });
      Object.defineProperty(navigator, "share", { value: (data: unknown) => (shared.push(data), Promise.resolve()), configurable: true });
    });
    await sheet.page.goto(`${running.site.url}/posts/${helper!.id}`);
    await sheet.page.getByRole("button", { name: "Share", exact: true }).click();
    const sent = await sheet.page.evaluate(() => (window as unknown as { __shared: { url: string; title: string }[] }).__shared);
    expect(sent[0]!.url).toMatch(new RegExp(`/posts/${helper!.id}$`));
    expect(sent[0]!.title).toContain(helper!.name);
    await sheet.context.close();
  });

  it("suggests up to four more available helpers of the same nationality, and keeps its headings in order", async () => {
    const [helper] = await running.site.db.select().from(helpers).where(eq(helpers.nationality, "myanmar")).limit(1);
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts/${helper!.id}`);
    const more = page.getByRole("region", { name: "More helpers like this" });
    const cards = more.getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(4);
    for (const text of await cards.allTextContents()) expect(text).toContain("Myanmar");
    expect(await cards.getByRole("heading", { name: helper!.name, exact: true }).count()).toBe(0);
    const levels = await page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) => headings.map((h) => Number(h.tagName[1])));
    expect(levels[0]).toBe(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("sees the medical history only after leaving a name and number, and lands back on the biodata", async () => {
    const supplier = await createSupplier(running.site.db, { companyName: "Gated Details Agency" });
    const helper = await createHelper(running.site, supplier.id, {
      name: "Medical Mariel",
      dateOfBirth: "1992-03-06",
      allergies: "Peanuts",
      illnesses: ["epilepsy"],
      dietaryRestrictions: "Halal only",
    });
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts/${helper.id}`);
    const medical = page.getByRole("region", { name: "Medical and diet" });
    await medical.getByText("Her medical history and date of birth are shown to families who leave their name and number.").waitFor();
    expect(await medical.textContent()).toContain("Halal only");
    for (const hidden of ["Peanuts", "Epilepsy", "6 Mar 1992"]) expect(await page.getByRole("main").textContent()).not.toContain(hidden);

    await medical.getByRole("link", { name: "Leave your name and number to see them" }).click();
    await page.getByRole("heading", { name: "Simply log in with your name and phone number" }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Family Lim");
    await page.getByLabel("Phone Number", { exact: true }).fill(uniqueSgMobile().typed);
    await page.getByRole("button", { name: "Submit" }).click();

    await page.waitForURL(`${running.site.url}/posts/${helper.id}`);
    await expect.poll(() => medical.getByText("Peanuts").count()).toBe(1);
    expect(await medical.textContent()).toContain("Epilepsy");
    expect(await page.getByRole("main").textContent()).toContain("(6 Mar 1992)");
    expect(await medical.getByRole("link", { name: "Leave your name and number to see them" }).count()).toBe(0);
    await context.close();
  });

  it("has a Shortlist toggle on the biodata too", async () => {
    const [someone] = await running.site.db.select().from(helpers).where(eq(helpers.status, "available")).limit(1);
    const { page, context } = await newPage(running.browser, PHONE);
    await page.goto(`${running.site.url}/posts/${someone!.id}`);
    const toggle = page.getByRole("main").getByRole("button", { name: `Shortlist ${someone!.name}` });
    await toggle.click();
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .getByRole("button", { name: `Shortlisted ${someone!.name}` })
          .getAttribute("aria-pressed"),
      )
      .toBe("true");
    await context.close();
  });
});
