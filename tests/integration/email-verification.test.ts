import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { biodataBody, ownPhotoKey, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { queuedMailsTo } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import type { TestApp } from "../support/test-app";

/** Mail "can really be sent": the worker never runs in these tests, so messages stay in the outbox. */
const WITH_MAIL = { SMTP_URL: "smtp://127.0.0.1:2525", SUPPORT_EMAIL: "support@example.com" };

const mailsTo = queuedMailsTo;

const linkIn = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]);

const api = (t: TestApp, who: SignedIn, method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });

describeDb("when mail can be sent, addresses are confirmed by link", () => {
  const t = usePageApp({ env: WITH_MAIL });

  it("lets a new supplier save drafts but publish only after opening the link mailed at sign-up", async () => {
    const supplier = await signUp(t);
    const [mail] = await vi.waitFor(async () => {
      const mails = await mailsTo(t, "email-verification", supplier.email);
      expect(mails).toHaveLength(1);
      return mails;
    });

    const published = await api(t, supplier, "POST", "/api/helpers", biodataBody({ status: "available" }));
    expect(published.statusCode).toBe(403);
    expect(published.json().error).toMatchObject({
      code: "email_not_verified",
      message:
        "Confirm your email before families can see this biodata (available, reserved or hired): open the link we sent you, or ask for a new one on your dashboard. You can save it as a draft meanwhile.",
    });
    const draft = await api(t, supplier, "POST", "/api/helpers", biodataBody({ status: "draft" }));
    expect(draft.statusCode).toBe(201);
    expect((await api(t, supplier, "PATCH", `/api/helpers/${draft.json().id}`, { status: "available" })).statusCode).toBe(403);
    const dashboard = await t.app.inject({ url: "/dashboard", headers: { cookie: supplier.cookie } });
    expect(dashboard.body).toContain("Confirm your email");

    const link = linkIn(mail!);
    const opened = await t.app.inject({ url: link.pathname + link.search });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toContain("/dashboard?verified=1");
    // Published with a photo of hers: an available biodata needs one (decision 061).
    const photo = await ownPhotoKey(t, supplier);
    expect((await api(t, supplier, "PATCH", `/api/helpers/${draft.json().id}`, { status: "available", photo })).statusCode).toBe(200);
  });

  it("changes the email only once the link sent to the new address is opened, and tells the old one", async () => {
    const supplier = await signUp(t);
    const newEmail = uniqueEmail("moving");
    const saved = await t.app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ intent: "details", name: supplier.name, email: newEmail, currentPassword: TEST_PASSWORD }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain(`We sent a link to ${newEmail}: your email changes when you open it.`);
    const rowOf = async () => (await t.db.select().from(user).where(eq(user.id, supplier.id)))[0]!;
    expect((await rowOf()).email).toBe(supplier.email);
    expect(await mailsTo(t, "email-changed", supplier.email)).toHaveLength(0);

    const [mail] = await mailsTo(t, "email-change-confirm", newEmail);
    const link = linkIn(mail!);
    expect(link.pathname).toBe("/confirm-email");
    const page = await t.app.inject({ url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Your email is now ${newEmail}.`);
    expect(await rowOf()).toMatchObject({ email: newEmail, emailVerified: true });
    expect(await mailsTo(t, "email-changed", supplier.email)).toHaveLength(1);

    const again = await t.app.inject({ url: link.pathname + link.search });
    expect(again.body).toContain("This link does not work any more");
  });
});

describeDb("without mail (files only), accounts publish at once", () => {
  const t = usePageApp();

  it("publishes a new supplier's biodata at once and sends no confirmation link", async () => {
    const supplier = await signUp(t);
    expect(
      (await api(t, supplier, "POST", "/api/helpers", await withPhoto(t, supplier, biodataBody({ status: "available" })))).statusCode,
    ).toBe(201);
    expect(await mailsTo(t, "email-verification", supplier.email)).toHaveLength(0);
  });
});
