import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, TEST_PASSWORD } from "../support/auth";
import { describeDb } from "../support/database";
import { uniqueEmail, uniqueLicence } from "../support/factories";
import { useTestApp } from "../support/test-app";

const origin = { origin: "http://localhost:3000" };

describeDb("better-auth's own account endpoints hold to the profile form's rules", () => {
  const t = useTestApp();

  const signUpWith = (values: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: origin,
      payload: { name: "API Agency", email: uniqueEmail(), password: TEST_PASSWORD, ...values },
    });
  const updateUser = (cookie: string, values: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/auth/update-user", headers: { ...origin, cookie }, payload: values });
  const rowByEmail = async (email: string) => (await t.db.select().from(user).where(eq(user.email, email)))[0];
  const rowOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;

  it("refuses a sign-up with a 60,000-character name, a marked-up phone or a badly formed licence, and makes no account", async () => {
    for (const [values, field, message] of [
      [{ name: "A".repeat(60_000) }, "name", "Full name must be at most 80 characters"],
      [{ phone: "<b>1</b>" }, "phone", "Use digits only; spaces, dashes, brackets and a leading + are fine."],
      [{ eaLicenceNumber: "ABC-123" }, "eaLicenceNumber", "Use MOM's format: two digits, a letter and four digits, e.g. 19C9871"],
      [{ companyName: "C".repeat(121) }, "companyName", "Company name must be at most 120 characters"],
    ] as const) {
      const email = uniqueEmail();
      const response = await signUpWith({ ...values, email });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: "INVALID_INPUT", message, fields: { [field]: message } });
      expect(await rowByEmail(email)).toBeUndefined();
    }
  });

  it("refuses a sign-up that sets a picture, a role or a verified address", async () => {
    for (const values of [{ image: "avatars/someoneElses123" }, { role: "operator" }, { emailVerified: true }]) {
      const email = uniqueEmail();
      const response = await signUpWith({ ...values, email });
      expect(response.statusCode, Object.keys(values)[0]).toBe(400);
      expect(await rowByEmail(email)).toBeUndefined();
    }
  });

  it("stores the details given at sign-up as the profile form would: phone in international form, licence in capitals", async () => {
    const email = uniqueEmail();
    const licence = uniqueLicence();
    const response = await signUpWith({
      email,
      companyName: "  Harbour Agency  ",
      phone: "9123 4567",
      eaLicenceNumber: licence.toLowerCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(await rowByEmail(email)).toMatchObject({ companyName: "Harbour Agency", phone: "+6591234567", eaLicenceNumber: licence });
  });

  it("does not let update-user set the picture or any field the profile form does not own", async () => {
    const supplier = await signUp(t);
    const picture = await updateUser(supplier.cookie, { image: "avatars/someoneElses123" });
    expect(picture.statusCode).toBe(400);
    expect(picture.json().message).toBe("The picture can only be changed on the profile page, with an image uploaded from this account.");
    for (const values of [{ role: "operator" }, { emailVerified: true }, { email: "new@example.com" }, { name: "Fine", image: null }]) {
      expect((await updateUser(supplier.cookie, values)).statusCode, JSON.stringify(values)).toBe(400);
    }
    expect(await rowOf(supplier.id)).toMatchObject({ image: null, role: "supplier", name: supplier.name });
  });

  it("checks update-user's details with the profile form's schema and stores them normalised", async () => {
    const supplier = await signUp(t);
    expect((await updateUser(supplier.cookie, { name: "N".repeat(81) })).statusCode).toBe(400);
    expect((await updateUser(supplier.cookie, { phone: "<b>1</b>" })).statusCode).toBe(400);
    expect((await updateUser(supplier.cookie, { eaLicenceNumber: "1234567" })).statusCode).toBe(400);
    expect((await updateUser(supplier.cookie, { name: "   " })).statusCode).toBe(400);
    expect(await rowOf(supplier.id)).toMatchObject({ name: supplier.name, phone: null, eaLicenceNumber: null });

    const licence = uniqueLicence();
    const saved = await updateUser(supplier.cookie, {
      name: " Bay Agency ",
      phone: "+65 6234 5678",
      eaLicenceNumber: licence.toLowerCase(),
    });
    expect(saved.statusCode).toBe(200);
    expect(await rowOf(supplier.id)).toMatchObject({ name: "Bay Agency", phone: "+6562345678", eaLicenceNumber: licence });
  });
});
