import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { uploadedPhotoKey } from "../support/biodata";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newContext, signedInContext, siteInBrowser } from "../support/e2e";
import { createHelper, uniqueLicence } from "../support/factories";

const PHONE = { width: 390, height: 844 };
/** Where the screens are kept for a person to look at, when asked (SCREENSHOTS=folder). */
const shots = process.env.SCREENSHOTS;

describe.skipIf(browserMissing)(
  "a licence nobody has checked, on a phone: the agency's dashboard and the operator's refusal and check",
  () => {
    const running = siteInBrowser({ seed: false });

    async function signedIn(
      who: SignedIn,
      options: { javaScriptEnabled?: boolean } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await signedInContext(running.browser, running.site, who.cookie, { viewport: PHONE, ...options });
      return { context, page: await context.newPage() };
    }

    it("tells the agency its licence waits, then that it is refused and why, then that the corrected one waits; the operator refuses, checks and takes back after a question, without script", async () => {
      const site = running.site;
      const licence = uniqueLicence();
      const agency = await signUp(site, { name: "Harbourfront Helpers" });
      await site.db.update(user).set({ eaLicenceNumber: licence }).where(eq(user.id, agency.id));
      const helper = await createHelper(site, agency.id, { name: "Dewi Harbour", photo: await uploadedPhotoKey(site, agency.cookie) });
      const operator = await signUp(site, { name: "Omar Operator", role: "operator" });

      const own = await signedIn(agency);
      const notice = own.page.locator(".licence-notice");
      await own.page.goto(`${site.url}/dashboard`);
      await expect.poll(() => notice.textContent()).toContain(`Your EA licence ${licence} waits for our check`);
      expect(await notice.getByRole("link", { name: "Correct the licence on your profile" }).getAttribute("href")).toBe(
        `/profile/${agency.id}`,
      );
      expect(await own.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      if (shots) await own.page.screenshot({ path: `${shots}/dashboard-licence-waiting-390.png` });

      // The operator's screen works as plain forms: no script at all.
      const desk = await signedIn(operator, { javaScriptEnabled: false });
      const screen = desk.page;
      await screen.goto(`${site.url}/admin/suppliers?q=${licence}`);
      const row = screen.getByRole("row").filter({ hasText: "Harbourfront Helpers" });
      await row.getByLabel(`Why ${licence} is refused (the agency reads it)`).fill("MOM's directory has no agency with this licence");
      await row.getByRole("button", { name: "Refuse licence" }).click();
      await expect.poll(() => screen.getByRole("status").filter({ hasText: "is refused" }).count()).toBe(1);
      await expect.poll(() => row.textContent()).toContain("by Omar Operator: MOM's directory has no agency with this licence");
      expect(await screen.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      if (shots) await screen.screenshot({ path: `${shots}/admin-suppliers-refused-390.png`, fullPage: true });

      const familyContext = await newContext(running.browser, { viewport: PHONE });
      expectFailedResponses(familyContext, [404], "a refused agency's biodata page is not found by families");
      const family = { context: familyContext, page: await familyContext.newPage() };
      const gone = await family.page.goto(`${site.url}/posts/${helper.id}`);
      expect(gone?.status()).toBe(404);

      await own.page.goto(`${site.url}/dashboard`);
      await expect
        .poll(() => notice.textContent())
        .toContain(
          `We refused your EA licence ${licence}: MOM's directory has no agency with this licence. Families see none of your biodata now`,
        );
      if (shots) await own.page.screenshot({ path: `${shots}/dashboard-licence-refused-390.png` });

      const corrected = uniqueLicence();
      await own.page.goto(`${site.url}/profile/${agency.id}`);
      await own.page.getByLabel(/^EA licence number/).fill(corrected);
      await own.page.getByRole("button", { name: "Update details" }).click();
      await expect.poll(() => own.page.getByText("Your details are saved.").count()).toBe(1);
      await own.page.goto(`${site.url}/dashboard`);
      await expect.poll(() => notice.textContent()).toContain(`You changed your EA licence to ${corrected} after we refused ${licence}`);
      if (shots) await own.page.screenshot({ path: `${shots}/dashboard-licence-corrected-390.png` });

      await screen.goto(`${site.url}/admin/suppliers?q=${corrected}`);
      await row.getByLabel(`How you checked ${corrected}`).fill("Checked MOM EA directory, 29 Nov");
      await row.getByRole("button", { name: "Mark licence checked" }).click();
      await expect.poll(() => screen.getByRole("status").filter({ hasText: "is marked checked" }).count()).toBe(1);
      const back = await family.page.goto(`${site.url}/posts/${helper.id}`);
      expect(back?.status()).toBe(200);

      await row.getByRole("button", { name: "Take back the check" }).click();
      const question = screen.getByRole("region", { name: `Take back the check of ${corrected} (Harbourfront Helpers)?` });
      await expect.poll(() => question.count()).toBe(1);
      if (shots) await screen.screenshot({ path: `${shots}/admin-suppliers-take-back-390.png` });
      await question.getByRole("button", { name: "Yes, take back the check" }).click();
      await expect.poll(() => screen.getByRole("status").filter({ hasText: "is taken back" }).count()).toBe(1);
      expect((await site.db.select().from(user).where(eq(user.id, agency.id)))[0]!.licenceCheckedAt).toBeNull();
      for (const opened of [own, desk, family]) await opened.context.close();
    });
  },
);
