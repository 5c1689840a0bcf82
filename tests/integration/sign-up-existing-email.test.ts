import { expect, it } from "vitest";
import { signIn, signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { queuedMailsTo } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";

const WITH_MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", SUPPORT_EMAIL: "support@example.com" };
const THEIR_TRY = "a password of their own";

function signUpThroughApi(t: TestApp, email: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: "http://localhost:3000" },
    payload: { name: "Nora Lim", email, password: THEIR_TRY },
  });
}

function registerThroughForm(t: TestApp, email: string) {
  return t.app.inject({
    method: "POST",
    url: "/register",
    headers: formHeaders,
    payload: formBody({ name: "Nora Lim", companyName: "Lim Agency", email, password: THEIR_TRY, confirmPassword: THEIR_TRY }),
  });
}

/** What a caller could compare between two answers: status, body shape, cookies, where it leads. */
function outline(response: Awaited<ReturnType<typeof signUpThroughApi>>) {
  const body = String(response.headers["content-type"] ?? "").includes("json") ? response.json() : null;
  return {
    status: response.statusCode,
    location: response.headers.location,
    setsCookie: response.headers["set-cookie"] !== undefined,
    keys: body ? Object.keys(body).sort() : null,
    userKeys: body?.user ? Object.keys(body.user).sort() : null,
    token: body?.token,
  };
}

for (const [mode, env] of [
  ["with mail", WITH_MAIL],
  ["without mail", {}],
] as const) {
  describeDb(`signing up with an address that already has an account, ${mode}`, () => {
    const t = usePageApp({ env });

    it("answers exactly as for a new address through the API, and through the form says no more than logging in would", async () => {
      const owner = await signUp(t);
      const asNew = outline(await signUpThroughApi(t, uniqueEmail()));
      const asTaken = outline(await signUpThroughApi(t, owner.email.toUpperCase()));
      expect(asTaken).toEqual(asNew);
      expect(asNew).toMatchObject({ status: 200, setsCookie: false, token: null });

      // The form signs a new supplier in (decision 101): for a taken address that sign-in fails
      // and the notice says to log in or reset, as logging in with that password would tell.
      expect(outline(await registerThroughForm(t, uniqueEmail()))).toMatchObject({ status: 302, location: "/dashboard", setsCookie: true });
      expect(outline(await registerThroughForm(t, owner.email))).toMatchObject({
        status: 302,
        location: "/login?registered=1",
        setsCookie: false,
      });
      const notice = async () => (await t.app.inject({ url: "/login?registered=1" })).body;
      expect(await notice()).toContain(
        mode === "with mail" ? "Check your inbox for a link to confirm your email" : "Your account is ready. Please log in.",
      );

      await expect(signIn(t, owner.email)).resolves.toContain("session_token");
      await expect(signIn(t, owner.email, THEIR_TRY)).rejects.toThrow(/sign-in failed/);
    });

    it("tells the owner by mail that someone tried, with the links to log in and to reset the password", async () => {
      const owner = await signUp(t);
      await signUpThroughApi(t, owner.email);
      await expect
        .poll(() => queuedMailsTo(t, "sign-up-existing", owner.email))
        .toEqual([
          expect.stringContaining(
            `If it was you, log in here: http://localhost:3000/login\nForgot your password? Choose a new one here: http://localhost:3000/forgot-password`,
          ),
        ]);
    });
  });
}
