import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { TEST_PASSWORD } from "../support/auth";
import { biodataBody, ownPhotoKey } from "../support/biodata";
import { browserMissing } from "../support/browser";
import { expectFailedResponses, newPage, mailingSiteInBrowser } from "../support/e2e";
import { uniqueEmail } from "../support/factories";

describe.skipIf(browserMissing)("a new supplier confirms their email on a phone", () => {
  const running = mailingSiteInBrowser();

  /** The confirmation links mailed to this address so far, newest last, pointing at the running site. */
  const links = (email: string) =>
    running.smtp.mails
      .filter((mail) => mail.to.includes(email) && mail.text.includes("confirm this is your email"))
      .map((mail) => mail.text.match(/https?:\/\/\S+verify-email\S+/)![0].replace("http://localhost:3000", running.site.url));

  it("signs up, lands logged in without having opened the mail, asks for the link again, opens it and publishes", async () => {
    const email = uniqueEmail("phone");
    const { page, context } = await newPage(running.browser, { width: 390, height: 844 });
    expectFailedResponses(
      context,
      [400, 403, 429],
      "a status refused before confirmation (400, 403) and a second link asked for too soon (429)",
    );

    await page.goto(`${running.site.url}/register`);
    await page.getByLabel("Full name").fill("Rosa Dela Cruz");
    await page.getByLabel("Company name").fill("Dela Cruz Overseas");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel("Confirm password").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    // Signed in at once (decision 101); the mail is left unopened, and the dashboard says what is missing.
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => links(email).length).toBe(1);
    await expect.poll(() => page.getByText(`Confirm your email (${email})`).isVisible()).toBe(true);

    // A draft with a photo, ready to publish (made as the API would, with her session).
    const [account] = await running.site.db.select().from(user).where(eq(user.email, email));
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const created = await running.site.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie },
      payload: biodataBody({ name: "Lorna Santos", status: "draft", photo: await ownPhotoKey(running.site, account!) }),
    });
    expect(created.statusCode).toBe(201);
    await page.reload();
    const status = page.getByLabel("Status of Lorna Santos");
    await status.selectOption("available");
    await page.getByRole("button", { name: "Change the status of Lorna Santos" }).click();
    await expect.poll(() => page.getByText(/^Confirm your email before families can see this biodata/).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect.poll(() => page.getByText(`We sent a new link to ${email}. Open it within 24 hours.`).isVisible()).toBe(true);
    await expect.poll(() => links(email).length).toBe(2);
    await page.getByRole("button", { name: "Send the link again" }).click();
    await expect.poll(() => page.getByText(/You can ask for another in \d+ seconds\./).isVisible()).toBe(true);
    expect(links(email)).toHaveLength(2);

    await page.goto(links(email).at(-1)!);
    await page.waitForURL(/\/dashboard\?verified=1$/);
    await expect.poll(() => page.getByText("Your email is confirmed: you can publish your biodata.").isVisible()).toBe(true);
    await page.getByLabel("Status of Lorna Santos").selectOption("available");
    await page.getByRole("button", { name: "Change the status of Lorna Santos" }).click();
    await expect.poll(() => page.getByText("Now available").isVisible()).toBe(true);

    const visitor = await newPage(running.browser, { width: 390, height: 844 });
    await visitor.page.goto(`${running.site.url}/posts/${created.json().id}`);
    await expect.poll(() => visitor.page.getByRole("heading", { level: 1 }).textContent()).toContain("Lorna Santos");
    await visitor.context.close();
    await context.close();
  });
});
