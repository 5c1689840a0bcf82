import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { session, user } from "../../src/features/accounts/server/tables";
import { cookieHeader, signIn, signUp, TEST_PASSWORD } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("signing up, logging in and out through the pages", () => {
  const t = usePageApp();

  const post = (url: string, values: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, ...headers }, payload: formBody(values) });

  const register = (
    values: Partial<Record<"name" | "companyName" | "eaLicenceNumber" | "email" | "password" | "confirmPassword", string>> = {},
  ) =>
    post("/register", {
      name: "Mary Lim",
      companyName: "Lim Employment",
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      ...values,
    });

  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ url: "/api/auth/get-session", headers: { cookie } })).json() as { user: { email: string } } | null;

  it("tells a new supplier at the Confirm password field that the two passwords differ", async () => {
    const response = await register({ confirmPassword: "something else entirely" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("The two passwords do not match");
    expect(response.body).toContain('aria-invalid="true"');
  });

  it("refuses a password shorter than 8 characters and an address that is not one", async () => {
    const short = await register({ password: "short", confirmPassword: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain("Password must be at least 8 characters");
    const bad = await register({ email: "not-an-address" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Enter a valid email address");
  });

  it("sends someone whose email is taken to log in, as after any sign-up, and leaves the account as it was", async () => {
    const existing = await signUp(t);
    const response = await register({
      email: existing.email.toUpperCase(),
      password: "an attempt of theirs",
      confirmPassword: "an attempt of theirs",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login?registered=1");
    await expect(signIn(t, existing.email)).resolves.toContain("session_token");
  });

  it("creates the account as a supplier with its company and licence, and signs them in", async () => {
    const email = uniqueEmail();
    const response = await register({ email, name: "Mary Lim", companyName: "  Lim Employment  ", eaLicenceNumber: "  23c 4567 " });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/dashboard");
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: "Mary Lim", role: "supplier", companyName: "Lim Employment", eaLicenceNumber: "23C4567" });
    expect(await t.db.select().from(session).where(eq(session.userId, row!.id))).toHaveLength(1);
    expect(await sessionOf(cookieHeader(response.headers["set-cookie"]))).toMatchObject({ user: { email } });

    const login = await t.app.inject({ url: "/login?registered=1" });
    expect(login.body).toContain(
      "Your account is ready. Please log in. If this email already had an account, log in with its password, or reset it.",
    );
  });

  it("asks for the company and checks the licence as the profile does, at their fields, making no account", async () => {
    const email = uniqueEmail();
    const response = await register({ email, companyName: " ", eaLicenceNumber: "ABC-123" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Company name is required");
    expect(response.body).toContain("Use MOM&#x27;s format: two digits, a letter and four digits, e.g. 19C9871");
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("shows one line above the form for a wrong password", async () => {
    const supplier = await signUp(t);
    const response = await post("/login", { email: supplier.email, password: "not the password" });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('role="alert">Wrong email or password.</p>');
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("logs in and goes back to the page that sent the supplier to login", async () => {
    const supplier = await signUp(t);
    const response = await post(`/login?redirectTo=${encodeURIComponent("/profile/" + supplier.id)}`, {
      email: supplier.email,
      password: TEST_PASSWORD,
      redirectTo: `/profile/${supplier.id}`,
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/profile/${supplier.id}`);
    const cookie = cookieHeader(response.headers["set-cookie"]);
    expect((await sessionOf(cookie))?.user.email).toBe(supplier.email);

    const again = await t.app.inject({ url: "/login", headers: { cookie } });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe("/dashboard");
  });

  it("never sends anyone off the site after logging in", async () => {
    const supplier = await signUp(t);
    for (const redirectTo of ["//evil.example", "https://evil.example/x", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await post("/login", { email: supplier.email, password: TEST_PASSWORD, redirectTo });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/dashboard");
    }
  });

  it("refuses a login form posted from another site", async () => {
    const supplier = await signUp(t);
    const response = await post(
      "/login",
      { email: supplier.email, password: TEST_PASSWORD },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect([400, 403]).toContain(response.statusCode);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const sameOriginHeaderButCrossSite = await post(
      "/login",
      { email: supplier.email, password: TEST_PASSWORD },
      { "sec-fetch-site": "cross-site" },
    );
    expect(sameOriginHeaderButCrossSite.statusCode).toBe(403);
  });

  it("logs out from the menu: the session ends on the server and the old cookie stops working", async () => {
    const supplier = await signUp(t);
    const response = await t.app.inject({
      url: "/logout",
      headers: { cookie: supplier.cookie, "sec-fetch-site": "same-origin" },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login?signed-out=1");
    expect(String(response.headers["set-cookie"])).toContain("better-auth.session_token=;");
    expect(await sessionOf(supplier.cookie)).toBeNull();
  });

  it("asks before logging out when the link came from another site, and logs out on the button", async () => {
    const supplier = await signUp(t);
    const visit = await t.app.inject({
      url: "/logout",
      headers: { cookie: supplier.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(visit.statusCode).toBe(200);
    expect(visit.body).toContain("Do you want to log out of this device?");
    expect(await sessionOf(supplier.cookie)).not.toBeNull();

    const confirm = await post("/logout", {}, { cookie: supplier.cookie });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe("/login?signed-out=1");
    expect(await sessionOf(supplier.cookie)).toBeNull();
  });

  it("sends a signed-out visitor of /logout to the login page", async () => {
    const response = await t.app.inject({ url: "/logout" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/login");
  });
});

describeDb("rate limits on the account forms", () => {
  const t = usePageApp({ authLimits: { signIn: 3, signUp: 3, resetPassword: 3 } });

  const post = (url: string, values: Record<string, string>) =>
    t.app.inject({ method: "POST", url, headers: formHeaders, payload: formBody(values) });

  it("slows down someone guessing passwords at the login form", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await post("/login", { email: "victim@example.com", password: `guess number ${i}` });
      statuses.push(response.statusCode);
      if (i === 3) expect(response.body).toContain("Too many attempts from your connection");
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("slows down mass sign-ups from one address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await post("/register", {
        name: "Bulk",
        companyName: "Bulk Agency",
        email: uniqueEmail("bulk"),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      });
      statuses.push(response.statusCode);
      if (i === 3) expect(response.body).toContain("Too many attempts from your connection");
    }
    expect(statuses).toEqual([302, 302, 302, 429]);
  });
});
