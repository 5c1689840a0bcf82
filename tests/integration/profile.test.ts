import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { cookieHeader, signIn, signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { samplePng, upload } from "../support/biodata";
import { describeDb } from "../support/database";
import { createHelper, uniqueEmail, uniqueLicence } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

describeDb("a supplier's own profile", () => {
  const t = usePageApp();

  const save = (supplier: SignedIn, values: Record<string, string>, cookie = supplier.cookie) =>
    t.app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie },
      payload: formBody(values),
    });

  const details = (supplier: SignedIn, values: Record<string, string> = {}, cookie = supplier.cookie) =>
    save(supplier, { intent: "details", name: supplier.name, email: supplier.email, ...values }, cookie);

  const rowOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;

  it("sends a signed-out visitor to login and back to the profile afterwards", async () => {
    const response = await t.app.inject({ url: "/profile/someone" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/login?redirectTo=${encodeURIComponent("/profile/someone")}`);
  });

  it("refuses someone else's profile with a 403 page, to suppliers and operators alike", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const operator = await signUp(t, { role: "operator" });
    for (const visitor of [other, operator]) {
      const page = await t.app.inject({ url: `/profile/${owner.id}`, headers: { cookie: visitor.cookie } });
      expect(page.statusCode).toBe(403);
      expect(page.body).toContain("You may only open your own profile.");
      expect(page.body).not.toContain(owner.email);
      const write = await details(owner, { name: "Taken over" }, visitor.cookie);
      expect(write.statusCode).toBe(403);
    }
    expect((await rowOf(owner.id)).name).toBe(owner.name);
  });

  it("shows the supplier's details and a link to their biodatas", async () => {
    const supplier = await signUp(t, { name: "Joy Agency" });
    const page = await t.app.inject({ url: `/profile/${supplier.id}`, headers: { cookie: supplier.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${supplier.email}"`);
    expect(page.body).toMatch(/<a[^>]*href="\/dashboard"[^>]*>My biodatas<\/a>/);
  });

  it("saves the company, EA licence and a Singapore phone number in international form", async () => {
    const supplier = await signUp(t);
    const licence = uniqueLicence();
    const response = await details(supplier, {
      name: "  Joy Tan  ",
      companyName: "Joy Maids Pte Ltd",
      eaLicenceNumber: licence,
      phone: "9123 4567",
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Your details are saved.");
    expect(await rowOf(supplier.id)).toMatchObject({
      name: "Joy Tan",
      companyName: "Joy Maids Pte Ltd",
      eaLicenceNumber: licence,
      phone: "+6591234567",
    });
  });

  it("puts a message at each field that is wrong and changes nothing", async () => {
    const supplier = await signUp(t);
    const response = await details(supplier, { name: "", phone: "12345", eaLicenceNumber: "12 C/3456" });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("Full name is required");
    expect(response.body).toContain("This number is too short");
    expect(response.body).toContain("two digits, a letter and four digits, e.g. 19C9871");
    expect((await rowOf(supplier.id)).name).toBe(supplier.name);
  });

  it("keeps a Telegram user name without its @, and refuses one Telegram would not accept", async () => {
    const supplier = await signUp(t);
    for (const bad of ["@abc", "gold bridge", "a".repeat(33), "@gold-bridge"]) {
      const refused = await details(supplier, { telegram: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain("Use your Telegram user name: 5 to 32 letters, digits or underscores");
      expect((await rowOf(supplier.id)).telegram).toBeNull();
    }
    expect((await details(supplier, { telegram: " @Gold_Bridge_SG " })).statusCode).toBe(200);
    expect((await rowOf(supplier.id)).telegram).toBe("Gold_Bridge_SG");
    const page = await t.app.inject({ url: `/profile/${supplier.id}`, headers: { cookie: supplier.cookie } });
    expect(page.body).toContain('value="@Gold_Bridge_SG"');
    expect((await details(supplier, { telegram: "" })).statusCode).toBe(200);
    expect((await rowOf(supplier.id)).telegram).toBeNull();
  });

  it("shows a saved name, phone and Telegram on the kept biodata page at once, with no database notification", async () => {
    // This app does not listen for the database's notifications (only a served site does):
    // what drops the kept page here is the save itself.
    const supplier = await signUp(t, { name: "Before Agency" });
    expect((await details(supplier, { phone: "9123 4567" })).statusCode).toBe(200);
    const helper = await createHelper(t, supplier.id, { name: "Kept Page Kira" });
    const biodata = () => t.app.inject({ url: `/posts/${helper.id}` });
    expect((await biodata()).body).toContain("https://wa.me/6591234567");
    const hits = t.app.pageCache.stats.hits;
    expect((await biodata()).body).toContain("Before Agency");
    expect(t.app.pageCache.stats.hits).toBe(hits + 1);

    const saved = await details(supplier, { name: "After Agency", phone: "8123 4567", telegram: "after_agency" });
    expect(saved.statusCode).toBe(200);
    const after = await biodata();
    expect(after.body).toContain("https://wa.me/6581234567");
    expect(after.body).toContain("https://t.me/after_agency");
    expect(after.body).toContain("After Agency");
    expect(after.body).not.toContain("Before Agency");
  });

  it("changes the email only with the current password, and tells the old address", async () => {
    const supplier = await signUp(t);
    const newEmail = uniqueEmail("moved");
    const without = await details(supplier, { email: newEmail });
    expect(without.statusCode).toBe(400);
    expect(without.body).toContain("Enter your current password to change your email");
    const wrong = await details(supplier, { email: newEmail, currentPassword: "not my password" });
    expect(wrong.body).toContain("This is not your current password");
    const taken = await details(supplier, { email: (await signUp(t)).email, currentPassword: TEST_PASSWORD });
    expect(taken.body).toContain("Another account already uses this email");
    expect((await rowOf(supplier.id)).email).toBe(supplier.email);

    const right = await details(supplier, { email: newEmail.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("Log in with your new email from now on.");
    expect((await rowOf(supplier.id)).email).toBe(newEmail);
    const [notice] = await t.db.select().from(outbox).where(eq(outbox.kind, "email-changed"));
    expect(notice?.payload).toMatchObject({ to: { email: supplier.email } });
    await expect(signIn(t, newEmail)).resolves.toContain("better-auth.session_token=");
  });

  it("changes the password: the old one stops working and other devices are logged out", async () => {
    const supplier = await signUp(t);
    const otherDevice = await signIn(t, supplier.email);
    const mismatch = await save(supplier, {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "a brand new secret",
      confirmPassword: "another secret",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain("The two passwords do not match");
    const wrong = await save(supplier, {
      intent: "password",
      currentPassword: "not my password",
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(wrong.body).toContain("This is not your current password");

    const changed = await save(supplier, {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain("Your password is changed.");
    const session = (cookie: string) => t.app.inject({ url: "/api/auth/get-session", headers: { cookie } });
    expect((await session(otherDevice)).json()).toBeNull();
    const thisDevice = cookieHeader(changed.headers["set-cookie"]);
    expect((await session(thisDevice)).json()?.user.id).toBe(supplier.id);
    await expect(signIn(t, supplier.email)).rejects.toThrow();
    await expect(signIn(t, supplier.email, "a brand new secret")).resolves.toContain("better-auth.session_token=");
  });

  it("takes an uploaded avatar, shows it, and removes the one it replaces", async () => {
    const supplier = await signUp(t);
    const uploadAvatar = async () => {
      const response = await upload(t, supplier.cookie, { data: await samplePng(200, 200) }, { purpose: "avatar" });
      expect(response.statusCode).toBe(201);
      return response.json() as { key: string; thumbUrl: string };
    };
    const first = await uploadAvatar();
    expect(first.key).toMatch(/^avatars\//);
    expect((await save(supplier, { intent: "avatar", key: first.key })).statusCode).toBe(200);
    expect((await rowOf(supplier.id)).image).toBe(first.key);
    const page = await t.app.inject({ url: `/profile/${supplier.id}`, headers: { cookie: supplier.cookie } });
    expect(page.body).toContain(`src="${first.thumbUrl}"`);

    const second = await uploadAvatar();
    expect((await save(supplier, { intent: "avatar", key: second.key })).statusCode).toBe(200);
    expect((await rowOf(supplier.id)).image).toBe(second.key);
    expect(existsSync(path.join(t.dataDir, "media", `${first.key}.webp`))).toBe(false);
    expect(existsSync(path.join(t.dataDir, "media", `${second.key}.webp`))).toBe(true);
  });

  it("refuses an avatar key that is not an uploaded avatar", async () => {
    const supplier = await signUp(t);
    const helperPhoto = await upload(t, supplier.cookie, { data: await samplePng(200, 200) }, { purpose: "helper" });
    for (const key of [helperPhoto.json().key as string, "avatars/doesNotExist123", "../../etc/passwd", "https://evil.example/a.png"]) {
      const response = await save(supplier, { intent: "avatar", key });
      expect(response.statusCode).toBe(400);
    }
    expect((await rowOf(supplier.id)).image).toBeNull();
  });
});
