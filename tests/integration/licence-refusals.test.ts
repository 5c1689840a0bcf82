import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { user } from "../../src/features/accounts/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueLicence } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";

const WAITING = "waits for our check: we look it up in MOM&#x27;s directory of employment agencies";
const REASON = "MOM's directory has no agency with this licence";

describeDb("licences nobody has checked: told on the dashboard, refusable, and a refused number free for its holder", () => {
  const t = usePageApp();
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signUp(t, { name: "Olivia Operator", role: "operator" });
  });

  const body = async (url: string, cookie?: string) =>
    (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).body.replace(/<!-- -->/g, "");
  const status = async (url: string) => (await t.app.inject({ url })).statusCode;
  const saveLicence = (who: SignedIn, eaLicenceNumber: string) =>
    t.app.inject({
      method: "POST",
      url: `/profile/${who.id}`,
      headers: { ...formHeaders, cookie: who.cookie },
      payload: formBody({ intent: "details", name: who.name, email: who.email, eaLicenceNumber }),
    });
  const screen = (values: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/admin/suppliers",
      headers: { ...formHeaders, cookie: operator.cookie },
      payload: formBody(values),
    });
  const check = (id: string, licence: string) =>
    t.app.inject({
      method: "PUT",
      url: `/api/admin/suppliers/${id}/licence-check`,
      headers: { cookie: operator.cookie },
      payload: { licence, note: "Checked MOM EA directory" },
    });
  const agencyWith = async (name: string, licence: string) => {
    const agency = await signUp(t, { name });
    expect((await saveLicence(agency, licence)).statusCode).toBe(200);
    return agency;
  };
  /** Every families' page and API answer that could show the biodata, and whether each does. */
  const seenByFamilies = async (agency: SignedIn, helperId: string, name: string) => ({
    page: await status(`/posts/${helperId}`),
    pdf: await status(`/posts/${helperId}/biodata.pdf`),
    api: await status(`/api/helpers/${helperId}`),
    supplier: await status(`/posts/users/${agency.id}`),
    listing: (await body("/posts")).includes(name),
    search: (await body(`/posts?q=${encodeURIComponent(name)}`)).includes(`/posts/${helperId}`),
    apiList: (await body("/api/helpers?pageSize=50")).includes(helperId),
    // What the sitemap is made of (the file itself is kept a minute, as for a new helper).
    sitemap: (await t.app.services.seo.sitemapEntries([])).some((entry) => entry.path === `/posts/${helperId}`),
  });
  const SHOWN = { page: 200, pdf: 200, api: 200, supplier: 200, listing: true, search: true, apiList: true, sitemap: true };
  const HIDDEN = { page: 404, pdf: 404, api: 404, supplier: 404, listing: false, search: false, apiList: false, sitemap: false };

  it("a new agency is told on its dashboard that its licence waits for a check, what families see and what to do, in its language", async () => {
    const licence = uniqueLicence();
    const agency = await agencyWith("Waiting Agency", licence);
    const dashboard = await body("/dashboard", agency.cookie);
    expect(dashboard).toContain(`Your EA licence ${licence} ${WAITING}`);
    expect(dashboard).toContain("“Licence not yet checked” and no licence number");
    expect(dashboard).toContain("Correct the licence on your profile");
    await t.db.update(user).set({ locale: "id" }).where(eq(user.id, agency.id));
    expect(await body("/dashboard", agency.cookie)).toContain(`Lisensi EA Anda ${licence} menunggu pemeriksaan kami`);
    expect((await check(agency.id, licence)).statusCode).toBe(200);
    expect(await body("/dashboard", agency.cookie)).not.toContain("menunggu pemeriksaan kami");
    const overseas = await signUp(t, { name: "Overseas Supplier" });
    expect(await body("/dashboard", overseas.cookie)).not.toContain("EA licence");
  });

  it("an operator refuses a licence with a reason the agency reads; its biodata leave every families' page until a corrected number is checked", async () => {
    const licence = uniqueLicence();
    const agency = await agencyWith("Made Up Agency", licence);
    const helperId = await publishFullBiodata(t, agency, { name: "Refusa Hidden" });
    expect(await seenByFamilies(agency, helperId, "Refusa Hidden")).toEqual(SHOWN);

    const list = await body(`/admin/suppliers?q=${licence}`, operator.cookie);
    expect(list).toContain(`Why ${licence} is refused (the agency reads it)`);
    const empty = await screen({ id: agency.id, licence, reason: " ", intent: "refuse" });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain("Say why, e.g.");
    expect((await t.db.select().from(user).where(eq(user.id, agency.id)))[0]!.licenceRefusedAt).toBeNull();
    const stale = await screen({ id: agency.id, licence: uniqueLicence(), reason: REASON, intent: "refuse" });
    expect(stale.statusCode).toBe(409);

    const refused = await screen({ id: agency.id, licence, reason: REASON, intent: "refuse" });
    expect(refused.statusCode).toBe(302);
    const [row] = await t.db.select().from(user).where(eq(user.id, agency.id));
    expect(row).toMatchObject({ licenceRefusedNumber: licence, licenceRefusedBy: operator.id, licenceRefusalReason: REASON });
    await expect.poll(() => seenByFamilies(agency, helperId, "Refusa Hidden")).toEqual(HIDDEN);
    const dashboard = await body("/dashboard", agency.cookie);
    expect(dashboard).toContain(
      `We refused your EA licence ${licence}: MOM&#x27;s directory has no agency with this licence. Families see none`,
    );
    expect(await body(`/admin/suppliers?q=${licence}`, operator.cookie)).toContain(`by Olivia Operator: ${REASON.replace("'", "&#x27;")}`);

    // A new number alone brings nothing back: it waits for a check, and the dashboard says so.
    const corrected = uniqueLicence();
    expect((await saveLicence(agency, corrected)).statusCode).toBe(200);
    expect(await body("/dashboard", agency.cookie)).toContain(`You changed your EA licence to ${corrected} after we refused ${licence}`);
    expect(await seenByFamilies(agency, helperId, "Refusa Hidden")).toEqual(HIDDEN);
    expect(await body(`/admin/suppliers?q=${corrected}`, operator.cookie)).toContain(`It now gives ${corrected}, waiting for a check`);
    expect((await check(agency.id, corrected)).statusCode).toBe(200);
    const [after] = await t.db.select().from(user).where(eq(user.id, agency.id));
    expect(after).toMatchObject({ licenceRefusedAt: null, licenceRefusedNumber: null, licenceRefusalReason: null });
    await expect.poll(() => seenByFamilies(agency, helperId, "Refusa Hidden")).toEqual(SHOWN);
    expect(await body("/dashboard", agency.cookie)).not.toContain("We refused");
  });

  it("a refused number is free for its real holder, one holder only even when two claim it at once, and a check cannot take it back from them", async () => {
    const licence = uniqueLicence();
    const impostor = await agencyWith("Impostor Agency", licence);
    expect((await saveLicence(await signUp(t, { name: "Too Early" }), licence)).statusCode).toBe(409);
    const api = await t.app.inject({
      method: "PUT",
      url: `/api/admin/suppliers/${impostor.id}/licence-refusal`,
      headers: { cookie: operator.cookie },
      payload: { licence, reason: REASON },
    });
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toMatchObject({ refusedNumber: licence, refusalReason: REASON, refusedBy: "Olivia Operator" });

    const [one, two] = [await signUp(t, { name: "Real Holder" }), await signUp(t, { name: "Second Claimant" })];
    const answers = await Promise.all([saveLicence(one, licence), saveLicence(two, licence)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const holders = await t.db.select({ id: user.id }).from(user).where(eq(user.eaLicenceNumber, licence));
    expect(holders.map((holder) => holder.id).sort()).toEqual([impostor.id, answers[0]!.statusCode === 200 ? one.id : two.id].sort());

    // Checking the impostor's number now would give it two holders: refused, and the refusal stays.
    const taken = await check(impostor.id, licence);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toMatch(/^Another account now holds/);
    expect((await t.db.select().from(user).where(eq(user.id, impostor.id)))[0]!.licenceRefusedAt).not.toBeNull();
    // Giving no licence at all lifts the refusal: an overseas supplier, as anyone may be.
    expect((await saveLicence(impostor, "")).statusCode).toBe(200);
    expect((await t.db.select().from(user).where(eq(user.id, impostor.id)))[0]).toMatchObject({
      eaLicenceNumber: null,
      licenceRefusedAt: null,
    });
  });
});
