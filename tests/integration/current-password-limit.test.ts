import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildApp } from "../../src/composition/app";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";

describeDb("guessing the current password through a signed-in session", () => {
  const t = usePageApp();

  let address = 0;
  /** Each test comes from its own address, so only its own tries count against it. */
  const newAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

  const post = (app: TestApp["app"], supplier: SignedIn, values: Record<string, string>, from: string) =>
    app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      remoteAddress: from,
      payload: formBody(values),
    });
  const changeEmail = (supplier: SignedIn, currentPassword: string, from: string, app = t.app) =>
    post(app, supplier, { intent: "details", name: supplier.name, email: uniqueEmail(), currentPassword }, from);
  const changePassword = (supplier: SignedIn, currentPassword: string, from: string) =>
    post(
      t.app,
      supplier,
      { intent: "password", currentPassword, newPassword: "a brand new secret", confirmPassword: "a brand new secret" },
      from,
    );
  const emailOf = async (id: string) => (await t.db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]!.email;

  it("allows 5 tries of the e-mail change's password in 15 minutes, then answers 429 with Retry-After and says so on the form", async () => {
    const supplier = await signUp(t);
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      const wrong = await changeEmail(supplier, `wrong guess ${i}`, from);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.body).toContain("This is not your current password");
    }
    const limited = await changeEmail(supplier, TEST_PASSWORD, from);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toContain("Too many tries of the current password. For your safety, wait 15 minutes and try again.");
    // Even the right password waits: the limit says nothing about which guess was right.
    expect(await emailOf(supplier.id)).toBe(supplier.email);
  });

  it("counts the password change and the e-mail change against one limit per account, from any address", async () => {
    const supplier = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await changeEmail(supplier, `wrong ${i}`, newAddress())).statusCode).toBe(400);
    for (let i = 0; i < 2; i++) expect((await changePassword(supplier, `wrong ${i}`, newAddress())).statusCode).toBe(400);
    const limited = await changePassword(supplier, TEST_PASSWORD, newAddress());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.body).toContain("Too many tries of the current password");
  });

  it("limits one address trying the passwords of several accounts", async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      const account = await signUp(t);
      expect((await changeEmail(account, "a guess", from)).statusCode).toBe(400);
    }
    const next = await signUp(t);
    expect((await changeEmail(next, "a guess", from)).statusCode).toBe(429);
    // Another address is not held back by this one.
    expect((await changeEmail(next, "a guess", newAddress())).statusCode).toBe(400);
  });

  it("shares the count between instances of the site on one database", async () => {
    const second = await buildApp({
      config: t.config,
      database: t.database.handle,
      storage: t.app.storage,
      pages: { build: (await import(`${process.cwd()}/build/server/index.js`)) as never },
      authLimits: { signIn: 1000, signUp: 1000, resetPassword: 1000 },
    });
    await second.ready();
    try {
      const supplier = await signUp(t);
      const from = newAddress();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        expect((await changeEmail(supplier, `wrong ${i}`, from, app)).statusCode).toBe(400);
      }
      expect((await changeEmail(supplier, TEST_PASSWORD, from, second)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});
