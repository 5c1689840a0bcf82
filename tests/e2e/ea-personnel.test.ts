import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eaPersonnel } from "../../src/features/suppliers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newPage, signedInContext, siteInBrowser } from "../support/e2e";
import { createHelper, uniqueLicence } from "../support/factories";
import { uploadedPhotoKey } from "../support/biodata";

describe.skipIf(browserMissing)("an agency adding its EA personnel on a phone", () => {
  const running = siteInBrowser({ seed: false });

  it("is told on the dashboard what to add, adds them on its profile, and is told per field what is wrong", async () => {
    const agency = await signUp(running.site, { name: "Harbour Agency" });
    await running.site.db.update(user).set({ eaLicenceNumber: uniqueLicence() }).where(eq(user.id, agency.id));
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the badly written registration number is refused with 400");
    await page.goto(`${running.site.url}/login?redirectTo=%2Fdashboard`);
    await page.getByLabel("Email").fill(agency.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/dashboard`);
    await page.getByText(/^Your biodata name no EA personnel yet\./).waitFor();

    await page.getByRole("link", { name: "Add EA personnel" }).click();
    await page.waitForURL(`${running.site.url}/profile/${agency.id}#ea-personnel`);
    const section = page.getByRole("region", { name: "EA personnel" });
    await section.getByLabel("Name").fill("Lim Siew Hoon");
    await section.getByLabel("Registration number").fill("S1234567");
    await section.getByRole("button", { name: "Add" }).click();
    const number = section.getByLabel("Registration number");
    await expect.poll(() => number.getAttribute("aria-invalid")).toBe("true");
    expect(await section.getByText("Use MOM's registration number: R and seven digits, e.g. R1234567").isVisible()).toBe(true);

    await number.fill("r1234567");
    await section.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => section.getByText("Lim Siew Hoon · R1234567").count()).toBe(1);
    expect(await section.getByRole("button", { name: "Remove Lim Siew Hoon" }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

    await page.goto(`${running.site.url}/dashboard`);
    expect(await page.getByText(/^Your biodata name no EA personnel yet\./).count()).toBe(0);
    await context.close();
  });

  it("chooses on a biodata's form which of its personnel it names, and the biodata names them", async () => {
    const site = running.site;
    const agency = await signUp(site, { name: "Bay Agency" });
    await site.db.update(user).set({ eaLicenceNumber: uniqueLicence(), licenceCheckedAt: new Date() }).where(eq(user.id, agency.id));
    await site.db.insert(eaPersonnel).values([
      { supplierId: agency.id, name: "Lim Siew Hoon", registrationNumber: "R1234567", createdAt: new Date(Date.now() - 1000) },
      { supplierId: agency.id, name: "Tan Wei Ming", registrationNumber: "R7654321" },
    ]);
    const photo = await uploadedPhotoKey(site, agency.cookie);
    const helper = await createHelper(site, agency.id, { name: "Rosa Bay", photo });
    const context = await signedInContext(running.browser, site, agency.cookie, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${site.url}/posts/${helper.id}`);
    const named = page.locator(".supplier-ea-personnel");
    await expect.poll(() => named.textContent()).toBe("EA personnel: Lim Siew Hoon (registration R1234567)");

    await page.goto(`${site.url}/posts/${helper.id}/edit`);
    const choice = page.getByLabel("EA personnel named on this biodata");
    // Until the agency chooses, the first is the one named.
    await expect
      .poll(() => choice.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent))
      .toBe("Lim Siew Hoon · R1234567");
    await choice.selectOption({ label: "Tan Wei Ming · R7654321" });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    if (process.env.SCREENSHOTS)
      await choice.locator("xpath=..").screenshot({ path: `${process.env.SCREENSHOTS}/biodata-form-ea-personnel-390.png` });
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${site.url}/posts/${helper.id}`);
    await expect
      .poll(() => page.locator(".supplier-ea-personnel").textContent())
      .toBe("EA personnel: Tan Wei Ming (registration R7654321)");
    await context.close();
  });
});
