import { expect, it } from "vitest";
import { hitConfirmationResend } from "../../src/features/accounts/server/confirmation-resend-limit";
import { signUp } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { queuedMailsTo } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";

const WITH_MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", SUPPORT_EMAIL: "support@example.com" };

const confirmationMails = (t: TestApp, email: string) => queuedMailsTo(t, "email-verification", email);

describeDb("a supplier waiting to confirm their email asks for the link again", () => {
  const t = usePageApp({ env: WITH_MAIL });

  it("sends a new link from the dashboard, then asks them to wait a minute before the next", async () => {
    const supplier = await signUp(t);
    const dashboard = await t.app.inject({ url: "/dashboard", headers: { cookie: supplier.cookie } });
    expect(dashboard.body).toContain("Send the link again");
    const mailedAtSignUp = (await confirmationMails(t, supplier.email)).length;

    const resend = () =>
      t.app.inject({
        method: "POST",
        url: "/dashboard",
        headers: { ...formHeaders, cookie: supplier.cookie },
        payload: formBody({ intent: "resend-confirmation" }),
      });
    const sent = await resend();
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(`We sent a new link to ${supplier.email}. Open it within 24 hours.`);
    expect(await confirmationMails(t, supplier.email)).toHaveLength(mailedAtSignUp + 1);

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.body).toMatch(
      /We sent you a link a short while ago: look for it in your inbox and spam folder\. You can ask for another in \d+ seconds\./,
    );
    const throughApi = await t.app.inject({
      method: "POST",
      url: "/api/auth/send-verification-email",
      headers: { origin: "http://localhost:3000", cookie: supplier.cookie },
      payload: { email: supplier.email },
    });
    expect(throughApi.statusCode).toBe(429);
    expect(throughApi.json().code).toBe("TOO_MANY_CONFIRMATION_MAILS");
    expect(await confirmationMails(t, supplier.email)).toHaveLength(mailedAtSignUp + 1);

    const [newest] = await confirmationMails(t, supplier.email);
    const link = new URL(newest!.match(/https?:\/\/\S+/)![0]);
    expect((await t.app.inject({ url: link.pathname + link.search })).statusCode).toBe(302);
    const confirmed = await t.app.inject({ url: "/dashboard?verified=1", headers: { cookie: supplier.cookie } });
    expect(confirmed.body).toContain("Your email is confirmed");
    expect(confirmed.body).not.toContain("Send the link again");
  });

  it("allows five links an hour to one address, one a minute", async () => {
    const email = uniqueEmail();
    const start = Date.now();
    const verdicts = [];
    for (let minute = 0; minute < 6; minute++) verdicts.push(await hitConfirmationResend(t.db, email, start + minute * 61_000));
    expect(verdicts.slice(0, 5).every((verdict) => verdict.allowed)).toBe(true);
    expect(verdicts[5]).toMatchObject({ allowed: false, message: expect.stringMatching(/You can ask for another in \d+ minutes\.$/) });
    // Another address is not held back by this one's count.
    expect(await hitConfirmationResend(t.db, uniqueEmail(), start + 6 * 61_000)).toEqual({ allowed: true });
  });
});
