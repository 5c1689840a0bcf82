import { desc, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { outbox } from "../../src/features/notifications/server/tables";
import { signIn, signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("resetting a forgotten password", () => {
  const t = usePageApp();

  const post = (url: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: formHeaders, payload: formBody(values) });

  const resetMailTo = async (email: string) => {
    const rows = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'password-reset' and ${outbox.payload}->'to'->>'email' = ${email}`)
      .orderBy(desc(outbox.createdAt));
    return rows.map((row) => row.payload as { subject: string; text: string });
  };

  it("mails a link that leads to a new password; the old one and old sessions stop working", async () => {
    const supplier = await signUp(t, { name: "Ana Reyes" });
    const asked = await post("/forgot-password", { email: supplier.email });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("If an account exists for this email, we have sent a link");

    // The mail is queued after the answer (so the answer does not tell which addresses exist).
    const [mail] = await vi.waitFor(async () => {
      const mails = await resetMailTo(supplier.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail?.text).toContain("Hello Ana Reyes");
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe("http://localhost:3000");

    // The link checks the token at better-auth's endpoint, which sends the browser on to our page.
    const followed = await t.app.inject({ url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    const resetPage = new URL(followed.headers.location as string);
    expect(resetPage.pathname).toBe("/reset-password");
    const token = resetPage.searchParams.get("token")!;
    expect(token).toBeTruthy();

    const form = await t.app.inject({ url: resetPage.pathname + resetPage.search });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("New password");

    const mismatch = await post(resetPage.pathname + resetPage.search, {
      token,
      password: "my new long password",
      confirmPassword: "something else",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("The two passwords do not match");

    const done = await post(resetPage.pathname + resetPage.search, {
      token,
      password: "my new long password",
      confirmPassword: "my new long password",
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/login?reset=1");
    const login = await t.app.inject({ url: "/login?reset=1" });
    expect(login.body).toContain("Your password has been changed. Please log in with the new one.");

    await expect(signIn(t, supplier.email)).rejects.toThrow();
    await expect(signIn(t, supplier.email, "my new long password")).resolves.toContain("better-auth.session_token=");
    const oldSession = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie: supplier.cookie } });
    expect(oldSession.json()).toBeNull();

    const again = await post("/reset-password", { token, password: "yet another password", confirmPassword: "yet another password" });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain("This link is invalid or has expired");
  });

  it("answers the same for an address without an account, and mails nobody", async () => {
    const email = uniqueEmail("nobody");
    const asked = await post("/forgot-password", { email });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("If an account exists for this email, we have sent a link");
    expect(await resetMailTo(email)).toHaveLength(0);
  });

  it("says plainly when a link is broken or expired", async () => {
    const expired = await t.app.inject({ url: "/reset-password?error=INVALID_TOKEN" });
    expect(expired.body).toContain("This link is invalid or has expired");
    expect(expired.body).not.toContain("New password");

    const followed = await t.app.inject({ url: "/api/auth/reset-password/not-a-token?callbackURL=%2Freset-password" });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toContain("/reset-password?error=INVALID_TOKEN");

    const forged = await post("/reset-password?token=forged", {
      token: "forged",
      password: "my new long password",
      confirmPassword: "my new long password",
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("This link is invalid or has expired");
  });

  it("rejects an address that is not one", async () => {
    const response = await post("/forgot-password", { email: "nope" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Enter a valid email address");
  });
});
