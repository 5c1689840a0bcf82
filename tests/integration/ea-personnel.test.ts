import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { seedDemoData } from "../../src/features/demo/server/demo";
import { helpers } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueLicence } from "../support/factories";
import { usePageApp } from "../support/pages";
import { pdfText } from "../support/pdf-text";

const SHOWN = "EA personnel: Lim Siew Hoon (registration R1234567)";

describeDb("a licensed agency's registered EA personnel", () => {
  const t = usePageApp();
  let agency: SignedIn;
  let overseas: SignedIn;
  let agencyHelper: string;
  let overseasHelper: string;

  beforeAll(async () => {
    agency = await signUp(t, { name: "Harbour Agency" });
    await t.db.update(user).set({ eaLicenceNumber: uniqueLicence(), licenceCheckedAt: new Date() }).where(eq(user.id, agency.id));
    overseas = await signUp(t, { name: "Overseas Supplier" });
    agencyHelper = await publishFullBiodata(t, agency, { name: "Rosa Agency" });
    overseasHelper = await publishFullBiodata(t, overseas, { name: "Rosa Overseas" });
  });

  const add = (who: SignedIn, payload: Record<string, unknown>, language = "en") =>
    t.app.inject({ method: "POST", url: "/api/me/ea-personnel", headers: { cookie: who.cookie, "accept-language": language }, payload });
  const page = async (path: string, cookie?: string) => (await t.app.inject({ url: path, headers: cookie ? { cookie } : {} })).body;

  it("an agency with none is told on its dashboard what to add; its biodata name nobody yet", async () => {
    const dashboard = await page("/dashboard", agency.cookie);
    expect(dashboard).toContain("Your biodata name no EA personnel yet.");
    expect(dashboard).toContain(`href="/profile/${agency.id}#ea-personnel"`);
    expect(await page(`/posts/${agencyHelper}`)).not.toContain("EA personnel:");
    expect(await page("/dashboard", overseas.cookie)).not.toContain("EA personnel");
  });

  it("refuses a bad registration number or a missing name per field in the writer's language, and an overseas supplier", async () => {
    const bad = await add(agency, { name: "", registrationNumber: "S1234567A" }, "id");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      name: "Nama personel EA wajib diisi",
      registrationNumber: "Gunakan nomor registrasi MOM: R dan tujuh angka, misalnya R1234567",
    });
    const none = await add(overseas, { name: "Ana Reyes", registrationNumber: "R7654321" });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toMatch(/^Only a licensed employment agency has EA personnel/);
    expect((await t.app.inject({ method: "POST", url: "/api/me/ea-personnel", payload: {} })).statusCode).toBe(401);
  });

  it("adds them (the number in capitals, once) and names the first on every biodata page and PDF, beside the licence", async () => {
    // The page is kept by the page cache before the agency adds anyone: adding drops it.
    expect(await page(`/posts/${agencyHelper}`)).not.toContain(SHOWN);
    const first = await add(agency, { name: "Lim Siew Hoon", registrationNumber: " r 1234567 " });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: "Lim Siew Hoon", registrationNumber: "R1234567", checkedAt: null });
    expect((await add(agency, { name: "Lim Siew Hoon", registrationNumber: "R1234567" })).json().error.fields).toEqual({
      registrationNumber: "This registration number is already on your profile",
    });
    expect((await add(agency, { name: "Tan Wei Ming", registrationNumber: "R7654321" })).statusCode).toBe(201);

    const html = await page(`/posts/${agencyHelper}`);
    expect(html).toContain(SHOWN);
    expect(html).not.toContain("Tan Wei Ming");
    expect(html.indexOf(SHOWN)).toBeGreaterThan(html.indexOf("supplier-licence"));
    const pdf = await t.app.inject({ url: `/posts/${agencyHelper}/biodata.pdf` });
    const { text } = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s+/g, " ")).toContain(SHOWN);
    expect(await page("/dashboard", agency.cookie)).not.toContain("Your biodata name no EA personnel yet.");

    const listed = await t.app.inject({ url: "/api/me/ea-personnel", headers: { cookie: agency.cookie } });
    expect(listed.json().items.map((one: { registrationNumber: string }) => one.registrationNumber)).toEqual(["R1234567", "R7654321"]);
  });

  it("an overseas supplier's biodata show none, and one agency cannot remove another's", async () => {
    expect(await page(`/posts/${overseasHelper}`)).not.toContain("EA personnel:");
    const [first] = (await t.app.inject({ url: "/api/me/ea-personnel", headers: { cookie: agency.cookie } })).json().items;
    const stranger = await t.app.inject({
      method: "DELETE",
      url: `/api/me/ea-personnel/${first.id}`,
      headers: { cookie: overseas.cookie },
    });
    expect(stranger.statusCode).toBe(404);
    const own = await t.app.inject({ method: "DELETE", url: `/api/me/ea-personnel/${first.id}`, headers: { cookie: agency.cookie } });
    expect(own.statusCode).toBe(204);
    expect(await page(`/posts/${agencyHelper}`)).toContain("EA personnel: Tan Wei Ming (registration R7654321)");
  });

  it("the profile lists them with Remove, and adds one from its form", async () => {
    const profile = await page(`/profile/${agency.id}`, agency.cookie);
    expect(profile).toContain('id="ea-personnel"');
    expect(profile).toContain("Remove Tan Wei Ming");
    expect(await page(`/profile/${overseas.id}`, overseas.cookie)).not.toContain('id="ea-personnel"');
  });

  it("the demo's agencies have theirs, named on their biodata", async () => {
    await seedDemoData(t.db, t.app.storage, { helpers: 12 });
    t.app.services.listingChanged();
    const [golden] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, "goldenbridge@demo.directhelpers.sg"));
    const theirs = await t.db
      .select({ id: helpers.id, chosen: helpers.eaPersonnelId })
      .from(helpers)
      .where(eq(helpers.supplierId, golden!.id));
    const unchosen = theirs.find((helper) => helper.chosen === null);
    const chosen = theirs.find((helper) => helper.chosen !== null);
    expect(await page(`/posts/${unchosen!.id}`)).toContain("EA personnel: Grace Tan Mei Ling (registration R1765432)");
    // Every other one names the agency's second (decision 163).
    expect(await page(`/posts/${chosen!.id}`)).toContain("EA personnel: Muhammad Hafiz bin Rahman (registration R1987654)");
  });
});
