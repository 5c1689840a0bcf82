/**
 * A family on a phone passes the gate, says what it needs at /jobs/new and finds its post on
 * /jobs with no name or number on either page; a supplier whose helper fits sees it on its
 * dashboard and proposes her; the family finds the proposal in its space and accepts it, and
 * the conversation opens with the proposal (issue 34).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { calendarDateAt, formatIsoDate } from "../../src/shared/age";
import { signUp } from "../support/auth";
import { browserMissing } from "../support/browser";
import { newPage, screenshot, signedInContext, siteInBrowser } from "../support/e2e";
import { createHelper } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";

const PHONE = { width: 390, height: 844 };

describe.skipIf(browserMissing)("a family posts what it needs and a supplier answers with a helper who fits", () => {
  const running = siteInBrowser({ seed: false });

  it("posts a job, shows it with no name or number, and the family accepts the supplier's proposal in its space", async () => {
    const { site, browser } = running;
    const supplier = await signUp(site, { name: "Harbour Agency" });
    await site.db.update(user).set({ emailVerified: true }).where(eq(user.id, supplier.id));
    const helper = await createHelper(site, supplier.id, {
      name: "Marisol Bautista",
      nationality: "philippines",
      cares: ["child", "elder"],
      salary: 720,
    });
    const name = "Tan Mei Ling";
    // A number the gate takes as a Singapore mobile (not every 9xxxxxxx is one).
    const local = uniqueSgMobile().typed.replace(" ", "");
    const spellings = [local, `${local.slice(0, 4)} ${local.slice(4)}`, `+65${local}`, name];
    const start = formatIsoDate(calendarDateAt(new Date(Date.now() + 21 * 86_400_000)));
    const { page, context } = await newPage(browser, PHONE);

    // Past the gate, the family finds the job posts in the menu.
    await page.goto(`${site.url}/filters`);
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Phone Number", { exact: true }).fill(local);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText(`Thank you, ${name}.`).waitFor();
    await page.locator("summary.menu-button").click();
    await page.getByRole("link", { name: "Jobs", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/jobs");
    await page.getByRole("link", { name: "Post what you need" }).click();
    await page.waitForURL((url) => url.pathname === "/jobs/new");

    // What it needs, field by field.
    const cares = page.getByRole("group", { name: "Care needed" });
    await cares.getByLabel("Child care").check();
    await cares.getByLabel("Elderly care").check();
    await page.getByLabel("Adults at home").fill("2");
    await page.getByLabel("Children's ages").fill("4, 9");
    await page.getByLabel("An elderly person lives with us").check();
    await page.getByRole("group", { name: "What the elderly person needs" }).getByLabel("help to move about").check();
    await page.getByLabel("Kind of home").selectOption({ label: "HDB flat" });
    await page.getByLabel("District").selectOption({ label: "Tampines" });
    await page.getByRole("group", { name: "Languages she should speak" }).getByLabel("English (fair or better)").check();
    await page.getByLabel("Start date").fill(start);
    await page.getByLabel("Salary from (S$ a month)").fill("600");
    await page.getByLabel("Salary up to (S$ a month)").fill("800");
    await page.getByLabel("Days off a month").fill("4");
    await page.getByRole("group", { name: "Nationalities you prefer" }).getByLabel("Philippines").check();
    await page.getByLabel("Anything else").fill("Grandpa walks with a stick; the children take the school bus.");
    await screenshot(page, "job-post-form-390.png");
    await page.getByRole("button", { name: "Publish my post" }).click();
    await page.waitForURL((url) => /^\/jobs\/[0-9a-f-]{36}$/.test(url.pathname));
    const jobPath = new URL(page.url()).pathname;
    await page.getByRole("status").filter({ hasText: "Your post is published" }).waitFor();
    await page.getByRole("heading", { name: "Tampines: Child care, Elderly care" }).waitFor();
    await screenshot(page, "job-post-390.png");
    const postText = await page.locator("main").innerText();
    expect(postText).toContain("Grandpa walks with a stick");

    // On /jobs, and nowhere on either page a name or a number.
    await page.goto(`${site.url}/jobs`);
    await page.getByRole("link", { name: "Tampines: Child care, Elderly care" }).waitFor();
    await screenshot(page, "jobs-list-390.png");
    const listHtml = await page.content();
    await page.goto(`${site.url}${jobPath}`);
    await page.getByRole("heading", { name: "Tampines: Child care, Elderly care" }).waitFor();
    const postHtml = await page.content();
    for (const html of [listHtml, postHtml]) for (const spelling of spellings) expect(html).not.toContain(spelling);

    // The supplier sees the post on its dashboard and proposes the helper who fits.
    const supplierContext = await signedInContext(browser, site, supplier.cookie, { viewport: PHONE });
    const desk = await supplierContext.newPage();
    await desk.goto(`${site.url}/dashboard`);
    await desk.getByRole("link", { name: /job post fits your helpers/ }).click();
    await desk.waitForURL((url) => url.pathname === "/dashboard/jobs");
    await desk.getByText(`Your helpers who fit: Marisol Bautista (${helper.ref})`).waitFor();
    await screenshot(desk, "jobs-fitting-390.png");
    await desk.getByRole("link", { name: "Propose helpers" }).click();
    await desk.waitForURL((url) => url.pathname === `/dashboard${jobPath}`);
    await desk
      .getByLabel(`Your message about Marisol Bautista (${helper.ref})`)
      .fill("Marisol cared for a grandfather and two boys for five years.");
    await desk.getByRole("button", { name: "Propose Marisol Bautista" }).click();
    await desk.getByRole("status").filter({ hasText: "Your proposal is sent" }).waitFor();
    await desk.getByText(`Marisol Bautista (${helper.ref}): waiting for the family`).waitFor();
    await screenshot(desk, "jobs-proposed-390.png");

    // The family finds it in its space and accepts it with one tap.
    await page.goto(`${site.url}/messages`);
    const accept = page.getByRole("button", { name: `Accept the proposal of Marisol Bautista (${helper.ref})` });
    await accept.waitFor();
    await page.getByText("Marisol cared for a grandfather and two boys for five years.").waitFor();
    await screenshot(page, "jobs-space-proposal-390.png");
    await accept.click();
    await page.waitForURL((url) => /^\/messages\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByText("Marisol cared for a grandfather and two boys for five years.").waitFor();
    await screenshot(page, "jobs-accepted-conversation-390.png");

    // The supplier writes on in the same conversation.
    await desk.goto(`${site.url}/dashboard/messages`);
    await desk.getByText("Marisol Bautista").first().waitFor();
    await supplierContext.close();
    await context.close();
  });
});
