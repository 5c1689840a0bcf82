import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { isLicenceTaken } from "../../src/features/accounts/server/licence-claims";
import { user } from "../../src/features/accounts/server/tables";
import { formatSingaporeDay } from "../../src/shared/format";
import { MOM_EA_DIRECTORY_URL } from "../../src/shared/licence";
import { signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper, createSupplier, uniqueEmail, uniqueLicence } from "../support/factories";
import { pdfText } from "../support/pdf-text";
import { formBody, formHeaders, usePageApp } from "../support/pages";

const TAKEN =
  "This licence number is already registered to another account. If it is yours, contact us on WhatsApp at +65 8000 0000 so we can check it.";
const TAKEN_IN_HTML = TAKEN.replace("'", "&#x27;");
const NOT_CHECKED = "Licence not yet checked";

describeDb("licences: one account each, shown once an operator checked them", () => {
  const t = usePageApp();
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
  });

  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) }, payload });
  const saveProfile = (supplier: SignedIn, eaLicenceNumber: string) =>
    t.app.inject({
      method: "POST",
      url: `/profile/${supplier.id}`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ intent: "details", name: supplier.name, email: supplier.email, eaLicenceNumber }),
    });
  const licenceOf = async (id: string) => (await t.db.select().from(user).where(eq(user.id, id)))[0]!;
  const page = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.body.replace(/<!-- -->/g, "");
  };

  it("refuses a licence another account holds, however it is typed, at its field, on every way in", async () => {
    const licence = uniqueLicence();
    const first = await signUp(t, { name: "First Agency" });
    expect((await saveProfile(first, ` ${licence.slice(0, 3).toLowerCase()} ${licence.slice(3)} `)).statusCode).toBe(200);
    expect((await licenceOf(first.id)).eaLicenceNumber).toBe(licence);

    const second = await signUp(t, { name: "Second Agency" });
    const profile = await saveProfile(second, licence.toLowerCase());
    expect(profile.statusCode).toBe(409);
    expect(profile.body).toContain(TAKEN_IN_HTML);
    expect(profile.body).toContain('aria-invalid="true"');
    expect((await licenceOf(second.id)).eaLicenceNumber).toBeNull();

    const updated = await api("POST", "/api/auth/update-user", second.cookie, { eaLicenceNumber: ` ${licence} ` });
    expect(updated.statusCode).toBe(409);
    expect(updated.json()).toMatchObject({ code: "LICENCE_TAKEN", fields: { eaLicenceNumber: TAKEN } });

    const email = uniqueEmail();
    const signedUp = await api("POST", "/api/auth/sign-up/email", undefined, {
      name: "Third",
      email,
      password: TEST_PASSWORD,
      eaLicenceNumber: licence,
    });
    expect(signedUp.statusCode).toBe(409);
    expect(signedUp.json().fields).toEqual({ eaLicenceNumber: TAKEN });
    const form = await t.app.inject({
      method: "POST",
      url: "/register",
      headers: formHeaders,
      payload: formBody({
        name: "Third",
        companyName: "Third Agency",
        eaLicenceNumber: licence,
        email,
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }),
    });
    expect(form.statusCode).toBe(409);
    expect(form.body).toContain(TAKEN_IN_HTML);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);

    // The owner saves their own licence again as often as they like.
    expect((await saveProfile(first, licence)).statusCode).toBe(200);
  });

  it("lets one of two claims made at the same moment win, and answers the other as any second claim", async () => {
    const licence = uniqueLicence();
    const [a, b] = await Promise.all([signUp(t, { name: "Racing A" }), signUp(t, { name: "Racing B" })]);
    const answers = await Promise.all([saveProfile(a, licence), saveProfile(b, licence.toLowerCase())]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.body).toContain(TAKEN_IN_HTML);

    const sameLicence = uniqueLicence();
    const racing = await Promise.all(
      [sameLicence, `${sameLicence.slice(0, 3).toLowerCase()} ${sameLicence.slice(3)}`].map((typed) =>
        api("POST", "/api/auth/sign-up/email", undefined, {
          name: "Racer",
          email: uniqueEmail(),
          password: TEST_PASSWORD,
          eaLicenceNumber: typed,
        }),
      ),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);

    // Whoever wrote last, the index decides: a copy typed differently is refused by the database itself.
    const error = await createSupplier(t.db, { eaLicenceNumber: `${licence.slice(0, 2)} ${licence.slice(2).toLowerCase()}` }).catch(
      (caught: unknown) => caught,
    );
    expect(isLicenceTaken(error)).toBe(true);
  });

  it("shows no licence number anywhere public until an operator checks it, then the number and the day", async () => {
    const licence = uniqueLicence();
    const agency = await createSupplier(t.db, { companyName: "Merlion Maids", eaLicenceNumber: licence, emailVerified: true });
    const overseas = await createSupplier(t.db, { companyName: "Davao Overseas", emailVerified: true });
    const helper = await createHelper(t, agency.id, { name: "Checked Cora" });
    await createHelper(t, overseas.id, { name: "Abroad Amy" });
    const publicAddresses = [`/posts/users/${agency.id}`, `/posts/${helper.id}`, "/authors"];

    const hidden = async () => {
      for (const url of publicAddresses) {
        const body = await page(url);
        expect(body, url).not.toContain(licence);
        expect(body, url).toContain(NOT_CHECKED);
        expect(body, url).toContain(MOM_EA_DIRECTORY_URL);
      }
      for (const url of [
        `/api/suppliers/${agency.id}`,
        "/api/suppliers",
        `/api/helpers/${helper.id}`,
        `/api/helpers?supplier=${agency.id}`,
      ]) {
        expect((await t.app.inject({ url })).body, url).not.toContain(licence);
      }
      expect((await t.app.inject({ url: `/api/suppliers/${agency.id}` })).json()).toMatchObject({
        eaLicenceNumber: null,
        licenceStatus: "unchecked",
        licenceCheckedAt: null,
      });
      const pdf = await t.app.inject({ url: `/posts/${helper.id}/biodata.pdf` });
      expect((await pdfText(pdf.rawPayload)).text).not.toContain(licence);
    };
    await hidden();
    expect(await page(`/posts/users/${overseas.id}`)).toContain("Overseas supplier");

    const checked = await api("PUT", `/api/admin/suppliers/${agency.id}/licence-check`, operator.cookie, {
      licence,
      note: "Checked MOM EA directory, 25 Nov",
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({
      eaLicenceNumber: licence,
      checkedBy: "Olivia Operator",
      note: "Checked MOM EA directory, 25 Nov",
    });
    const day = formatSingaporeDay(new Date());
    for (const url of publicAddresses) {
      const body = await page(url);
      expect(body, url).toContain(`EA licence ${licence}`);
      expect(body, url).toContain(`Licence checked by Direct Helpers on ${day}`);
    }
    expect((await t.app.inject({ url: `/api/suppliers/${agency.id}` })).json()).toMatchObject({
      eaLicenceNumber: licence,
      licenceStatus: "checked",
    });
    const pdf = await t.app.inject({ url: `/posts/${helper.id}/biodata.pdf` });
    expect((await pdfText(pdf.rawPayload)).text.replace(/\s+/g, " ")).toContain(`EA licence ${licence}`);

    // Taken back, the pages say so again; checked again, then the supplier changes the number: the check goes with it.
    expect((await api("DELETE", `/api/admin/suppliers/${agency.id}/licence-check`, operator.cookie)).statusCode).toBe(200);
    await hidden();
    await api("PUT", `/api/admin/suppliers/${agency.id}/licence-check`, operator.cookie, { licence, note: "Checked again" });
    const other = uniqueLicence();
    await t.db.update(user).set({ eaLicenceNumber: other }).where(eq(user.id, agency.id));
    expect(await licenceOf(agency.id)).toMatchObject({
      eaLicenceNumber: other,
      licenceCheckedAt: null,
      licenceCheckedBy: null,
      licenceCheckNote: null,
    });
    t.app.services.listingChanged();
    const body = await page(`/posts/users/${agency.id}`);
    expect(body).not.toContain(other);
    expect(body).toContain(NOT_CHECKED);
  });

  it("lets only operators check a licence, with a note of how, from this site's own screen", async () => {
    const supplier = await signUp(t, { name: "Eager Agency" });
    const licence = uniqueLicence();
    await saveProfile(supplier, licence);
    const url = `/api/admin/suppliers/${supplier.id}/licence-check`;
    const body = { licence, note: "Checked MOM EA directory" };
    expect((await api("PUT", url, undefined, body)).statusCode).toBe(401);
    expect((await api("PUT", url, supplier.cookie, body)).statusCode).toBe(403);
    expect((await api("DELETE", url, supplier.cookie)).statusCode).toBe(403);
    expect((await api("GET", "/api/admin/suppliers", supplier.cookie)).statusCode).toBe(403);
    const noNote = await api("PUT", url, operator.cookie, { licence, note: "  " });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.fields.note).toContain("Say how you checked it");
    const stale = await api("PUT", url, operator.cookie, { licence: uniqueLicence(), note: "Checked" });
    expect(stale.statusCode).toBe(409);
    expect((await licenceOf(supplier.id)).licenceCheckedAt).toBeNull();

    const screen = (cookie: string, values: Record<string, string>, origin = "http://localhost") =>
      t.app.inject({ method: "POST", url: "/admin/suppliers", headers: { ...formHeaders, origin, cookie }, payload: formBody(values) });
    expect((await t.app.inject({ url: "/admin/suppliers", headers: { cookie: supplier.cookie } })).statusCode).toBe(403);
    expect((await screen(supplier.cookie, { id: supplier.id, licence, note: "Mine, trust me" })).statusCode).toBe(403);
    const crossSite = await screen(operator.cookie, { id: supplier.id, licence, note: "Checked" }, "https://elsewhere.example");
    expect(crossSite.statusCode).toBeGreaterThanOrEqual(400);
    expect((await licenceOf(supplier.id)).licenceCheckedAt).toBeNull();

    const list = await t.app.inject({ url: `/admin/suppliers?q=${licence}`, headers: { cookie: operator.cookie } });
    expect(list.body).toContain("Eager Agency");
    expect(list.body.replace(/<!-- -->/g, "")).toContain(`How you checked ${licence}`);
    const empty = await screen(operator.cookie, { id: supplier.id, licence, note: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Say how you checked it");
    const done = await screen(operator.cookie, { id: supplier.id, licence, note: "Checked MOM EA directory, 25 Nov", intent: "check" });
    expect(done.statusCode).toBe(302);
    expect(await licenceOf(supplier.id)).toMatchObject({
      licenceCheckedBy: operator.id,
      licenceCheckNote: "Checked MOM EA directory, 25 Nov",
    });
    const after = await t.app.inject({ url: `/admin/suppliers?q=${licence}`, headers: { cookie: operator.cookie } });
    expect(after.body.replace(/<!-- -->/g, "")).toContain("by Olivia Operator: Checked MOM EA directory, 25 Nov");
    // Taking the check back asks first, in the page, and changes nothing until answered.
    const asked = await screen(operator.cookie, { id: supplier.id, intent: "uncheck" });
    expect(asked.statusCode).toBe(200);
    expect(asked.body.replace(/<!-- -->/g, "")).toContain(`Take back the check of ${licence} (Eager Agency)?`);
    expect((await licenceOf(supplier.id)).licenceCheckedAt).not.toBeNull();
    expect((await screen(operator.cookie, { id: supplier.id, intent: "uncheck", confirm: "yes" })).statusCode).toBe(302);
    expect((await licenceOf(supplier.id)).licenceCheckedAt).toBeNull();
  });
});
