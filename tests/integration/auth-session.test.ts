import { expect, it } from "vitest";
import { cookieHeader, signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

describeDb("accounts and sessions", () => {
  const t = useTestApp();

  it("signs up a supplier who can sign in, and whose session ends on sign-out", async () => {
    const supplier = await signUp(t, { name: "Grace Tan" });
    const session = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie: supplier.cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ email: supplier.email, name: "Grace Tan", role: "supplier" });

    const out = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: supplier.cookie, origin: "http://localhost:3000" },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: "/api/auth/get-session", headers: { cookie: supplier.cookie } });
    expect(after.json()).toBeNull();
  });

  it("never takes a role from the sign-up request", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000" },
      payload: { name: "Sneaky", email: "sneaky@example.com", password: "long enough password", role: "operator" },
    });
    // better-auth refuses fields marked input: false outright, or drops them; either way no operator.
    if (response.statusCode === 200) {
      const session = await t.app.inject({
        url: "/api/auth/get-session",
        headers: { cookie: cookieHeader(response.headers["set-cookie"]) },
      });
      expect(session.json()?.user?.role ?? "supplier").toBe("supplier");
    } else {
      expect(response.statusCode).toBe(400);
    }
  });

  it("refuses a short password, and answers a taken e-mail as a new one", async () => {
    const short = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000" },
      payload: { name: "Short", email: "short@example.com", password: "1234567" },
    });
    expect(short.statusCode).toBe(400);
    const first = await signUp(t);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000" },
      payload: { name: "Again", email: first.email, password: "long enough password" },
    });
    // Sign-up never says who has an account (decision 085): the owner is told by mail instead.
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ token: null, user: { email: first.email } });
  });
});
