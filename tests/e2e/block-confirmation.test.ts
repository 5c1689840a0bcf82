/**
 * Blocks ask first (decision 144), on a phone: the supplier's "Block this family" and the
 * operator's blocks open a question in the page naming who is blocked and what follows; only
 * "Yes, block" blocks; the page then says what was done and shows only the way to lift it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { browserMissing } from "../support/browser";
import { signedInContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";
import { formBody, formHeaders } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

/** The page's confirmation region (the one every signed-in page has). */
const flash = (page: Page) => page.locator(".flash-message[role=status]");

describe.skipIf(browserMissing)("a block asks first and says what it did, on a phone", () => {
  const running = siteInBrowser({ seed: false });

  /** A family's first message about a new helper of `supplier`, through the page's form. */
  async function conversationWith(supplier: SignedIn, helperName: string, familyName: string): Promise<string> {
    const helper = await createHelper(running.site, supplier.id, { name: helperName });
    const visitor = await returningVisitorCookie(running.site, familyName);
    const posted = await running.site.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Hello, is she available?", email: "" }),
    });
    expect(posted.statusCode).toBe(302);
    return String(posted.headers.location).split("/").pop()!;
  }

  async function signedIn(account: SignedIn) {
    const context = await signedInContext(running.browser, running.site, account.cookie, { viewport: { width: 390, height: 844 } });
    return { context, page: await context.newPage() };
  }

  it("lets a supplier block a family only after the question, then unblock it", async () => {
    const supplier = await signUp(running.site, { name: "Careful Agency" });
    const id = await conversationWith(supplier, "Quiet Qistina", "Rude Family");
    const { context, page } = await signedIn(supplier);
    await page.goto(`${running.site.url}/messages/${id}`);
    await page.waitForSelector("html[data-hydrated]");
    const yes = page.getByRole("button", { name: "Yes, block Rude Family" });
    expect(await yes.isVisible()).toBe(false);

    await page.locator("summary", { hasText: "Block this family…" }).click();
    await expect.poll(() => yes.isVisible()).toBe(true);
    const question = page.locator(".confirm-block-form");
    expect(await question.textContent()).toContain("Block Rude Family?");
    expect(await question.textContent()).toContain("They will no longer be able to write to you about any of your helpers");
    await page.getByLabel("Why? (optional; kept in the block log the site's operators read)").fill("Insults");
    // The question fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (process.env.SCREENS_DIR) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${process.env.SCREENS_DIR}/phone-block-confirm.png`, fullPage: true });
    }

    await yes.click();
    await expect
      .poll(() => flash(page).textContent())
      .toBe("Blocked Rude Family. They can no longer write to you about any of your helpers.");
    await page.getByText("You have blocked Rude Family: they cannot write to you about any of your helpers.").waitFor();
    expect(await page.locator("summary", { hasText: "Block this family…" }).count()).toBe(0);

    await page.getByRole("button", { name: "Unblock Rude Family" }).click();
    await expect.poll(() => flash(page).textContent()).toBe("Unblocked Rude Family. They can write to you again.");
    await page.locator("summary", { hasText: "Block this family…" }).waitFor();
    expect(await page.getByRole("button", { name: "Unblock Rude Family" }).count()).toBe(0);
    await context.close();
  });

  it("lets an operator block a family everywhere and a supplier from messaging only after the question, showing Block or Unblock as they stand", async () => {
    const supplier = await signUp(running.site, { name: "Noisy Agency" });
    const operator = await signUp(running.site, { name: "Opal Operator", role: "operator" });
    const id = await conversationWith(supplier, "Busy Bella", "Spam Family");
    const { context, page } = await signedIn(operator);
    await page.goto(`${running.site.url}/messages/${id}`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await page.getByRole("button", { name: /^Unblock/ }).count()).toBe(0);

    await page.locator("summary", { hasText: "Block the family everywhere" }).click();
    await page.getByText("Block Spam Family everywhere?").waitFor();
    await page.getByLabel("Why (kept in the block log)").fill("Spam to every agency");
    await page.getByRole("button", { name: "Yes, block Spam Family everywhere" }).click();
    await expect
      .poll(() => flash(page).textContent())
      .toBe("Blocked Spam Family everywhere: they can no longer write to any supplier on the site.");
    await page.getByRole("button", { name: "Unblock Spam Family" }).waitFor();
    expect(await page.locator("summary", { hasText: "Block the family everywhere" }).count()).toBe(0);

    await page.locator("summary", { hasText: "Block the supplier from messaging" }).click();
    await page.getByText("Block Noisy Agency from messaging?").waitFor();
    await page.getByRole("button", { name: "Yes, block Noisy Agency" }).click();
    await expect.poll(() => flash(page).textContent()).toMatch(/^Blocked Noisy Agency from messaging/);
    await page.getByRole("button", { name: "Unblock Noisy Agency" }).click();
    await expect.poll(() => flash(page).textContent()).toBe("Unblocked Noisy Agency: they can write to families again.");
    await page.locator("summary", { hasText: "Block the supplier from messaging" }).waitFor();

    // The block log lifts it too, and says so.
    await page.goto(`${running.site.url}/admin/conversations`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator("li", { hasText: "Spam to every agency" }).getByRole("button", { name: "Lift this block" }).click();
    await expect
      .poll(() => flash(page).textContent())
      .toBe("Unblocked Spam Family: this block is lifted (any other block in force still holds).");
    await page.goto(`${running.site.url}/messages/${id}`);
    await page.locator("summary", { hasText: "Block the family everywhere" }).waitFor();
    await context.close();
  });
});
