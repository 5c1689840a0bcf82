/**
 * Helpers on their own (issue 35, decision 197): a helper signs up herself, owns one biodata, is
 * listed as a direct hire (hire=direct, never hire=agency), shows no number, WhatsApp or Telegram,
 * is the other side of a family's conversation about her, is no supplier (/authors, personnel),
 * has her identity checked by an operator (kind of document only) and hides or deletes at once.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { identityChecks, user } from "../../src/features/accounts/server/tables";
import { helpers } from "../../src/features/helpers/server/tables";
import { chatMessages, conversations, helperReports } from "../../src/features/conversations/server/tables";
import { jobProposals } from "../../src/features/jobs/server/tables";
import { calendarDateAt, formatIsoDate } from "../../src/shared/age";
import { pdfText } from "../support/pdf-text";
import { signIn, signUp, TEST_PASSWORD, type SignedIn } from "../support/auth";
import { biodataBody, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const HER_PHONE = "+6591230000";

describeDb("helpers on their own (direct hire)", () => {
  const t = usePageApp();
  let agency: SignedIn;
  let operator: SignedIn;
  let helper: SignedIn;
  let biodataId: string;
  beforeAll(async () => {
    agency = await signUp(t, { name: "Direct Test Agency" });
    operator = await signUp(t, { name: "Direct Test Operator", role: "operator" });
  });

  const page = (url: string, cookie = "") => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const helperBody = (overrides: Record<string, unknown> = {}) =>
    biodataBody({
      name: "Ma Thida",
      nationality: "Myanmar",
      motherTongue: "Burmese",
      religion: "Buddhist",
      directHireReason: "finishing-contract",
      ...overrides,
    });

  it("signs a helper up from /register as a helper: her own role, no company, her phone kept and never shown", async () => {
    const form = await page("/register?as=helper");
    expect(form.body).toContain("I am a helper looking for an employer");
    const email = uniqueEmail("helper");
    // A number that is none is refused at its field, and no account is made.
    const refused = await t.app.inject({
      method: "POST",
      url: "/register?as=helper",
      headers: formHeaders,
      payload: formBody({ as: "helper", name: "Ma Thida", email, phone: "12", password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('aria-invalid="true"');
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    const posted = await t.app.inject({
      method: "POST",
      url: "/register?as=helper",
      headers: formHeaders,
      payload: formBody({
        as: "helper",
        name: "Ma Thida",
        email,
        phone: "9123 0000",
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
      }),
    });
    expect(posted.statusCode, posted.body.slice(0, 300)).toBe(302);
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ role: "helper", companyName: null, eaLicenceNumber: null, phone: HER_PHONE });
    helper = { id: row!.id, email, name: "Ma Thida", cookie: await signIn(t, email) };
  });

  it("refuses a company, a licence or a Telegram name for a helper's account, and never makes an operator", async () => {
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000", "x-dh-sign-up-as": "helper" },
      payload: { name: "Su Su", email: uniqueEmail("helper"), password: TEST_PASSWORD, companyName: "Su Su Pte Ltd" },
    });
    expect(refused.statusCode).toBe(400);
    const operatorAsked = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000", "x-dh-sign-up-as": "operator" },
      payload: { name: "Not An Operator", email: uniqueEmail("helper"), password: TEST_PASSWORD },
    });
    expect(operatorAsked.statusCode).toBe(200);
    expect(operatorAsked.json().user.role).toBe("supplier");
    // Her profile asks none of them; an agency's asks all three.
    const hers = (await page(`/profile/${helper.id}`, helper.cookie)).body;
    const theirs = (await page(`/profile/${agency.id}`, agency.cookie)).body;
    for (const field of ["companyName", "eaLicenceNumber", "telegram"]) {
      expect(hers).not.toContain(`name="${field}"`);
      expect(theirs).toContain(`name="${field}"`);
    }
  });

  it("asks why she is free to be hired directly, per field, and writes nothing until it is said", async () => {
    const missing = await api("POST", "/api/helpers", helper.cookie, await withPhoto(t, helper, helperBody({ directHireReason: null })));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.directHireReason).toBeTruthy();
    const transfer = await api(
      "POST",
      "/api/helpers",
      helper.cookie,
      await withPhoto(t, helper, helperBody({ directHireReason: "transfer" })),
    );
    expect(transfer.statusCode).toBe(400);
    expect(Object.keys(transfer.json().error.fields).sort()).toEqual(["employerConsent", "releaseDate"]);
    expect(await t.db.select().from(helpers).where(eq(helpers.supplierId, helper.id))).toHaveLength(0);
  });

  it("publishes her one biodata and refuses a second with a clear message", async () => {
    const created = await api("POST", "/api/helpers", helper.cookie, await withPhoto(t, helper, helperBody()));
    expect(created.statusCode, created.body).toBe(201);
    biodataId = created.json().id;
    expect(created.json()).toMatchObject({
      hire: "direct",
      directHireReason: "finishing-contract",
      supplier: { whatsapp: null, telegram: null },
    });
    const second = await api("POST", "/api/helpers", helper.cookie, await withPhoto(t, helper, helperBody({ name: "Ma Thida Two" })));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toContain("one biodata");
  });

  it("is found with hire=direct and not with hire=agency; an agency's biodata the other way round", async () => {
    const agencyOwn = await api("POST", "/api/helpers", agency.cookie, await withPhoto(t, agency, biodataBody({ name: "Agency Maria" })));
    expect(agencyOwn.statusCode).toBe(201);
    const ids = async (hire: string) =>
      ((await page(`/api/helpers?hire=${hire}&pageSize=60`)).json().items as { id: string }[]).map((i) => i.id);
    expect(await ids("direct")).toContain(biodataId);
    expect(await ids("direct")).not.toContain(agencyOwn.json().id);
    expect(await ids("agency")).not.toContain(biodataId);
    expect(await ids("agency")).toContain(agencyOwn.json().id);
    expect((await page("/api/helpers?hire=nobody")).statusCode).toBe(400);
    const listing = await page("/posts?hire=direct");
    expect(listing.body).toContain("Direct hire");
    expect(listing.body).toContain("Ma Thida");
    // Families reading Chinese see the mark and the filter's chip in Chinese.
    expect((await page("/zh/posts?hire=direct")).body).toContain("直接雇用");
  });

  it("shows no number, WhatsApp or Telegram on her page, card or API, and says what the employer does", async () => {
    const biodata = await page(`/posts/${biodataId}`);
    expect(biodata.statusCode).toBe(200);
    // Her biodata, not the site's own contact in the menu and footer.
    const article = biodata.body.slice(biodata.body.indexOf('<article class="biodata"'), biodata.body.indexOf("</article>"));
    expect(article).toContain("Ma Thida");
    for (const text of ["wa.me", "t.me/", "91230000", "9123 0000"])
      expect(article, article.slice(Math.max(0, article.indexOf(text) - 300), article.indexOf(text) + 100)).not.toContain(text);
    expect(biodata.body).not.toContain("91230000");
    expect(biodata.body).toContain(`href="/posts/${biodataId}/message"`);
    expect(biodata.body).toContain("Not yet checked");
    expect(biodata.body).toContain("mom.gov.sg/passes-and-permits/work-permit-for-foreign-domestic-worker");
    const record = await page(`/api/helpers/${biodataId}`);
    expect(record.body).not.toContain("91230000");
    const listing = await page("/posts?hire=direct");
    const card = listing.body.slice(listing.body.indexOf('<article class="helper-card"'), listing.body.indexOf("</article>"));
    expect(card).toContain("Ma Thida");
    expect(card).not.toContain("wa.me");
  });

  it("is no supplier: never on /authors, no supplier page, no EA personnel", async () => {
    const suppliers = (await page("/api/suppliers")).json() as { id: string }[] | { items: { id: string }[] };
    const list = Array.isArray(suppliers) ? suppliers : suppliers.items;
    expect(list.map((s) => s.id)).not.toContain(helper.id);
    expect((await page(`/api/suppliers/${helper.id}`)).statusCode).toBe(404);
    expect((await page(`/posts/users/${helper.id}`)).statusCode).toBe(404);
    expect((await page("/authors")).body).not.toContain("Ma Thida");
    expect((await api("GET", "/api/me/ea-personnel", helper.cookie)).statusCode).toBe(403);
  });

  it("is the other side of a family's conversation about her, and answers it from her inbox", async () => {
    const familyPhone = uniqueSgMobile();
    const visitor = await returningVisitorCookie(t, "Fiona Family", familyPhone.e164);
    const started = await t.app.inject({
      method: "POST",
      url: `/posts/${biodataId}/message`,
      headers: { ...formHeaders, cookie: visitor },
      payload: formBody({ body: "Hello Ma Thida, are you free in March?", email: "" }),
    });
    expect(started.statusCode).toBe(302);
    const id = String(started.headers.location).split("/").pop()!;
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conversation).toMatchObject({ helperId: biodataId, supplierId: helper.id });
    const inbox = await page("/dashboard/messages", helper.cookie);
    expect(inbox.body).toContain("Ma Thida");
    // She talks through the site only: the family's name, never its number.
    const thread = await page(`/dashboard/messages/${id}`, helper.cookie);
    expect(thread.body).toContain("Fiona Family");
    for (const body of [inbox.body, thread.body])
      for (const number of [familyPhone.typed, familyPhone.e164.slice(3)]) expect(body).not.toContain(number);
    const answered = await api("POST", `/api/conversations/${id}/messages`, helper.cookie, { body: "Yes, I am free from March." });
    expect(answered.statusCode, answered.body).toBe(201);
    // An agency is not a side of it.
    expect((await api("POST", `/api/conversations/${id}/messages`, agency.cookie, { body: "Hello" })).statusCode).toBeGreaterThanOrEqual(
      403,
    );

    // The family reports her to the operators (her message), who find it among the reported.
    const family = `${visitor}; ${String(started.headers["set-cookie"]).split(";")[0]!}`;
    const [hers] = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, id), eq(chatMessages.author, "supplier")));
    const reported = await t.app.inject({
      method: "POST",
      url: `/messages/${id}`,
      headers: { ...formHeaders, cookie: family },
      payload: formBody({ intent: "report", messageId: String(hers!.id) }),
    });
    expect(reported.statusCode).toBe(302);
    expect((await page("/admin/conversations?reported=1", operator.cookie)).body).toContain("Ma Thida");
  });

  it("lets a family report her to the operators from her page, once, saying why; never an agency's biodata", async () => {
    const biodata = await page(`/posts/${biodataId}`);
    expect(biodata.body).toContain(`href="/posts/${biodataId}/report"`);
    // Past the gate first, as for a message.
    const gate = await page(`/posts/${biodataId}/report`);
    expect(gate.statusCode).toBe(302);
    expect(gate.headers.location).toMatch(/^\/filters/);
    const visitor = await returningVisitorCookie(t, "Rina Reporter", uniqueSgMobile().e164);
    expect((await page(`/posts/${biodataId}/report`, visitor)).body).toContain("Report Ma Thida to the operators");
    expect((await page(`/zh/posts/${biodataId}/report`, visitor)).body).toContain("向管理员举报 Ma Thida");
    const report = (reason: string, cookie = visitor, id = biodataId) =>
      t.app.inject({ method: "POST", url: `/posts/${id}/report`, headers: { ...formHeaders, cookie }, payload: formBody({ reason }) });
    const short = await report("bad");
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('id="reason-error"');
    // Nothing visible, a NUL, or far too long: refused, nothing written.
    for (const reason of ["\u3164".repeat(20), "a deposit\u0000 asked for", "x".repeat(100_000)]) {
      const refused = await report(reason);
      expect(refused.statusCode, JSON.stringify(reason.slice(0, 20))).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    expect(await t.db.select().from(helperReports).where(eq(helperReports.helperId, biodataId))).toHaveLength(0);
    const sent = await report("She asked me for a deposit before any interview.");
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("The operators will look at it.");
    const family = `${visitor}; ${String(sent.headers["set-cookie"]).split(";")[0]!}`;
    const again = await report("She asked me for a deposit again.", family);
    expect(again.body).toContain("You reported her already");
    const rows = await t.db.select().from(helperReports).where(eq(helperReports.helperId, biodataId));
    expect(rows).toMatchObject([{ reason: "She asked me for a deposit before any interview.", supplierId: helper.id }]);
    // Operators read it; nobody else does.
    const desk = await page("/admin/conversations", operator.cookie);
    expect(desk.body).toContain("She asked me for a deposit before any interview.");
    expect((await page("/admin/conversations", agency.cookie)).statusCode).toBe(403);
    // An agency's biodata is reported through its licence and its conversations, not here.
    const [theirs] = await t.db.select({ id: helpers.id }).from(helpers).where(eq(helpers.supplierId, agency.id)).limit(1);
    expect((await report("Not a helper on her own at all.", visitor, theirs!.id)).statusCode).toBe(404);
    expect((await report("No such helper anywhere here.", visitor, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("prints her PDF with no agency and no number: contact through the site", async () => {
    const pdf = await page(`/posts/${biodataId}/biodata.pdf`);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain("Direct hire — contact through Direct Helpers");
    expect(text).not.toContain("9123");
  });

  it("applies to a job post she fits, as a supplier proposes one helper", async () => {
    const family = await returningVisitorCookie(t, "Job Family", uniqueSgMobile().e164);
    const start = formatIsoDate(calendarDateAt(new Date(Date.now() + 20 * 86_400_000)));
    const job = new URLSearchParams({
      adults: "2",
      home: "hdb",
      district: "tampines",
      startDate: start,
      salaryMin: "600",
      salaryMax: "800",
      offDays: "4",
      description: "Two adults, a quiet home.",
    });
    job.append("cares", "infant");
    job.append("nationalities", "myanmar");
    const posted = await t.app.inject({
      method: "POST",
      url: "/jobs/new",
      headers: { ...formHeaders, cookie: family },
      payload: job.toString(),
    });
    expect(posted.statusCode, posted.body.slice(0, 300)).toBe(302);
    const jobId = String(posted.headers.location).slice(6, 42);
    expect((await page("/dashboard/jobs", helper.cookie)).body).toContain(`/dashboard/jobs/${jobId}`);
    const applied = await t.app.inject({
      method: "POST",
      url: `/dashboard/jobs/${jobId}`,
      headers: { ...formHeaders, cookie: helper.cookie },
      payload: formBody({ helper: biodataId, message: "I cared for a baby for three years in Singapore." }),
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.body).toContain("Your proposal is sent");
    const [proposal] = await t.db.select().from(jobProposals).where(eq(jobProposals.jobId, jobId));
    expect(proposal).toMatchObject({ helperId: biodataId, supplierId: helper.id });
  });

  describe("permissions", () => {
    it("lets no agency change her biodata, and no family (signed out) write one", async () => {
      expect((await api("PATCH", `/api/helpers/${biodataId}`, agency.cookie, { salary: 900 })).statusCode).toBe(403);
      expect((await t.app.inject({ method: "POST", url: "/api/helpers", payload: helperBody() })).statusCode).toBe(401);
    });

    it("records an operator's identity check (who, when, which kind of document), refused to anyone else", async () => {
      const url = `/api/admin/helper-accounts/${helper.id}/identity`;
      expect((await api("POST", url, agency.cookie, { documentKind: "passport" })).statusCode).toBe(403);
      expect((await api("POST", url, operator.cookie, { documentKind: "E1234567" })).statusCode).toBe(400);
      const checked = await api("POST", url, operator.cookie, { documentKind: "passport" });
      expect(checked.statusCode, checked.body).toBe(200);
      const [row] = await t.db.select().from(identityChecks).where(eq(identityChecks.userId, helper.id));
      expect(row).toMatchObject({ documentKind: "passport", checkedBy: operator.id });
      expect(Object.keys(row!).sort()).toEqual(["checkedAt", "checkedBy", "documentKind", "userId"]);
      expect((await page(`/posts/${biodataId}`)).body).toContain("from her passport");
      // The operators' screen lists her with the check; anyone else is refused it.
      expect((await page("/admin/helper-accounts", agency.cookie)).statusCode).toBe(403);
      const screen = await page("/admin/helper-accounts", operator.cookie);
      expect(screen.body).toContain("Ma Thida");
      expect(screen.body).toContain("from her passport");
      const byForm = await t.app.inject({
        method: "POST",
        url: "/admin/helper-accounts",
        headers: { ...formHeaders, cookie: operator.cookie },
        payload: formBody({ id: helper.id, documentKind: "work-permit" }),
      });
      expect(byForm.statusCode).toBe(302);
      expect((await t.db.select().from(identityChecks).where(eq(identityChecks.userId, helper.id)))[0]!.documentKind).toBe("work-permit");
      // Her second biodata is not even offered: the new-biodata page opens the one she has.
      const create = await page("/create", helper.cookie);
      expect(create.statusCode).toBe(302);
      expect(create.headers.location).toBe(`/posts/${biodataId}/edit`);
    });
  });

  it("hides her biodata at once (draft) and deletes it at once", async () => {
    expect((await api("PATCH", `/api/helpers/${biodataId}`, helper.cookie, { status: "draft" })).statusCode).toBe(200);
    expect((await page(`/api/helpers/${biodataId}`)).statusCode).toBe(404);
    expect(((await page("/api/helpers?hire=direct&pageSize=60")).json().items as { id: string }[]).map((i) => i.id)).not.toContain(
      biodataId,
    );
    expect((await api("DELETE", `/api/helpers/${biodataId}`, helper.cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(helpers).where(eq(helpers.id, biodataId))).toHaveLength(0);
  });

  it("deletes her account at once, with her password, taking her biodata and conversations with it", async () => {
    const email = uniqueEmail("helper");
    const signedUp = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: "http://localhost:3000", "x-dh-sign-up-as": "helper" },
      payload: { name: "Leaving Lin", email, password: TEST_PASSWORD },
    });
    const id = signedUp.json().user.id as string;
    const cookie = await signIn(t, email);
    const leaving = { id, email, name: "Leaving Lin", cookie };
    expect((await api("POST", "/api/helpers", cookie, await withPhoto(t, leaving, helperBody({ name: "Leaving Lin" })))).statusCode).toBe(
      201,
    );
    // An agency's account is not deleted this way.
    expect((await page(`/profile/${agency.id}/delete`, agency.cookie)).statusCode).toBe(403);
    const post = (password: string) =>
      t.app.inject({
        method: "POST",
        url: `/profile/${id}/delete`,
        headers: { ...formHeaders, cookie },
        payload: formBody({ currentPassword: password }),
      });
    expect((await post("not her password")).statusCode).toBe(400);
    expect(await t.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
    expect((await post(TEST_PASSWORD)).statusCode).toBe(302);
    expect(await t.db.select().from(user).where(eq(user.id, id))).toHaveLength(0);
    expect(await t.db.select().from(helpers).where(eq(helpers.supplierId, id))).toHaveLength(0);
  });
});
