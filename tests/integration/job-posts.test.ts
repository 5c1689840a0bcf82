/**
 * Job posts (issue 34, decision 196): a family past the gate posts what it needs, shown on /jobs
 * with no name or number; free text with a number, an address, an identity number or a postal
 * code is refused at its field; three open posts at most; who fits; suppliers propose up to three
 * helpers each once, never another's nor to a paused post; the family accepts (a conversation
 * where the supplier writes on) or declines; operators hide a post; a withdrawal deletes it all.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatIsoDate, calendarDateAt } from "../../src/shared/age";
import { chatFamilies } from "../../src/features/conversations/server/tables";
import { jobPosts, jobProposals } from "../../src/features/jobs/server/tables";
import { outbox } from "../../src/features/notifications/server/tables";
import { chooseLanguage, operatorViewer, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const inDays = (days: number) => formatIsoDate(calendarDateAt(new Date(Date.now() + days * 86_400_000)));
const START = inDays(20);

/** A post's form as a family fills it: two cares, a Filipino or Indonesian helper, S$600 to S$800. */
const jobForm = (values: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({
  cares: ["child", "elder"],
  adults: "2",
  childrenAges: "3, 7",
  elderly: "yes",
  elderlyNeeds: ["mobility"],
  home: "hdb",
  district: "tampines",
  languages: ["english"],
  startDate: START,
  salaryMin: "600",
  salaryMax: "800",
  offDays: "4",
  nationalities: ["philippines", "indonesia"],
  description: "Grandma uses a walker; the children go to school by bus.",
  ...values,
});

const encode = (values: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const one of [value].flat()) params.append(name, one);
  return params.toString();
};

