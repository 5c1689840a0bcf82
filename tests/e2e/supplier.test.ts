import AxeBuilder from "@axe-core/playwright";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { biodataBody, samplePng, uploadedPhotoKey, withPhoto } from "../support/biodata";
import { openSection } from "../support/biodata-form";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newContext, newPage, siteInBrowser } from "../support/e2e";
import { uniqueEmail } from "../support/factories";

const XSS_NOTES = [
  `<p>Honest and kind.</p>`,
  `<script>alert("script")</script>`,
  `<img src="x" onerror="alert('onerror')">`,
  `<a href="javascript:alert('link')">click me</a>`,
  `<a href="&#106;avascript:alert('entity')">entity</a>`,
  `<a href="java\tscript:alert('tab')">tab</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<svg onload="alert('svg')"><circle r="5"/></svg>`,
  `<iframe src="javascript:alert('frame')"></iframe>`,
  `<p style="background:url(javascript:alert('style'))" onmouseover="alert('hover')">Hover me</p>`,
].join("");

describe.skipIf(browserMissing)("a supplier managing biodata in a browser", () => {
  const running = siteInBrowser({ seed: false });

  async function logIn(page: Page, email: string) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
  }

  it("signs up, creates a biodata with a photo, finds it listed, edits, re-lists and deletes it", async () => {
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(context, [400], "the mismatched passwords are refused with 400");
    const email = uniqueEmail("biodata");

    await page.goto(`${running.site.url}/register`);
    await page.getByLabel("Full name").fill("Carmen Agency");
    await page.getByLabel("Company name").fill("Carmen Agency Pte Ltd");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill("something else entirely");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect.poll(() => page.getByText("The two passwords do not match").count()).toBe(1);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(/\/dashboard$/);
    // Signed out with no page open: the dashboard's header follows the inbox's stream, which
    // would otherwise reconnect without the cookie and be refused (401).
    await page.goto("about:blank");
    await context.clearCookies();

    // A protected screen sends a signed-out supplier to log in, and back.
    await page.goto(`${running.site.url}/create`);
    await page.waitForURL(/\/login\?redirectTo=%2Fcreate$/);
    await logIn(page, email);
    await page.waitForURL(`${running.site.url}/create`);

    await page.getByLabel("Name").fill("Rosalinda Cruz");
    await page.getByLabel("Nationality").selectOption({ label: "Philippines" });
    await page.getByLabel("Date of birth").fill("1992-03-06");
    await page.getByLabel("Height (cm)").fill("158");
    await page.getByLabel("Weight (kg)").fill("54");
    await page.getByLabel("Marital status").selectOption({ label: "Married with children" });
    await page.getByLabel("Children's ages").fill("6, 10");
    await page.getByLabel("Religion").selectOption({ label: "Catholic" });
    await page.getByLabel("Education").selectOption({ label: "High school" });
    await openSection(page, "Experience");
    await page.getByLabel("Experience", { exact: true }).selectOption({ label: "Ex-Singapore" });
    await openSection(page, "Availability and pay");
    await page.getByLabel("Salary ($ a month)").fill("780");
    await page.getByLabel("Days off (a month)").fill("4");
    await openSection(page, "Languages");
    await page.getByLabel("Mother tongue").selectOption({ label: "Tagalog" });
    await page.getByLabel("English", { exact: true }).selectOption({ label: "Good" });
    // A level beside each language ticked (decision 134), hidden until it is ticked.
    const mandarinLevel = page.getByRole("combobox", { name: "Level of Mandarin" });
    expect(await mandarinLevel.isVisible()).toBe(false);
    await page.getByRole("checkbox", { name: "Mandarin", exact: true }).check();
    await mandarinLevel.selectOption({ label: "Good" });
    await page.getByRole("checkbox", { name: "Elderly care" }).check();
    await openSection(page, "Notes and photo");

    const notes = page.locator(".ql-editor");
    await notes.waitFor();
    expect(await page.getByRole("textbox", { name: "Special notes" }).count()).toBe(1);
    await notes.click();
    await page.keyboard.type("Cooks Filipino food. ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Very patient");

    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "rosalinda.png",
      mimeType: "image/png",
      buffer: await samplePng(600, 800),
    });
    const preview = page.getByRole("img", { name: "The helper's photo" });
    await expect.poll(() => preview.count()).toBe(1);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Available" });
    await expect.poll(() => page.getByRole("button", { name: "Publish" }).isEnabled()).toBe(true);
    await page.getByRole("button", { name: "Publish" }).click();

    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop()!;
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Rosalinda Cruz");
    expect(await page.locator(".rich-text strong").textContent()).toBe("Very patient");
    const photo = page.getByRole("img", { name: "Photo of Rosalinda Cruz" });
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const [stored] = await running.site.db.select().from(helpers).where(eq(helpers.id, id));
    expect(stored).toMatchObject({
      nationality: "philippines",
      otherLanguages: ["mandarin"],
      languageLevels: { mandarin: "good" },
      cares: ["elder"],
      salary: 780,
    });
    const firstPhoto = stored!.photo!;

    await page.goto(`${running.site.url}/posts`);
    expect(await page.getByRole("heading", { level: 2, name: "Rosalinda Cruz" }).count()).toBe(1);

    await page.goto(`${running.site.url}/dashboard`);
    const row = page.getByRole("row", { name: /Rosalinda Cruz/ });
    expect(await row.getByText(stored!.ref).count()).toBe(1);
    expect(await row.getByLabel("Status of Rosalinda Cruz").inputValue()).toBe("available");

    await row.getByRole("link", { name: "Edit Rosalinda Cruz" }).click();
    await page.waitForURL(`${running.site.url}/posts/${id}/edit`);
    await openSection(page, "Availability and pay");
    await page.getByLabel("Salary ($ a month)").fill("3500");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByText("Salary must be between $300 and $3,000 a month").count()).toBe(1);
    expect(await page.getByLabel("Name").inputValue()).toBe("Rosalinda Cruz");
    await page.getByLabel("Salary ($ a month)").fill("900");
    await openSection(page, "Notes and photo");
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "newer.png",
      mimeType: "image/png",
      buffer: await samplePng(500, 700),
    });
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Photo uploaded" }).count()).toBe(1);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${running.site.url}/posts/${id}`);
    await expect.poll(() => page.getByText("$900").count()).toBeGreaterThan(0);
    // The replaced photo's files are gone once the new one is saved.
    expect((await running.site.app.inject({ url: `/media/${firstPhoto}.webp` })).statusCode).toBe(404);

    await page.goto(`${running.site.url}/dashboard`);
    await row.getByLabel("Status of Rosalinda Cruz").selectOption("reserved");
    await row.getByRole("button", { name: /Change/ }).click();
    await expect.poll(() => row.getByText("Now reserved").count()).toBe(1);
    await page.goto(`${running.site.url}/posts`);
    expect(await page.getByRole("heading", { level: 2, name: "Rosalinda Cruz" }).count()).toBe(0);

    await page.goto(`${running.site.url}/posts/${id}`);
    await page.getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(`${running.site.url}/posts/${id}/delete`);
    await expect.poll(() => page.getByText("Delete the biodata of Rosalinda Cruz? This cannot be undone.").count()).toBe(1);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(`${running.site.url}/dashboard`);
    await expect.poll(() => page.getByText("No biodata found").count()).toBe(1);
    expect(await running.site.db.select().from(helpers).where(eq(helpers.id, id))).toHaveLength(0);
    await context.close();
  });

  it("shows another supplier no Edit or Delete, and refuses them the edit and delete screens", async () => {
    const owner = await signUp(running.site, { name: "Owner Agency" });
    const other = await signUp(running.site, { name: "Other Agency" });
    const created = await running.site.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: {
        name: "Guarded Gina",
        nationality: "Indonesia",
        experience: "Transfer",
        salary: 650,
        offDays: 2,
        dateOfBirth: "1995-01-20",
        marital: "Single",
        religion: "Muslim",
        motherTongue: "Javanese",
        photo: await uploadedPhotoKey(running.site, owner.cookie),
      },
    });
    const id = created.json().id as string;

    const { page, context } = await newPage(running.browser);
    expectFailedResponses(context, [403], "the edit and delete screens refuse another supplier with 403");
    await page.goto(`${running.site.url}/login`);
    await logIn(page, other.email);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${running.site.url}/posts/${id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name: "Guarded Gina" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Edit" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Delete" }).count()).toBe(0);

    for (const screen of ["edit", "delete"]) {
      const response = await page.goto(`${running.site.url}/posts/${id}/${screen}`);
      expect(response?.status()).toBe(403);
      expect(await page.getByRole("heading", { level: 1, name: "Not your biodata" }).count()).toBe(1);
      expect(await page.getByRole("button", { name: /Save|Delete/ }).count()).toBe(0);
    }
    expect(await running.site.db.select().from(helpers).where(eq(helpers.id, id))).toHaveLength(1);
    await context.close();
  });

  it("never runs a script put into the special notes", async () => {
    const owner = await signUp(running.site, { name: "Careless Agency" });
    const { page, context } = await newPage(running.browser);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${running.site.url}/login`);
    await logIn(page, owner.email);
    await page.waitForURL(/\/dashboard$/);

    // Sent from the signed-in browser itself, as a hostile script on the supplier's side would.
    const created = await page.request.post(`${running.site.url}/api/helpers`, {
      headers: { origin: running.site.url },
      data: {
        name: "Safe Sari",
        nationality: "Indonesia",
        experience: "New to SG",
        salary: 600,
        offDays: 4,
        dateOfBirth: "1998-07-01",
        marital: "Single",
        religion: "Muslim",
        motherTongue: "Bahasa Indonesia",
        specialNotes: XSS_NOTES,
        photo: await uploadedPhotoKey(running.site, owner.cookie),
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;

    await page.goto(`${running.site.url}/posts/${id}`);
    expect(await page.getByRole("heading", { level: 1, name: "Safe Sari" }).count()).toBe(1);
    expect(await page.locator(".rich-text").textContent()).toContain("Honest and kind.");
    await page.getByText("Hover me").hover();
    // A click waits for any navigation it starts, so the address is final when it returns.
    await page
      .locator(".rich-text a")
      .first()
      .click()
      .catch(() => undefined);
    expect(page.url()).toBe(`${running.site.url}/posts/${id}`);

    // The editor shows the same notes without running them either: once they are in it and every
    // picture has loaded or failed, any onerror or onload would have run.
    await page.goto(`${running.site.url}/posts/${id}/edit`);
    await openSection(page, "Notes and photo");
    await expect.poll(() => page.locator(".ql-editor").textContent()).toContain("Honest and kind.");
    await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
    expect(dialogs).toEqual([]);
    expect(await page.locator(".rich-text script, .rich-text iframe, .rich-text svg, [onerror], [onload]").count()).toBe(0);
    await context.close();
  });
  /** A browser context signed in as this supplier (the session cookie set directly). */
  async function signedInContext(supplier: SignedIn, options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
    const context = await newContext(running.browser, { viewport: { width: 390, height: 844 }, ...options });
    const cookies = supplier.cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: running.site.url };
    });
    await context.addCookies(cookies);
    return context;
  }

  it("works as a plain form without JavaScript: messages, kept values, a photo sent with the form", async () => {
    const supplier = await signUp(running.site, { name: "No Script Agency" });
    const context = await signedInContext(supplier, { javaScriptEnabled: false });
    expectFailedResponses(context, [400], "the form without nationality and with too high a salary is refused with 400");
    const page = await context.newPage();
    await page.goto(`${running.site.url}/create`);
    expect(await page.locator(".ql-editor").count()).toBe(0);
    await page.getByLabel("Name").fill("Plain Paula");
    await openSection(page, "Availability and pay");
    await page.getByLabel("Salary ($ a month)").fill("5000");
    await page.getByRole("button", { name: "Save draft" }).click();
    expect(await page.getByText("Salary must be between $300 and $3,000 a month").count()).toBe(1);
    expect(await page.getByText("Choose the nationality").count()).toBe(1);
    expect(await page.getByLabel("Name").inputValue()).toBe("Plain Paula");

    await page.getByLabel("Nationality").selectOption({ label: "India" });
    await page.getByLabel("Date of birth").fill("1988-11-02");
    await page.getByLabel("Marital status").selectOption({ label: "Widowed" });
    await page.getByLabel("Religion").selectOption({ label: "Hindu" });
    await page.getByLabel("Experience", { exact: true }).selectOption({ label: "Ex-Middle East" });
    await page.getByLabel("Salary ($ a month)").fill("700");
    await page.getByLabel("Days off (a month)").fill("4");
    await page.getByLabel("Mother tongue").selectOption({ label: "Tamil" });
    await openSection(page, "Notes and photo");
    await page.getByLabel("Special notes").fill("<p>Written <em>without</em> the editor.</p><script>alert(1)</script>");
    await page.getByLabel("Photo", { exact: true }).setInputFiles({
      name: "paula.jpg",
      mimeType: "image/jpeg",
      buffer: await samplePng(400, 500),
    });
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Plain Paula");
    await expect.poll(() => page.locator(".rich-text").innerHTML()).toBe("<p>Written <em>without</em> the editor.</p>");
    const src = await page.getByRole("img", { name: "Photo of Plain Paula" }).getAttribute("src");
    expect(src).toMatch(/^\/media\/helpers\/[\w-]+\.webp$/);
    expect((await running.site.app.inject({ url: src! })).statusCode).toBe(200);
    await context.close();
  });

  it("uploads a picture added in the editor and keeps it in the notes", async () => {
    const supplier = await signUp(running.site, { name: "Picture Agency" });
    const created = await running.site.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: await withPhoto(running.site, supplier, biodataBody({ name: "Pictured Pia", specialNotes: "<p>Certificate:</p>" })),
    });
    const id = created.json().id as string;
    const context = await signedInContext(supplier);
    const page = await context.newPage();
    await page.goto(`${running.site.url}/posts/${id}/edit`);
    await openSection(page, "Notes and photo");
    await page.locator(".ql-editor").click();
    await page.keyboard.press("End");
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Image" }).click()]);
    await chooser.setFiles({ name: "certificate.png", mimeType: "image/png", buffer: await samplePng(300, 200) });
    await expect.poll(() => page.locator(".ql-editor img").count()).toBe(1);
    expect(await page.locator(".ql-editor img").getAttribute("src")).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/helpers\//);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(`${running.site.url}/posts/${id}`);
    const image = page.locator(".rich-text img");
    await expect.poll(() => image.count()).toBe(1);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  it("has biodata screens usable with assistive technology", async () => {
    const supplier = await signUp(running.site, { name: "Axe Agency" });
    const created = await running.site.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: await withPhoto(running.site, supplier, biodataBody({ name: "Accessible Ana" })),
    });
    const id = created.json().id as string;
    const context = await signedInContext(supplier);
    const page = await context.newPage();
    for (const path of ["/create", `/posts/${id}/edit`, `/posts/${id}/delete`, "/dashboard"]) {
      await page.goto(`${running.site.url}${path}`);
      if (path.includes("create") || path.includes("edit")) {
        await openSection(page, "Notes and photo");
        await page.locator(".ql-editor").waitFor();
      }
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => `${path}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
    }
    await context.close();
  });
});
