import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { eaPersonnel } from "../../src/features/suppliers/server/tables";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { fullBiodata, publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueLicence } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { pdfText } from "../support/pdf-text";

const named = (name: string, number: string) => `EA personnel: ${name} (registration ${number})`;
const LIM = named("Lim Siew Hoon", "R1234567");
const TAN = named("Tan Wei Ming", "R7654321");

describeDb("each biodata names one of its agency's EA personnel, checked by an operator", () => {
  const t = usePageApp();
  let agency: SignedIn;
  let other: SignedIn;
  let overseas: SignedIn;
  let operator: SignedIn;
  let lim: string;
  let tan: string;
  let stranger: string;
  let first: string;
  let second: string;

  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, who: SignedIn, payload?: object, language = "en") =>
    t.app.inject({ method, url, headers: { cookie: who.cookie, "accept-language": language }, payload });
  const page = async (path: string, cookie?: string) =>
    (await t.app.inject({ url: path, headers: cookie ? { cookie } : {} })).body.replace(/<!-- -->/g, "");
  const addPersonnel = async (who: SignedIn, name: string, registrationNumber: string) => {
    const added = await api("POST", "/api/me/ea-personnel", who, { name, registrationNumber });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().id as string;
  };
  const pdfOf = async (id: string) =>
    (await pdfText((await t.app.inject({ url: `/posts/${id}/biodata.pdf` })).rawPayload)).text.replace(/\s+/g, " ");
  const operatorPost = (values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/admin/ea-personnel",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody(values),
    });

  beforeAll(async () => {
    agency = await signUp(t, { name: "Harbour Agency" });
    other = await signUp(t, { name: "Other Agency" });
    overseas = await signUp(t, { name: "Overseas Supplier" });
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
    for (const who of [agency, other]) {
      await t.db.update(user).set({ eaLicenceNumber: uniqueLicence(), licenceCheckedAt: new Date() }).where(eq(user.id, who.id));
    }
    lim = await addPersonnel(agency, "Lim Siew Hoon", "R1234567");
    tan = await addPersonnel(agency, "Tan Wei Ming", "R7654321");
    stranger = await addPersonnel(other, "Goh Mei Ling", "R1111111");
    first = await publishFullBiodata(t, agency, { name: "Rosa First" });
    second = await publishFullBiodata(t, agency, { name: "Rosa Second", eaPersonnelId: tan });
  });

  it("until one is chosen a biodata names the agency's first; a biodata written naming another names that one, on its page and PDF", async () => {
    expect(await page(`/posts/${first}`)).toContain(LIM);
    const html = await page(`/posts/${second}`);
    expect(html).toContain(TAN);
    expect(html).not.toContain("Lim Siew Hoon");
    expect(await pdfOf(second)).toContain(TAN);
    const [row] = await t.db.select({ chosen: helpers.eaPersonnelId }).from(helpers).where(eq(helpers.id, second));
    expect(row!.chosen).toBe(tan);
  });

  it("the form offers the agency's personnel, the one chosen selected; an edit changes the page and the PDF the family reads", async () => {
    const form = await page(`/posts/${second}/edit`, agency.cookie);
    expect(form).toContain("EA personnel named on this biodata");
    expect(form).toMatch(new RegExp(`<option value="${tan}" selected="">Tan Wei Ming · R7654321</option>`));
    expect(form).toContain(`<option value="${lim}">Lim Siew Hoon · R1234567</option>`);
    expect(await pdfOf(first)).toContain(LIM);

    const changed = await api("PATCH", `/api/helpers/${first}`, agency, { eaPersonnelId: tan });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().eaPersonnelId).toBe(tan);
    // The page held is sent once more while it is rendered again (stale while revalidating).
    await expect.poll(() => page(`/posts/${first}`)).toContain(TAN);
    expect(await pdfOf(first)).toContain(TAN);

    const create = await page("/create", agency.cookie);
    expect(create).toContain(`<option value="${lim}">Lim Siew Hoon · R1234567</option>`);
  });

  it("refuses another agency's personnel or a made-up id at the field, in the writer's language, and changes nothing", async () => {
    const theirs = await api("PATCH", `/api/helpers/${first}`, agency, { eaPersonnelId: stranger }, "id");
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.fields).toEqual({
      eaPersonnelId: "Pilih salah satu personel EA agen Anda, seperti yang tercantum di profil Anda.",
    });
    const madeUp = await api("PATCH", `/api/helpers/${first}`, agency, { eaPersonnelId: "R1234567" });
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json().error.fields.eaPersonnelId).toBe("Choose one of your agency's EA personnel, as listed on your profile.");
    const created = await api("POST", "/api/helpers", other, fullBiodata({ name: "Nobody", eaPersonnelId: lim, status: "draft" }));
    expect(created.statusCode).toBe(400);
    expect(created.json().error.fields.eaPersonnelId).toBe("Choose one of your agency's EA personnel, as listed on your profile.");
    expect(await page(`/posts/${first}`)).toContain(TAN);
  });

  it("an overseas supplier's form offers none and its biodata name none", async () => {
    const own = await publishFullBiodata(t, overseas, { name: "Rosa Overseas" });
    expect(await page("/create", overseas.cookie)).not.toContain("EA personnel named on this biodata");
    expect(await page(`/posts/${own}/edit`, overseas.cookie)).not.toContain("EA personnel named on this biodata");
    expect(await page(`/posts/${own}`)).not.toContain("EA personnel:");
  });

  it("removing the person a biodata names falls back to the agency's first; removing the first names the next", async () => {
    expect((await api("DELETE", `/api/me/ea-personnel/${tan}`, agency)).statusCode).toBe(204);
    expect(await page(`/posts/${first}`)).toContain(LIM);
    expect(await page(`/posts/${second}`)).toContain(LIM);
    expect(await pdfOf(second)).toContain(LIM);
    const [row] = await t.db.select({ chosen: helpers.eaPersonnelId }).from(helpers).where(eq(helpers.id, second));
    expect(row!.chosen).toBeNull();
    await addPersonnel(agency, "Wong Kai Ling", "R2222222");
    expect((await api("DELETE", `/api/me/ea-personnel/${lim}`, agency)).statusCode).toBe(204);
    expect(await page(`/posts/${first}`)).toContain(named("Wong Kai Ling", "R2222222"));
  });

  it("an operator lists the personnel waiting for a check, marks one checked, and takes it back only once it confirms", async () => {
    expect((await t.app.inject({ url: "/admin/ea-personnel", headers: { cookie: agency.cookie } })).statusCode).toBe(403);
    const screen = await page("/admin/ea-personnel", operator.cookie);
    expect(screen).toContain("Goh Mei Ling · R1111111");
    expect(screen).toContain("Mark R1111111 checked");
    expect(await page(`/profile/${other.id}`, other.cookie)).toContain("Waiting for our check in MOM&#x27;s directory.");

    const checked = await operatorPost({ id: stranger, intent: "check" });
    expect(checked.statusCode).toBe(302);
    const [row] = await t.db.select().from(eaPersonnel).where(eq(eaPersonnel.id, stranger));
    expect(row!.checkedAt).not.toBeNull();
    expect(row!.checkedBy).toBe(operator.id);
    expect(await page("/admin/ea-personnel?q=R1111111", operator.cookie)).toContain("by Olivia Operator");
    expect(await page(`/profile/${other.id}`, other.cookie)).toContain("Checked by us in MOM&#x27;s directory on");

    const asked = await operatorPost({ id: stranger, intent: "uncheck" });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain("Take back the check of Goh Mei Ling (R1111111)?");
    expect((await t.db.select().from(eaPersonnel).where(eq(eaPersonnel.id, stranger)))[0]!.checkedAt).not.toBeNull();
    const taken = await operatorPost({ id: stranger, intent: "uncheck", confirm: "yes" });
    expect(taken.statusCode).toBe(302);
    const [after] = await t.db.select().from(eaPersonnel).where(eq(eaPersonnel.id, stranger));
    expect(after!.checkedAt).toBeNull();
    expect(after!.checkedBy).toBeNull();
    expect((await operatorPost({ id: tan, intent: "check" })).statusCode).toBe(404);
  });
});