describeDb("job posts and proposals", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  let operator: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Jobs Agency" });
    operator = await signUp(t, { name: "Jobs Operator", role: "operator" });
  });

  const page = (url: string, cookie = "") => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, body: string) =>
    t.app.inject({ method: "POST", url, headers: { ...formHeaders, cookie }, payload: body });
  const cookiesOf = (response: { headers: Record<string, unknown> }) =>
    ([] as string[]).concat((response.headers["set-cookie"] as string | string[] | undefined) ?? []).map((c) => c.split(";")[0]!);
  const jobs = () => t.app.services.jobs;
  const countPosts = async () => (await t.db.select({ n: count() }).from(jobPosts))[0]?.n ?? 0;

  /** A family past the gate posts a job from the form: its cookie (gate and space) and the post's id. */
  async function posted(values: Record<string, string | string[]> = {}, family?: { cookie: string }) {
    const phone = uniqueSgMobile();
    const cookie = family?.cookie ?? (await returningVisitorCookie(t, "Lim Siew Hong", phone.e164));
    const answer = await post("/jobs/new", cookie, encode(jobForm(values)));
    expect(answer.statusCode, answer.body.slice(0, 300)).toBe(302);
    const location = String(answer.headers.location);
    expect(location).toMatch(/^\/jobs\/[0-9a-f-]{36}\?posted$/);
    const key = cookiesOf(answer).find((c) => c.startsWith("conversations="));
    return { cookie: key ? `${cookie}; ${key}` : cookie, jobId: location.slice(6, 42), phone };
  }

  /** A supplier with helpers of its own: one who fits the form's post and one of each way not to. */
  async function supplierWithHelpers(name: string) {
    const owner = await signUp(t, { name });
    const make = (helper: string, values: Parameters<typeof createHelper>[2]) =>
      createHelper(t, owner.id, { name: helper, cares: ["child", "elder"], salary: 700, nationality: "philippines", ...values });
    const fits = await make(`${name} Fits`, {});
    const others = [
      await make(`${name} Late`, { availableFrom: inDays(40) }),
      await make(`${name} Careless`, { cares: ["child"] }),
      await make(`${name} Cheap`, { salary: 550 }),
      await make(`${name} Dear`, { salary: 900 }),
      await make(`${name} Elsewhere`, { nationality: "myanmar" }),
      await make(`${name} Draft`, { status: "draft" }),
    ];
    return { owner, fits, others };
  }

  it("publishes a post from the form, shown on /jobs and /zh/jobs in each reader's language, with no name or number", async () => {
    const form = await page("/jobs/new", await returningVisitorCookie(t, "Form Reader"));
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain("Tell suppliers what you need");
    const { cookie, jobId, phone } = await posted();
    const shown = await page(`/jobs/${jobId}?posted`, cookie);
    expect(shown.body).toContain("Your post is published");
    expect(shown.body).toContain("Tampines: Child care, Elderly care");
    expect(shown.body).toContain("HDB flat");
    expect(shown.body).toContain("Grandma uses a walker");
    const list = await page("/jobs");
    expect(list.body).toContain(`/jobs/${jobId}`);
    const chinese = await page(`/zh/jobs/${jobId}`);
    expect(chinese.statusCode).toBe(200);
    expect(chinese.body).toContain("淡滨尼");
    expect(chinese.body).toContain("组屋");
    expect(chinese.body).toContain("Grandma uses a walker");
    expect((await page("/zh/jobs")).body).toContain(`/zh/jobs/${jobId}`);
    const digits = phone.e164.slice(3);
    for (const body of [list.body, (await page(`/jobs/${jobId}`)).body, chinese.body]) {
      expect(body).not.toContain("Lim Siew Hong");
      expect(body).not.toContain(digits);
      expect(body).not.toContain(`${digits.slice(0, 4)} ${digits.slice(4)}`);
    }
    const api = await t.app.inject({ url: `/api/jobs/${jobId}` });
    expect(api.json()).toMatchObject({ id: jobId, district: "tampines", state: "open", cares: ["child", "elder"] });
    expect(JSON.stringify(api.json())).not.toContain("family");
    expect((await t.app.inject({ url: "/api/jobs" })).json().items.map((job: { id: string }) => job.id)).toContain(jobId);
    // The family's space lists it.
    expect((await page("/messages", cookie)).body).toContain("My job posts");
  });

  it("refuses free text with a number, an e-mail, an NRIC or FIN, or a postal code, and each wrong field, at the field, writing nothing", async () => {
    const cookie = await returningVisitorCookie(t, "Refused Family");
    const before = await countPosts();
    const refusals: [Record<string, string | string[]>, string, string][] = [
      [{ description: "Call me at 9123 4567 after six" }, "description", "Take out the phone number"],
      [{ description: "WhatsApp +65 8123 4567" }, "description", "Take out the phone number"],
      [{ description: "Write to mum@example.com" }, "description", "Take out the e-mail address"],
      [{ description: "My NRIC is S1234567D" }, "description", "Take out the NRIC or FIN"],
      [{ description: "FIN g7654321k for the pass" }, "description", "Take out the NRIC or FIN"],
      [{ description: "Near block 520123" }, "description", "Take out the postal code"],
      [{ description: "x".repeat(1001) }, "description", "at most 1000 characters"],
      [{ cares: [] }, "cares", "Choose at least one kind of care"],
      [{ cares: ["gardening"] }, "cares", "Choose at least one kind of care"],
      [{ adults: "0" }, "adults", "Enter a number of adults"],
      [{ childrenAges: "3, twenty" }, "childrenAges", "Write up to 8 ages"],
      [{ elderly: "", elderlyNeeds: ["dementia"] }, "elderlyNeeds", "tick that an elderly person lives with you"],
      [{ home: "castle" }, "home", "Choose the kind of home"],
      [{ district: "Blk 12 Tampines St 1" }, "district", "Choose your district"],
      [{ startDate: inDays(-2) }, "startDate", "Choose a start date"],
      [{ startDate: "soon" }, "startDate", "Choose a start date"],
      [{ salaryMin: "900", salaryMax: "700" }, "salaryMax", "must not be below the lowest"],
      [{ salaryMin: "50" }, "salaryMin", "Enter a salary from 300 to 3000"],
      [{ offDays: "9" }, "offDays", "Enter days off from 0 to 8"],
      [{ nationalities: ["atlantis"] }, "nationalities", "Choose nationalities from the list"],
    ];
    for (const [values, field, words] of refusals) {
      const answer = await post("/jobs/new", cookie, encode(jobForm(values)));
      expect(answer.statusCode, JSON.stringify(values).slice(0, 80)).toBe(400);
      expect(answer.body).toContain(words);
      expect(answer.body).toContain(`id="job-${field}-error"`);
    }
    // The service says the same to any caller, with every wrong field named.
    await expect(
      jobs().post({ visitor: null, key: null, fields: jobForm({ description: "mail a@b.co", salaryMin: "x" }) }),
    ).rejects.toMatchObject({ statusCode: 400, fields: { description: expect.stringContaining("e-mail"), salaryMin: expect.any(String) } });
    // Not past the gate: told to pass it first.
    const stranger = await post("/jobs/new", "", encode(jobForm()));
    expect(stranger.statusCode).toBe(400);
    expect(stranger.body).toContain("Leave your name and number first");
    expect((await page("/jobs/new")).body).toContain("Leave your name and number");
    expect(await countPosts()).toBe(before);
  });

  it("keeps at most 3 open posts a family; it pauses, opens again, marks filled and deletes only its own", async () => {
    const first = await posted();
    const second = await posted({}, first);
    await posted({}, first);
    const fourth = await post("/jobs/new", first.cookie, encode(jobForm()));
    expect(fourth.statusCode).toBe(400);
    expect(fourth.body).toContain("You have 3 posts open or paused already");

    const other = await posted();
    // Another family's post is unknown to it.
    expect(
      (await post("/messages/jobs", other.cookie, formBody({ intent: "status", job: first.jobId, status: "paused" }))).statusCode,
    ).toBe(404);
    expect((await post("/messages/jobs", other.cookie, formBody({ intent: "delete", job: first.jobId }))).statusCode).toBe(404);

    const paused = await post("/messages/jobs", first.cookie, formBody({ intent: "status", job: first.jobId, status: "paused" }));
    expect(paused.headers.location).toBe("/messages?jobs=paused#job-posts");
    expect((await jobs().find(first.jobId)).state).toBe("paused");
    expect((await page("/jobs")).body).not.toContain(`/jobs/${first.jobId}`);
    await post("/messages/jobs", first.cookie, formBody({ intent: "status", job: first.jobId, status: "open" }));
    expect((await jobs().find(first.jobId)).state).toBe("open");
    await post("/messages/jobs", first.cookie, formBody({ intent: "status", job: first.jobId, status: "filled" }));
    expect((await jobs().find(first.jobId)).state).toBe("filled");
    expect((await post("/messages/jobs", first.cookie, formBody({ intent: "status", job: first.jobId, status: "open" }))).statusCode).toBe(
      400,
    );
    // A filled post no longer counts: a new one is taken.
    await posted({}, first);
    const deleted = await post("/messages/jobs", first.cookie, formBody({ intent: "delete", job: second.jobId }));
    expect(deleted.headers.location).toBe("/messages?jobs=deleted#job-posts");
    expect(await t.db.select().from(jobPosts).where(eq(jobPosts.id, second.jobId))).toEqual([]);
    expect((await page(`/jobs/${second.jobId}`)).statusCode).toBe(404);
    // A post past its 30 days is closed: off /jobs, taking no proposal, not counted.
    await t.db
      .update(jobPosts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobPosts.id, other.jobId));
    expect((await jobs().find(other.jobId)).state).toBe("closed");
    expect((await page("/jobs")).body).not.toContain(`/jobs/${other.jobId}`);
  });

  it("shows a supplier the open posts its available helpers fit, with those helpers only, and tells it of a new one", async () => {
    const { owner, fits } = await supplierWithHelpers("Fitting Agency");
    const bystander = await signUp(t, { name: "Unfitting Agency" });
    await createHelper(t, bystander.id, { name: "Bystander Myanmar", nationality: "myanmar", cares: ["child", "elder"], salary: 700 });
    const { jobId } = await posted();
    const { jobId: anyNationality } = await posted({ nationalities: [], cares: ["child"], salaryMin: "500", salaryMax: "1000" });

    const entries = await jobs().fittingFor({ ...operatorViewer(owner.id), role: "supplier" });
    const entry = entries.find((one) => one.job.id === jobId);
    expect(entry?.helpers.map((helper) => helper.name)).toEqual(["Fitting Agency Fits"]);
    // Any nationality, one care, S$500 to S$1,000: every listed helper of hers fits but the late one (and the draft).
    const wide = entries.find((one) => one.job.id === anyNationality);
    expect(wide?.helpers.map((helper) => helper.name).sort()).toEqual(
      ["Fitting Agency Careless", "Fitting Agency Cheap", "Fitting Agency Dear", "Fitting Agency Elsewhere", "Fitting Agency Fits"].sort(),
    );
    const bystanderEntries = await jobs().fittingFor({ ...operatorViewer(bystander.id), role: "supplier" });
    expect(bystanderEntries.map((one) => one.job.id)).not.toContain(jobId);
    expect(bystanderEntries.map((one) => one.job.id)).toContain(anyNationality);

    const dashboard = await page("/dashboard", owner.cookie);
    expect(dashboard.body).toMatch(/job posts? fits? your helpers/);
    const listed = await page("/dashboard/jobs", owner.cookie);
    expect(listed.body).toContain(`/dashboard/jobs/${jobId}`);
    expect(listed.body).toContain("Fitting Agency Fits");
    expect(listed.body).not.toContain("Fitting Agency Late");
    const answer = await page(`/dashboard/jobs/${jobId}`, owner.cookie);
    expect(answer.body).toContain(`Propose Fitting Agency Fits`);
    expect(answer.body).not.toContain("Propose Fitting Agency Cheap");

    // Told by the outbox, once a supplier with a fitting helper, never one without.
    const notices = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "job-fits"), sql`${outbox.payload}->>'url' like ${`%/dashboard/jobs/${jobId}`}`));
    const to = notices.map((row) => (row.payload as { to: { email: string } }).to.email);
    expect(to).toContain(owner.email);
    expect(to).not.toContain(bystander.email);
    expect((notices[0]!.payload as { text: string }).text).toContain("Tampines");
    expect(fits.id).toBeDefined();

    // A supplier reading Burmese, Indonesian or Filipino reads the post's facts in its language.
    for (const [locale, care, state] of [
      ["my", "လိုအပ်သော စောင့်ရှောက်မှု", "အဆိုပြုချက်များ လက်ခံနေသည်"],
      ["id", "Perawatan yang dibutuhkan", "Menerima usulan"],
      ["fil", "Kailangang pag-aalaga", "Tumatanggap ng mga alok"],
    ] as const) {
      expect((await chooseLanguage(t, owner, locale)).statusCode).toBeLessThan(400);
      const read = await page(`/dashboard/jobs/${jobId}`, owner.cookie);
      expect(read.body).toContain(care);
      expect(read.body).toContain(state);
      expect(read.body).not.toContain("Care needed");
    }
    await chooseLanguage(t, owner, "en");
  });

  it("takes up to 3 proposals a supplier and post, each helper once, never another's helper nor to a paused post", async () => {
    const { owner, fits, others } = await supplierWithHelpers("Proposing Agency");
    const more = await Promise.all(
      ["Two", "Three", "Four"].map((n) =>
        createHelper(t, owner.id, { name: `Proposing ${n}`, cares: ["child", "elder"], salary: 650, nationality: "indonesia" }),
      ),
    );
    const rival = await supplierWithHelpers("Rival Agency");
    const family = await posted();
    const propose = (who: SignedIn, helperId: string, message = "She cared for twins and a grandmother for four years.") =>
      post(`/dashboard/jobs/${family.jobId}`, who.cookie, formBody({ helper: helperId, message }));

    const sent = await propose(owner, fits.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain("Your proposal is sent");
    const twice = await propose(owner, fits.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain("already");
    // A helper who does not fit, and another supplier's.
    const unfit = await propose(owner, others[0]!.id);
    expect(unfit.statusCode).toBe(400);
    expect(unfit.body).toContain("does not fit");
    const stolen = await propose(owner, rival.fits.id);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.body).toContain("only your own helpers");
    // The message passes the guards: something visible, no number.
    expect((await propose(owner, more[0]!.id, "\u200b\u202e ")).body).toContain("Write a message");
    expect((await propose(owner, more[0]!.id, "Call 9123 4567")).body).toContain("Take out the phone number");
    expect((await propose(owner, more[0]!.id)).statusCode).toBe(200);
    expect((await propose(owner, more[1]!.id)).statusCode).toBe(200);
    const fourth = await propose(owner, more[2]!.id);
    expect(fourth.statusCode).toBe(400);
    expect(fourth.body).toContain("You have proposed 3 helpers for this post");
    // Another supplier proposes its own, and no helper twice whoever asks.
    expect((await propose(rival.owner, rival.fits.id)).statusCode).toBe(200);
    const rows = await t.db.select().from(jobProposals).where(eq(jobProposals.jobId, family.jobId));
    expect(rows).toHaveLength(4);

    // A paused post takes no more proposals.
    await post("/messages/jobs", family.cookie, formBody({ intent: "status", job: family.jobId, status: "paused" }));
    const other = await supplierWithHelpers("Late Agency");
    const refused = await propose(other.owner, other.fits.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("takes no more proposals");
    // A signed-out visitor is sent to log in.
    expect((await post(`/dashboard/jobs/${family.jobId}`, "", formBody({ helper: fits.id, message: "hi" }))).statusCode).toBe(302);
  });

  it("puts a proposal in the family's space to accept (a conversation where the supplier writes on) or decline (closed quietly)", async () => {
    const { owner, fits } = await supplierWithHelpers("Answered Agency");
    const second = await createHelper(t, owner.id, {
      name: "Answered Second",
      cares: ["child", "elder"],
      salary: 780,
      nationality: "indonesia",
    });
    const family = await posted();
    for (const helper of [fits, second]) {
      const sent = await post(
        `/dashboard/jobs/${family.jobId}`,
        owner.cookie,
        formBody({ helper: helper.id, message: `Meet ${helper.name}: patient with children.` }),
      );
      expect(sent.statusCode).toBe(200);
    }
    const space = await page("/messages", family.cookie);
    expect(space.body).toContain("Answered Agency Fits");
    expect(space.body).toContain("Meet Answered Agency Fits: patient with children.");
    expect(space.body).toContain("Accept the proposal of Answered Agency Fits");
    const [accepted] = await t.db
      .select()
      .from(jobProposals)
      .where(and(eq(jobProposals.jobId, family.jobId), eq(jobProposals.helperId, fits.id)));
    const [declined] = await t.db
      .select()
      .from(jobProposals)
      .where(and(eq(jobProposals.jobId, family.jobId), eq(jobProposals.helperId, second.id)));

    // Another family cannot answer it.
    const stranger = await posted();
    expect((await post("/messages/jobs", stranger.cookie, formBody({ intent: "accept", proposal: accepted!.id }))).statusCode).toBe(404);

    const accept = await post("/messages/jobs", family.cookie, formBody({ intent: "accept", proposal: accepted!.id }));
    expect(accept.statusCode).toBe(302);
    const conversationId = String(accept.headers.location).match(/^\/messages\/([0-9a-f-]{36})$/)?.[1];
    expect(conversationId).toBeDefined();
    const familyKey = family.cookie.match(/conversations=([^;]+)/)![1]!;
    const thread = await t.app.services.conversations.thread(conversationId!, { key: familyKey });
    expect(thread.messages.map((message) => [message.author, message.body])).toEqual([
      ["supplier", "Meet Answered Agency Fits: patient with children."],
    ]);
    // The supplier writes on in the conversation.
    const supplierViewer = { ...operatorViewer(owner.id), role: "supplier" as const };
    await t.app.services.conversations.post(conversationId!, { viewer: supplierViewer }, "When may she call you?");
    expect((await t.app.services.conversations.thread(conversationId!, { key: familyKey })).messages).toHaveLength(2);
    // A second tap opens the same conversation; declining it afterwards is refused.
    const again = await post("/messages/jobs", family.cookie, formBody({ intent: "accept", proposal: accepted!.id }));
    expect(again.headers.location).toBe(`/messages/${conversationId}`);
    expect((await post("/messages/jobs", family.cookie, formBody({ intent: "decline", proposal: accepted!.id }))).statusCode).toBe(400);

    const decline = await post("/messages/jobs", family.cookie, formBody({ intent: "decline", proposal: declined!.id }));
    expect(decline.headers.location).toBe("/messages?jobs=declined#job-posts");
    const [closed] = await t.db.select().from(jobProposals).where(eq(jobProposals.id, declined!.id));
    expect(closed).toMatchObject({ status: "declined", conversationId: null });
    const supplierPage = await page(`/dashboard/jobs/${family.jobId}`, owner.cookie);
    expect(supplierPage.body).toContain("Answered Second (");
    expect(supplierPage.body).toContain("closed");
    expect(supplierPage.body).not.toContain("declined");
    // Nothing about the declined one reached the supplier's notices.
    const told = await t.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'text' like '%declin%'`);
    expect(told).toEqual([]);

    // The family reports a proposal; an operator sees it and hides it.
    const third = await createHelper(t, owner.id, {
      name: "Reported Third",
      cares: ["child", "elder"],
      salary: 720,
      nationality: "philippines",
    });
    await post(`/dashboard/jobs/${family.jobId}`, owner.cookie, formBody({ helper: third.id, message: "A rude pitch." }));
    const [reported] = await t.db.select().from(jobProposals).where(eq(jobProposals.helperId, third.id));
    expect((await post("/messages/jobs", family.cookie, formBody({ intent: "report", proposal: reported!.id }))).headers.location).toBe(
      "/messages?jobs=reported#job-posts",
    );
    expect((await page("/admin/jobs", operator.cookie)).body).toContain("A rude pitch.");
    expect((await post("/admin/jobs", operator.cookie, formBody({ proposal: reported!.id }))).statusCode).toBe(200);
    expect((await page("/messages", family.cookie)).body).not.toContain("A rude pitch.");
  });

  it("lets an operator hide a post with a reason the family reads; nobody else may; a blocked family cannot post", async () => {
    const family = await posted();
    const reason = "Asks for a helper of one religion only";
    expect((await post(`/jobs/${family.jobId}`, supplier.cookie, formBody({ reason }))).statusCode).toBe(403);
    const noReason = await post(`/jobs/${family.jobId}`, operator.cookie, formBody({ reason: "  " }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('id="hide-reason-error"');
    // A supplier reports it first: the operator's page says so.
    await jobs().report({ ...operatorViewer(supplier.id), role: "supplier" }, family.jobId);
    expect((await page(`/jobs/${family.jobId}`, operator.cookie)).body).toContain("Reported by a supplier");
    const hidden = await post(`/jobs/${family.jobId}`, operator.cookie, formBody({ reason }));
    expect(hidden.statusCode).toBe(200);
    expect((await page(`/jobs/${family.jobId}`)).statusCode).toBe(404);
    expect((await page("/jobs")).body).not.toContain(`/jobs/${family.jobId}`);
    expect((await page("/messages", family.cookie)).body).toContain(`Hidden by an operator: ${reason}`);
    expect(
      (await post("/messages/jobs", family.cookie, formBody({ intent: "status", job: family.jobId, status: "open" }))).statusCode,
    ).toBe(403);

    // An operator's block everywhere holds for posts too.
    const blocked = await posted();
    const [row] = await t.db.select({ familyId: jobPosts.familyId }).from(jobPosts).where(eq(jobPosts.id, blocked.jobId));
    await t.app.services.conversations.blockParty(operatorViewer(operator.id), { familyId: row!.familyId }, true, {
      reason: "spam",
      confirmed: true,
    });
    const refused = await post("/jobs/new", blocked.cookie, encode(jobForm()));
    expect(refused.statusCode).toBe(403);
  });

  it("deletes the family's posts and the proposals made for them when it withdraws", async () => {
    const { owner, fits } = await supplierWithHelpers("Withdrawn Agency");
    const family = await posted();
    await posted({}, family);
    expect(
      (await post(`/dashboard/jobs/${family.jobId}`, owner.cookie, formBody({ helper: fits.id, message: "She fits well." }))).statusCode,
    ).toBe(200);
    const [row] = await t.db.select({ familyId: jobPosts.familyId }).from(jobPosts).where(eq(jobPosts.id, family.jobId));
    const withdrawn = await post("/privacy/my-data", family.cookie, formBody({ phone: family.phone.typed }));
    expect(withdrawn.body).toContain("Deleted now");
    expect(await t.db.select().from(chatFamilies).where(eq(chatFamilies.id, row!.familyId))).toEqual([]);
    expect(await t.db.select().from(jobPosts).where(eq(jobPosts.familyId, row!.familyId))).toEqual([]);
    expect(await t.db.select().from(jobProposals).where(eq(jobProposals.jobId, family.jobId))).toEqual([]);
    expect((await page(`/jobs/${family.jobId}`)).statusCode).toBe(404);
  });
});

describe("the fit, read alone", () => {
  it("is the helper's availability by the start, every care, the salary inside the range and a preferred nationality", async () => {
    const { fits } = await import("../../src/features/jobs/model");
    const job = { cares: ["child", "elder"], startDate: "2030-01-10", salaryMin: 600, salaryMax: 800, nationalities: ["philippines"] };
    const helper = { cares: ["infant", "child", "elder"], salary: 700, nationality: "philippines", availableFrom: null };
    expect(fits(job, helper)).toBe(true);
    expect(fits(job, { ...helper, availableFrom: "2030-01-10" })).toBe(true);
    expect(fits(job, { ...helper, availableFrom: "2030-01-11" })).toBe(false);
    expect(fits(job, { ...helper, cares: ["child"] })).toBe(false);
    expect(fits(job, { ...helper, salary: 599 })).toBe(false);
    expect(fits(job, { ...helper, salary: 801 })).toBe(false);
    expect(fits(job, { ...helper, nationality: "india" })).toBe(false);
    expect(fits({ ...job, nationalities: [] }, { ...helper, nationality: "india" })).toBe(true);
  });
});
