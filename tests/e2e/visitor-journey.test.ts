import { and, arrayOverlaps, desc, eq, inArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { whatsappMessage } from "../../src/features/helpers/components/contact-buttons";
import type { Database } from "../../src/server/db/connect";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { visitors } from "../../src/features/leads/server/tables";
import { createVisitorCookie } from "../../src/server/http/visitor-cookie";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newContext, newPage, siteInBrowser } from "../support/e2e";
import { TEST_AUTH_SECRET } from "../support/test-app";
import { returningVisitorCookie } from "../support/visitor";

const CONTACT_PHONE = "6591110000";

/** A Singapore mobile number nobody else in the run uses. */
function uniqueMobile(): string {
  // 91xx xxxx: a range in use, so every number drawn is one that can exist.
  return `91${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
}

/** The cookie the site set for a visitor who passed the gate earlier, for `site`. */
async function visitorCookie(site: Parameters<typeof returningVisitorCookie>[0], name: string) {
  return { name: "visitor", value: (await returningVisitorCookie(site, name)).slice("visitor=".length), url: "" };
}

/**
 * Each card as the page shows it (name, nationality, care chips), with the reference and marital
 * status the biodata behind it has (a card leaves those to the biodata page).
 */
async function cardFacts(page: Page, db: Database): Promise<Record<string, string>[]> {
  const shown = await page.getByRole("article").evaluateAll((cards) =>
    cards.map((card) => ({
      Name: card.querySelector("h2")?.textContent ?? "",
      Nationality: (card.querySelector(".helper-facts")?.textContent ?? "").split(" · ")[1] ?? "",
      Care: [...card.querySelectorAll(".chips li")].map((chip) => chip.textContent).join(", "),
      Id: card.querySelector("a[href^='/posts/']")?.getAttribute("href")?.split("/").pop() ?? "",
    })),
  );
  const ids = shown.map((card) => card.Id);
  const rows = ids.length > 0 ? await db.select().from(helpers).where(inArray(helpers.id, ids)) : [];
  return shown.map((card) => {
    const row = rows.find((r) => r.id === card.Id);
    return { ...card, Ref: row?.ref ?? "", Marital: row?.marital === "single" ? "Single" : (row?.marital ?? "") };
  });
}

describe.skipIf(browserMissing)("a household finds a helper through the filters", () => {
  const running = siteInBrowser({ env: { CONTACT_PHONE } });

  const storedVisitor = async (phone: string) => (await running.site.db.select().from(visitors).where(eq(visitors.phone, phone)))[0];

  it("gives a name and number, chooses criteria, sees only matching helpers and contacts one", async () => {
    const { page, context } = await newPage(running.browser);
    expectFailedResponses(context, [400], "the wrong number is refused with 400");
    await page.goto(`${running.site.url}/filters`);
    await page.getByRole("heading", { name: "Simply log in with your name and phone number" }).waitFor();
    expect(await page.getByRole("link", { name: "privacy policy", exact: true }).getAttribute("href")).toBe("/privacy-policy");
    const phoneField = page.getByLabel("Phone Number", { exact: true });
    expect(await phoneField.getAttribute("type")).toBe("tel");
    expect(await phoneField.getAttribute("autocomplete")).toBe("tel");

    await page.getByLabel("Name", { exact: true }).fill("Journey Tester");
    await phoneField.fill("1234");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect.poll(() => phoneField.getAttribute("aria-invalid")).toBe("true");
    const message = await page
      .locator(`#${await phoneField.getAttribute("aria-describedby").then((ids) => ids!.split(" ")[0])}`)
      .textContent();
    expect(message).toMatch(/too short/);
    expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe("Journey Tester");
    expect(await running.site.db.select().from(visitors).where(eq(visitors.name, "Journey Tester"))).toEqual([]);

    const local = uniqueMobile();
    await phoneField.fill(`${local.slice(0, 4)} ${local.slice(4)}`);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    expect(await page.getByRole("heading", { name: "Simply log in with your name and phone number" }).count()).toBe(0);
    expect(await storedVisitor(`+65${local}`)).toMatchObject({ name: "Journey Tester", visits: 1 });
    const cookie = (await context.cookies()).find((c) => c.name === "visitor");
    // Signed by the site: what it holds reads back only through the site's own key.
    expect(await createVisitorCookie(TEST_AUTH_SECRET).read(`visitor=${cookie!.value}`)).toEqual({
      leadId: expect.any(String),
      name: "Journey Tester",
      phone: `+65${local}`,
      key: expect.any(String),
    });
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
    expect(cookie!.path).toBe("/");

    await page.getByRole("group", { name: "Nationality" }).getByLabel("Philippines").check();
    await page.getByLabel("Marital status").selectOption({ label: "Single" });
    await page.getByLabel("Special care").selectOption({ label: "Infant or child care" });
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/\/posts\?/);
    const params = new URL(page.url()).searchParams;
    expect([...params.keys()].sort()).toEqual(["category", "marital", "neg"]);

    await page.getByRole("heading", { name: "Available helpers" }).waitFor();
    const cards = await cardFacts(page, running.site.db);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.Nationality).toBe("Philippines");
      expect(card.Marital).toBe("Single");
      expect(card.Care).toMatch(/Infant|Child/);
    }

    await page
      .getByRole("article")
      .first()
      .getByRole("link", { name: /^Details/ })
      .click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    // The address may change before React has rendered the biodata: wait for it.
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(cards[0]!.Name);
    const name = cards[0]!.Name!;
    const whatsapp = await page.getByRole("link", { name: `WhatsApp about ${name}` }).getAttribute("href");
    // Her supplier's own number (decision 102), not the site's.
    const [supplier] = await running.site.db
      .select({ phone: user.phone })
      .from(helpers)
      .innerJoin(user, eq(user.id, helpers.supplierId))
      .where(eq(helpers.id, cards[0]!.Id!));
    expect(supplier?.phone).toBeTruthy();
    const supplierDigits = supplier!.phone!.replace(/\D/g, "");
    expect(supplierDigits).not.toBe(CONTACT_PHONE);
    expect(whatsapp).toBe(`https://wa.me/${supplierDigits}?text=${encodeURIComponent(whatsappMessage(name, cards[0]!.Ref!))}`);
    expect(decodeURIComponent(whatsapp!)).toContain(`helper ${name} (ref ${cards[0]!.Ref})`);
    await context.close();
  });

  it("lets a returning visitor skip the gate, with the choices of the link pre-filled", async () => {
    const { page, context } = await newPage(running.browser);
    await context.addCookies([{ ...(await visitorCookie(running.site, "Returning Tester")), url: running.site.url }]);
    await page.goto(`${running.site.url}/filters?category=Filipines&marriage=Single&neg=Infant,Child&ageMax=45`);
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    expect(await page.getByRole("heading", { name: "Simply log in with your name and phone number" }).count()).toBe(0);
    expect(await page.getByText("Welcome back, Returning Tester.").count()).toBe(1);
    expect(await page.getByRole("group", { name: "Nationality" }).getByLabel("Philippines").isChecked()).toBe(true);
    expect(await page.getByRole("group", { name: "Nationality" }).getByLabel("India").isChecked()).toBe(false);
    expect(await page.getByLabel("Marital status").inputValue()).toBe("single");
    expect(await page.getByLabel("Special care").inputValue()).toBe("Infant,Child");
    expect(await page.getByLabel("Age to").inputValue()).toBe("45");
    expect(await page.getByRole("group", { name: "Religion" }).getByRole("checkbox", { checked: true }).count()).toBe(0);
    await context.close();
  });

  it("starts the form from the address it was opened with, never from the last choices", async () => {
    const { page, context } = await newPage(running.browser);
    await context.addCookies([{ ...(await visitorCookie(running.site, "Session Tester")), url: running.site.url }]);
    await page.goto(`${running.site.url}/filters`);
    await page.getByRole("group", { name: "Religion" }).getByLabel("Muslim").check();
    await page.getByLabel("Maximum salary (S$ a month)").fill("900");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/\/posts\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ religion: "muslim", salaryMax: "900" });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Filters" }).click();
    await page.waitForURL(/\/filters$/);
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    expect(await page.getByRole("group", { name: "Religion" }).getByLabel("Muslim").isChecked()).toBe(false);
    expect(await page.getByLabel("Maximum salary (S$ a month)").inputValue()).toBe("");
    await context.close();
  });

  it("shows what is wrong with the age range and salary next to the fields", async () => {
    const { page, context } = await newPage(running.browser);
    await context.addCookies([{ ...(await visitorCookie(running.site, "Range Tester")), url: running.site.url }]);
    await page.goto(`${running.site.url}/filters`);
    await page.getByLabel("Age from").fill("50");
    await page.getByLabel("Age to").fill("30");
    await page.getByLabel("Maximum salary (S$ a month)").fill("cheap");
    await page.getByRole("button", { name: "Apply Filters" }).click();
    const ageTo = page.getByLabel("Age to");
    await expect.poll(() => ageTo.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Must not be less than the “from” age (50)").count()).toBe(1);
    expect(await page.getByText("Enter the salary as a number of dollars, like 700").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/filters");
    await context.close();
  });

  it("passes the gate with JavaScript turned off", async () => {
    const context = await newContext(running.browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    expectFailedResponses(context, [400], "the number that is too short is refused with 400");
    const page = await context.newPage();
    await page.goto(`${running.site.url}/filters`);
    await page.getByLabel("Name", { exact: true }).fill("No Script Tester");
    await page.getByLabel("Phone Number", { exact: true }).fill("+63 917 12");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(/too short/i).waitFor();
    expect(await page.getByLabel("Phone Number", { exact: true }).inputValue()).toBe("+63 917 12");

    const number = `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await page.getByLabel("Phone Number", { exact: true }).fill(number);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("heading", { name: "Your criteria for helper" }).waitFor();
    expect(await storedVisitor(number)).toMatchObject({ name: "No Script Tester" });

    await page.getByRole("group", { name: "Nationality" }).getByLabel("Indonesia").check();
    await page.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/\/posts\?/);
    expect(new URL(page.url()).searchParams.get("category")).toBe("indonesia");
    await page.getByRole("heading", { name: "Available helpers" }).waitFor();
    for (const card of await cardFacts(page, running.site.db)) expect(card.Nationality).toBe("Indonesia");
    await context.close();
  });

  it("lists the right helpers for a link written by the original site", async () => {
    const { page, context } = await newPage(running.browser);
    await page.goto(`${running.site.url}/posts?category=Filipines&marriage=Single&neg=Infant,Child`);
    const expected = await running.site.db
      .select({ name: helpers.name, ref: helpers.ref })
      .from(helpers)
      .where(
        and(
          eq(helpers.status, "available"),
          eq(helpers.nationality, "philippines"),
          eq(helpers.marital, "single"),
          arrayOverlaps(helpers.cares, ["infant", "child"]),
        ),
      )
      .orderBy(desc(helpers.publishedAt));
    expect(expected.length).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toContain(`${expected.length} ${expected.length === 1 ? "helper" : "helpers"}`);
    const shown = (await cardFacts(page, running.site.db)).map((card) => card.Ref).sort();
    expect(shown).toEqual(
      expected
        .slice(0, 24)
        .map((helper) => helper.ref)
        .sort(),
    );
    await context.close();
  });
});
