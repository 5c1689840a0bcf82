import { randomBytes } from "node:crypto";
import { desc, sql } from "drizzle-orm";
import pg from "pg";
import { expect, it, vi } from "vitest";
import { verification } from "../../src/features/accounts/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { signIn, signUp, TEST_PASSWORD } from "../support/auth";
import { describeDb, testDbKind } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

const origin = { origin: "http://localhost:3000" };
const COMMON = "This password is one of the most common and easily guessed.";
const GUESSABLE =
  "This password is built from words anyone could guess here: this site's name, words like helper, maid or welcome, or your own name or email. Choose words of your own that have nothing to do with them.";

describeDb("passwords and reset links", () => {
  const t = usePageApp();

  const api = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    t.app.inject({ method: "POST", url: `/api/auth${url}`, headers: { ...origin, ...(cookie ? { cookie } : {}) }, payload });
  const page = (url: string, values: Record<string, string>, cookie?: string) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, ...(cookie ? { cookie } : {}) }, payload: formBody(values) });

  /** Asks for a reset link and returns its token, as the mail gives it. */
  const resetToken = async (email: string): Promise<string> => {
    const before = await resetMails(email);
    expect((await api("/request-password-reset", { email, redirectTo: "/reset-password" })).statusCode).toBe(200);
    const mails = await vi.waitFor(async () => {
      const now = await resetMails(email);
      expect(now.length).toBe(before.length + 1);
      return now;
    });
    return mails[0]!.text.match(/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
  };
  const resetMails = async (email: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(sql`${outbox.kind} = 'password-reset' and ${outbox.payload}->'to'->>'email' = ${email}`)
        .orderBy(desc(outbox.createdAt))
    ).map((row) => row.payload as { text: string });

  it("refuses common passwords at sign-up, password change and reset, through the forms and the API alike", async () => {
    for (const password of ["password1", "P@ssw0rd", "qwertyuiop", "letmein123"]) {
      const response = await api("/sign-up/email", { name: "Common", email: uniqueEmail(), password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().code).toBe("PASSWORD_TOO_COMMON");
    }
    const register = await page("/register", {
      name: "Common",
      companyName: "Common Employment",
      email: uniqueEmail(),
      password: "iloveyou1",
      confirmPassword: "iloveyou1",
    });
    expect(register.statusCode).toBe(400);
    expect(register.body).toContain(COMMON);

    const supplier = await signUp(t);
    const change = await page(
      `/profile/${supplier.id}`,
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "sunshine1", confirmPassword: "sunshine1" },
      supplier.cookie,
    );
    expect(change.statusCode).toBe(400);
    expect(change.body).toContain(COMMON);
    expect((await api("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "baseball1" }, supplier.cookie)).statusCode).toBe(
      400,
    );

    const token = await resetToken(supplier.email);
    const reset = await page(`/reset-password?token=${token}`, { token, password: "password123", confirmPassword: "password123" });
    expect(reset.statusCode).toBe(400);
    expect(reset.body).toContain(COMMON);
    // Still the old password everywhere.
    await expect(signIn(t, supplier.email, TEST_PASSWORD)).resolves.toContain("session_token");
  });

  it("refuses passwords made of the site's name, the trade's words or the person's own name and email, wherever a password is set", async () => {
    const site = t.config.siteName;
    const guessable = [
      site,
      site.toUpperCase().replace(" ", "  ") + " 2024",
      `${site.replace(" ", "")}123!`,
      "Welcome2024!",
      "W3lc0me2024!",
      "maid agency 2025",
      "Singapore@Helper1",
    ];
    for (const password of guessable) {
      const response = await api("/sign-up/email", { name: "Siti Rahayu", email: uniqueEmail(), password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().code).toBe("PASSWORD_TOO_COMMON");
      expect(response.json().fields.password).toBe(GUESSABLE);
    }
    const email = `siti.rahayu@${randomBytes(3).toString("hex")}-golden-bridge.sg`;
    for (const password of ["SitiRahayu1990", "rahayu siti 77", "GoldenBridge#1", "Rahayu@Golden"]) {
      const response = await api("/sign-up/email", { name: "Siti Rahayu", companyName: "Golden Bridge", email, password });
      expect(response.statusCode, password).toBe(400);
    }
    const register = await page("/register", {
      name: "Siti Rahayu",
      companyName: "Golden Bridge",
      email,
      password: "Siti Rahayu 2024",
      confirmPassword: "Siti Rahayu 2024",
    });
    expect(register.statusCode).toBe(400);
    expect(register.body).toContain(GUESSABLE);

    // The person's own words count at a password change and a reset too, from the account.
    const supplier = await signUp(t, { name: "Mariam Osei" });
    const change = await page(
      `/profile/${supplier.id}`,
      { intent: "password", currentPassword: TEST_PASSWORD, newPassword: "Mariam Osei 88", confirmPassword: "Mariam Osei 88" },
      supplier.cookie,
    );
    expect(change.statusCode).toBe(400);
    expect(change.body).toContain(GUESSABLE);
    const local = supplier.email.split("@")[0]!;
    expect(
      (await api("/change-password", { currentPassword: TEST_PASSWORD, newPassword: `${local}!2024` }, supplier.cookie)).statusCode,
    ).toBe(400);
    const token = await resetToken(supplier.email);
    const reset = await page(`/reset-password?token=${token}`, { token, password: "osei.mariam.1", confirmPassword: "osei.mariam.1" });
    expect(reset.statusCode).toBe(400);
    expect(reset.body).toContain(GUESSABLE);
    // A password of one's own, with the same digits, is fine.
    expect(
      (await api("/change-password", { currentPassword: TEST_PASSWORD, newPassword: "lantern orchid 88" }, supplier.cookie)).statusCode,
    ).toBe(200);
  });

  it("stores reset tokens hashed, so the database holds no working link", async () => {
    const supplier = await signUp(t);
    const token = await resetToken(supplier.email);
    const rows = await t.db.select().from(verification);
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);
    expect(rows.some((row) => row.identifier.startsWith("reset-password:") && row.value === supplier.id)).toBe(true);
  });

  it("voids every other outstanding reset link once one is used", async () => {
    const supplier = await signUp(t);
    const first = await resetToken(supplier.email);
    const second = await resetToken(supplier.email);
    const third = await resetToken(supplier.email);
    expect((await api("/reset-password", { token: second, newPassword: "my new long password" })).statusCode).toBe(200);
    for (const token of [first, third]) {
      const stale = await api("/reset-password", { token, newPassword: "someone else's choice here" });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().code).toBe("INVALID_TOKEN");
    }
    await expect(signIn(t, supplier.email, "my new long password")).resolves.toContain("session_token");
  });

  it.skipIf(testDbKind !== "postgres")(
    "answers a reset request before the mail is queued, so an existing account takes no longer",
    async () => {
      const supplier = await signUp(t);
      // Hold the outbox: queuing the mail must wait, the answer must not.
      const blocker = new pg.Client({ connectionString: t.database.url });
      await blocker.connect();
      try {
        await blocker.query("begin");
        await blocker.query("lock table outbox in access exclusive mode");
        const answer = await Promise.race([
          api("/request-password-reset", { email: supplier.email, redirectTo: "/reset-password" }),
          new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000)),
        ]);
        expect(answer).not.toBe("waited");
        expect(answer !== "waited" && answer.statusCode).toBe(200);
        expect(answer !== "waited" && answer.json()).toEqual(
          (await api("/request-password-reset", { email: uniqueEmail(), redirectTo: "/reset-password" })).json(),
        );
      } finally {
        await blocker.query("rollback");
        await blocker.end();
      }
      await vi.waitFor(async () => expect(await resetMails(supplier.email)).toHaveLength(1));
    },
  );
});
