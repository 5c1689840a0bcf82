import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { fullBiodata, samplePng, withPhoto } from "../support/biodata";
import { formSection, openSection } from "../support/biodata-form";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newContext, newPage, siteInBrowser } from "../support/e2e";
import { pdfText } from "../support/pdf-text";

describe.skipIf(browserMissing)("a supplier filling the full standard form on a phone", () => {
  const running = siteInBrowser({ seed: false });

  async function logInToCreate(page: Page, email: string) {
    await page.goto(`${running.site.url}/login?redirectTo=%2Fcreate`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/create`);
  }

  async function fillRequired(page: Page) {
    await page.getByLabel("Name").fill("Marites Bautista");
    await page.getByLabel("Nationality").selectOption({ label: "Philippines" });
    await page.getByLabel("Date of birth").fill("1991-08-14");
    await page.getByLabel("Marital status").selectOption({ label: "Single" });
    await page.getByLabel("Religion").selectOption({ label: "Catholic" });
    await openSection(page, "Languages");
    await page.getByLabel("Mother tongue").selectOption({ label: "Tagalog" });
    await openSection(page, "Experience");
    await page.getByLabel("Experience", { exact: true }).selectOption({ label: "Transfer" });
    await openSection(page, "Availability and pay");
    await page.getByLabel("Salary ($ a month)").fill("820");
    await page.getByLabel("Days off (a month)").fill("4");
  }

  it("fills every section, adds and removes jobs in place, fixes a refused month, and sees it on the page and in the PDF", async () => {
    const supplier = await signUp(running.site, { name: "Bayanihan Agency" });
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the job that ends before it starts is refused with 400");
    await logInToCreate(page, supplier.email);

    await fillRequired(page);
    // Personal, with the private details.
    await page.getByLabel("Place of birth").fill("Tarlac City");
    await page.getByLabel("Number of siblings").fill("5");
    await openSection(page, "Private details");
    expect(await page.getByLabel(/passport/i).count()).toBe(0);
    await page.getByLabel("Home address").fill("12 Mabini Street, Tarlac City");
    await page.getByLabel("Repatriation port or airport").fill("Clark International Airport");
    await page.getByLabel("Home contact number").fill("+63 917 222 3344");
    // Medical and diet.
    await openSection(page, "Medical and diet");
    await page.getByLabel("Allergies").fill("Dust");
    await page.getByRole("checkbox", { name: "Asthma" }).check();
    await page.getByLabel("Willing to handle pork").selectOption({ label: "Yes" });
    await page.getByLabel("Willing to handle beef").selectOption({ label: "No" });
    // Skills: the table's toggles, years and ratings.
    await openSection(page, "Skills");
    await page.getByLabel("Method of evaluation").selectOption({ label: "Interviewed by video" });
    await page.getByRole("checkbox", { name: "Cooking: Willing" }).check();
    await page.getByLabel("Cooking: years").fill("6");
    await page.getByLabel("Cooking: rating").selectOption({ label: "4 stars" });
    await page.getByLabel("Cooking: cuisines").fill("Filipino and Chinese");
    await page.getByRole("checkbox", { name: "Care of infants: Has experience" }).check();
    await page.getByLabel("Care of infants: years").fill("3");
    await page.getByLabel("Care of infants: rating").selectOption({ label: "5 stars" });
    // Employment: two jobs added, the second removed again, all without leaving the page.
    await openSection(page, "Employment history");
    await page.getByRole("button", { name: "Add a job" }).click();
    await page.getByRole("button", { name: "Add a job" }).click();
    await expect.poll(() => page.getByRole("group", { name: /^Job \d$/ }).count()).toBe(2);
    await page.getByRole("button", { name: "Remove job 2" }).click();
    await expect.poll(() => page.getByRole("group", { name: /^Job \d$/ }).count()).toBe(1);
    const job = page.getByRole("group", { name: "Job 1" });
    await job.getByLabel("From (month and year)").fill("2021-05");
    await job.getByLabel("To (month and year)").fill("2019-04");
    await job.getByLabel("Country").fill("Hong Kong");
    await job.getByLabel("Employer", { exact: true }).fill("Mrs Wong");
    await job.getByLabel("Feedback from this employer").fill("Kind and careful with the baby");
    // Availability.
    await page.getByLabel("Available from").fill("2027-02-01");
    await page.getByRole("checkbox", { name: "By video" }).check();
    await openSection(page, "Notes and photo");
    await page.getByLabel("Other remarks").fill("Sings to the children at bedtime.");
    // An available biodata needs a photo; making it available is publishing it.
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Available" });
    await page
      .getByLabel("Photo", { exact: true })
      .setInputFiles({ name: "marites.png", mimeType: "image/png", buffer: await samplePng(300, 400) });
    await expect.poll(() => page.getByRole("img", { name: "The helper's photo" }).count()).toBe(1);

    // Closed again, the sections say what is done: the job's section is not refused yet.
    while ((await page.locator("details.form-section[open]").count()) > 0) {
      await page.locator("details.form-section[open] > summary").first().click();
    }
    await expect.poll(() => page.locator("details.form-section[open]").count()).toBe(0);
    await expect.poll(() => page.locator(".form-progress").textContent()).toBe("9 of 9 sections complete");

    // The job ends before it starts: refused, its section opens, the message beside it and focus on it, nothing lost.
    await page.getByRole("button", { name: "Publish" }).click();
    const to = page.getByRole("group", { name: "Job 1" }).getByLabel("To (month and year)");
    await expect.poll(() => to.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("The job cannot end before it starts: check the months").count()).toBe(1);
    await expect.poll(() => to.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel("Home contact number").inputValue()).toBe("+63 917 222 3344");
    expect(await page.getByLabel("Cooking: years").inputValue()).toBe("6");
    expect(await page.getByRole("checkbox", { name: "Asthma", includeHidden: true }).isChecked()).toBe(true);
    expect(await page.locator("details.form-section[open] .form-section-title").allTextContents()).toEqual(["Employment history"]);
    expect(await formSection(page, "Employment history").locator(".form-section-state").textContent()).toBe("Needs a fix");

    await to.fill("2023-04");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);

    // The biodata page: the new parts, public fields only.
    await expect.poll(() => page.getByText("Available from 1 Feb 2027").count()).toBe(1);
    const skills = page.getByRole("table", { name: /Skills/ });
    expect(await skills.getByRole("row", { name: /Cooking/ }).textContent()).toContain("6 years");
    expect(await skills.getByRole("img", { name: "5 of 5 stars" }).count()).toBe(1);
    expect(await page.getByRole("table", { name: "Employment history" }).textContent()).toContain("Kind and careful with the baby");
    const html = await page.content();
    for (const secret of ["12 Mabini Street", "Clark International Airport", "+63 917 222 3344"]) expect(html).not.toContain(secret);

    // The PDF: the owner's copy has the private details; a visitor's has not.
    const href = await page.getByRole("link", { name: "Download biodata (PDF)" }).getAttribute("href");
    const owners = await context.request.get(`${running.site.url}${href}`);
    expect(owners.headers()["content-type"]).toBe("application/pdf");
    const ownerText = (await pdfText(await owners.body())).text;
    for (const expected of [
      "Marites Bautista",
      "Cooking (Filipino and Chinese)",
      "Care of infants",
      "Hong Kong",
      "12 Mabini Street",
      "Available from 1 Feb 2027",
    ]) {
      expect(ownerText).toContain(expected);
    }
    const visitors = await fetch(`${running.site.url}${href}`);
    const visitorText = (await pdfText(Buffer.from(await visitors.arrayBuffer()))).text;
    expect(visitorText).toContain("Marites Bautista");
    expect(visitorText).not.toContain("12 Mabini Street");

    await context.close();
  });

  it("adds and removes jobs without JavaScript, keeping what was typed", async () => {
    const supplier = await signUp(running.site);
    const context = await newContext(running.browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await logInToCreate(page, supplier.email);
    await fillRequired(page);
    await page.getByLabel("Place of birth").fill("Baguio");
    await openSection(page, "Employment history");
    await page.getByRole("button", { name: "Add a job" }).click();
    await page.getByRole("group", { name: "Job 1" }).getByLabel("Country").fill("Taiwan");
    await page.getByRole("button", { name: "Add a job" }).click();
    expect(await page.getByRole("group", { name: /^Job \d$/ }).count()).toBe(2);
    expect(await page.getByLabel("Place of birth").inputValue()).toBe("Baguio");
    await page.getByRole("button", { name: "Remove job 1" }).click();
    expect(await page.getByRole("group", { name: /^Job \d$/ }).count()).toBe(1);
    await context.close();
  });

  it("says the rule on goods words in one line, and a name that breaks it is refused beside the field, naming the word", async () => {
    const supplier = await signUp(running.site);
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the name with a goods word is refused with 400");
    await logInToCreate(page, supplier.email);
    const rule = page.getByText(
      "MOM's rule: no words that treat her as goods (cheap, discount, promotion, sale, sold), or the biodata is refused.",
    );
    await expect.poll(() => rule.isVisible()).toBe(true);
    await fillRequired(page);
    await page.getByLabel("Name").fill("Marites PROMO");
    await page.getByRole("button", { name: "Save draft" }).click();
    const name = page.getByLabel("Name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    const message = page.getByText(/^Name uses “promo”: an advert must not treat a helper as goods/);
    expect(await message.count()).toBe(1);
    expect(await message.isVisible()).toBe(true);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });

  it("says beside the photo why an available biodata needs one, and saves it as a draft without", async () => {
    const supplier = await signUp(running.site);
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the available biodata without a photo is refused with 400");
    await logInToCreate(page, supplier.email);
    await fillRequired(page);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Available" });
    await page.getByRole("button", { name: "Publish" }).click();
    const photo = page.getByLabel("Photo", { exact: true });
    await expect.poll(() => photo.getAttribute("aria-invalid")).toBe("true");
    const message = page.getByText("Add a photo before making this biodata available");
    expect(await message.count()).toBe(1);
    expect(await message.getAttribute("id")).toBe((await photo.getAttribute("aria-describedby"))?.split(" ")[0]);
    await expect.poll(() => photo.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByLabel("Name").inputValue()).toBe("Marites Bautista");

    await page.getByLabel("Status", { exact: true }).selectOption("draft");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await page.goto(`${running.site.url}/dashboard`);
    expect(await page.getByLabel("Status of Marites Bautista").inputValue()).toBe("draft");
    await context.close();
  });
  /** How far the page reaches past the right edge of the window (0 when nothing scrolls sideways). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it("starts a new biodata folded and as a draft, counts the sections done, takes typed numbers as typed, and names its button for what it does", async () => {
    const supplier = await signUp(running.site);
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await logInToCreate(page, supplier.email);
    const open = () => page.locator("details.form-section[open] .form-section-title").allTextContents();
    const progress = page.locator(".form-progress");
    await expect.poll(open).toEqual(["Personal"]);
    expect(await progress.textContent()).toBe("0 of 9 sections complete");
    expect(await page.getByLabel("Status", { exact: true }).inputValue()).toBe("draft");
    // The bar stays at the bottom of the window while the form is scrolled.
    const save = page.getByRole("button", { name: "Save draft" });
    expect((await save.boundingBox())!.y).toBeGreaterThan(700);
    expect((await save.boundingBox())!.y + (await save.boundingBox())!.height).toBeLessThanOrEqual(844);

    // Number boxes start empty: a 4 typed is 4.
    await openSection(page, "Availability and pay");
    for (const label of ["Days off (a month)", "Salary ($ a month)"]) {
      expect(await page.getByLabel(label).inputValue()).toBe("");
    }
    await page.getByLabel("Days off (a month)").click();
    await page.keyboard.type("4");
    expect(await page.getByLabel("Days off (a month)").inputValue()).toBe("4");
    await openSection(page, "Personal");
    expect(await page.getByLabel("Height (cm)").inputValue()).toBe("");

    await fillRequired(page);
    await expect.poll(() => progress.textContent()).toBe("4 of 9 sections complete");
    const status = page.getByLabel("Status", { exact: true });
    await status.selectOption({ label: "Available" });
    await expect.poll(() => page.getByRole("button", { name: "Publish" }).count()).toBe(1);
    await status.selectOption({ label: "Reserved" });
    await expect.poll(() => page.getByRole("button", { name: "Save", exact: true }).count()).toBe(1);
    await status.selectOption({ label: "Draft" });
    expect(await page.getByRole("button", { name: /create/i }).count()).toBe(0);

    // Every section open, the skills table and a job in it: still nothing wider than the phone.
    await openSection(
      page,
      "Languages",
      "Private details",
      "Medical and diet",
      "Experience",
      "Skills",
      "Employment history",
      "Notes and photo",
    );
    await page.getByRole("button", { name: "Add a job" }).click();
    await expect.poll(() => page.getByRole("group", { name: "Job 1" }).count()).toBe(1);
    expect(await overflow(page)).toBe(0);

    await save.click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await page.goto(`${running.site.url}/dashboard`);
    expect(await page.getByLabel("Status of Marites Bautista").inputValue()).toBe("draft");
    await context.close();
  });

  it("fits a phone: the dashboard as cards with Delete in reach, the biodata's skills and jobs as cards, the edit form folded", async () => {
    const supplier = await signUp(running.site);
    for (const name of ["Corazon Dimaculangan Villanueva", "Siti Rahmawati"]) {
      const created = await running.site.app.inject({
        method: "POST",
        url: "/api/helpers",
        headers: { cookie: supplier.cookie },
        payload: await withPhoto(running.site, supplier, fullBiodata({ name })),
      });
      expect(created.statusCode).toBe(201);
    }
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    await page.goto(`${running.site.url}/login?redirectTo=%2Fdashboard`);
    await page.getByLabel("Email").fill(supplier.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/dashboard`);
    // The address changes before the dashboard is drawn: measure once both rows are there.
    await page.getByRole("link", { name: "Delete Siti Rahmawati" }).waitFor();
    expect(await overflow(page)).toBe(0);
    for (const name of ["Corazon Dimaculangan Villanueva", "Siti Rahmawati"]) {
      const box = (await page.getByRole("link", { name: `Delete ${name}` }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // On a tablet and a laptop too: the rows are cards under 900 px, a table whose actions wrap above.
    for (const width of [768, 900, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await overflow(page)).toBe(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByRole("link", { name: "View Siti Rahmawati" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await page.locator(".biodata .employment-table").waitFor();
    const id = page.url().split("/").pop()!;
    expect(await overflow(page)).toBe(0);
    // Each skill and each job is a card inside its part of the page, inside the page's card.
    const spill = await page.evaluate(() => {
      const card = document.querySelector(".biodata")!.getBoundingClientRect();
      return [...document.querySelectorAll(".skills-table tbody tr, .employment-table tbody tr, .biodata-parts section")].map(
        (element) =>
          element.getBoundingClientRect().right - Math.min(card.right, element.closest("section")!.getBoundingClientRect().right),
      );
    });
    expect(spill.length).toBeGreaterThan(6);
    expect(Math.max(...spill)).toBeLessThanOrEqual(0);

    // Editing a listed biodata: every section folded and complete enough to say so; the button saves.
    await page.goto(`${running.site.url}/posts/${id}/edit`);
    expect(await page.locator("details.form-section[open]").count()).toBe(0);
    expect(await page.locator(".form-progress").textContent()).toBe("9 of 9 sections complete");
    expect(await page.getByRole("button", { name: "Save", exact: true }).count()).toBe(1);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });

  it("keeps an operator's header on one line on a laptop", async () => {
    const operator = await signUp(running.site, { name: "Operator Olivia", role: "operator" });
    const { page, context } = await newPage(running.browser, { width: 1366, height: 768 });
    await page.goto(`${running.site.url}/login?redirectTo=%2Fadmin%2Fhelpers`);
    await page.getByLabel("Email").fill(operator.email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${running.site.url}/admin/helpers`);
    // Logo, shortlist, menu; in the menu the account, four links, the operator's pages folded under one, log out.
    // The address changes before the operator's screen is drawn: wait for its whole header.
    const headerItems = page.locator(".site-header-inner > *:not(.menu-toggle), .site-menu > ul > li");
    await expect.poll(() => headerItems.count()).toBe(10);
    const tops = await headerItems.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(12);
    // The operator's pages drop down below it, inside the window.
    await page.locator(".menu-group summary").click();
    await page.getByRole("link", { name: "Outbox" }).click();
    await page.waitForURL(`${running.site.url}/admin/outbox`);
    expect(await page.locator(".menu-group details[open]").count()).toBe(0);
    expect(await overflow(page)).toBe(0);
    await context.close();
  });
});
