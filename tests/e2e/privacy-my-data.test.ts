import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { visitors } from "../../src/features/leads/server/tables";
import { browserMissing } from "../support/browser";
import { newPage, siteInBrowser } from "../support/e2e";

const GATE = "Simply log in with your name and phone number";

describe.skipIf(browserMissing)("a visitor withdraws consent from the browser they gave their number in", () => {
  const running = siteInBrowser({ seed: false });

  it("passes the gate, sees their name and number on Your Data, withdraws, and is asked again", async () => {
    const { page, context } = await newPage(running.browser);
    const number = `91${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
    await page.goto(`${running.site.url}/filters`);
    await page.getByRole("heading", { name: GATE }).waitFor();
    await page.getByLabel("Name", { exact: true }).fill("Privacy Tester");
    await page.getByLabel("Phone Number", { exact: true }).fill(number);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Thank you, Privacy Tester.").waitFor();

    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Your Data" }).click();
    await page.getByRole("heading", { name: "Your data" }).waitFor();
    await page.getByText("Privacy Tester", { exact: true }).waitFor();
    await page.getByText(`+65 ${number.slice(0, 4)} ${number.slice(4)}`, { exact: true }).waitFor();

    await page.getByRole("button", { name: "Withdraw consent and delete my data" }).click();
    await page.getByRole("status").filter({ hasText: "Deleted now: your name, number and e-mail" }).waitFor();
    expect(
      await running.site.db
        .select()
        .from(visitors)
        .where(eq(visitors.phone, `+65${number}`)),
    ).toHaveLength(0);

    await page.goto(`${running.site.url}/filters`);
    await page.getByRole("heading", { name: GATE }).waitFor();
    await context.close();
  });
});
