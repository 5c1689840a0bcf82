import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { calendarDateAt, formatIsoDate, yearsBefore, type CalendarDate } from "../../src/shared/age";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, ownPhotoKey, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { useTestApp } from "../support/test-app";

function addDays(date: CalendarDate, days: number): string {
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return utc.toISOString().slice(0, 10);
}

const today = calendarDateAt(new Date());
/** Turns 18 today: just old enough. Born a day later: too young. */
const eighteenToday = formatIsoDate(yearsBefore(today, 18));
const eighteenTomorrow = addDays(yearsBefore(today, 18), 1);
/** Turns 61 tomorrow: still 60. Turned 61 today: too old. */
const sixtyOneTomorrow = addDays(yearsBefore(today, 61), 1);
const sixtyOneToday = formatIsoDate(yearsBefore(today, 61));

describeDb("a supplier writing biodata through the API", () => {
  const t = useTestApp();
  let supplier: SignedIn;

  beforeAll(async () => {
    supplier = await signUp(t, { name: "Bounds Agency" });
  });

  /** A new biodata as the supplier sends it; a published one gets a photo the supplier uploaded. */
  const create = async (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: await withPhoto(t, supplier, body),
    });
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `/api/helpers/${id}`, headers: { cookie: supplier.cookie }, payload });

  it("stores catalogue labels and old spellings as slugs, and drops fields it does not know", async () => {
    const response = await create(
      biodataBody({
        name: "  Ana Reyes ",
        nationality: "Filipino",
        experience: "Ex-Sin",
        marital: "Married w kids",
        motherTongue: "tagalog",
        otherLanguages: ["Fair English", "Mandarin"],
        cares: ["Infant", "Eldercare"],
        salary: "800",
        id: "00000000-0000-4000-8000-000000000000",
        ref: "DH1",
        supplierId: "someone-else",
        publishedAt: "2001-01-01T00:00:00Z",
        isOperator: true,
      }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: "Ana Reyes",
      nationality: "philippines",
      experience: "ex-singapore",
      marital: "married-with-children",
      motherTongue: "tagalog",
      otherLanguages: ["english", "mandarin"],
      cares: ["infant", "elder"],
      salary: 800,
      status: "available",
      supplier: { id: supplier.id },
    });
    expect(created.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(created.ref).toMatch(/^DH\d{4,}$/);
    expect(new Date(created.publishedAt).getFullYear()).toBeGreaterThan(2020);
    expect(response.headers.location).toBe(`/api/helpers/${created.id}`);
  });

  it("refuses to make a biodata available without a photo, naming the photo; a draft may lack one", async () => {
    const bare = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ name: "Bare Bella" }),
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields).toEqual({ photo: expect.stringContaining("Add a photo before making this biodata available") });

    const draft = await create(biodataBody({ name: "Bare Bella", status: "draft" }));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: "draft", photo: null });
    const id = draft.json().id as string;
    expect((await patch(id, { salary: 720 })).statusCode).toBe(200);
    const publish = await patch(id, { status: "available" });
    expect(publish.statusCode).toBe(400);
    expect(Object.keys(publish.json().error.fields)).toEqual(["photo"]);

    const published = await patch(id, { status: "available", photo: await ownPhotoKey(t, supplier) });
    expect(published.statusCode, published.body).toBe(200);
    const unpictured = await patch(id, { photo: null });
    expect(unpictured.statusCode).toBe(400);
    expect(Object.keys(unpictured.json().error.fields)).toEqual(["photo"]);
    expect((await patch(id, { status: "draft", photo: null })).statusCode).toBe(200);
  });

  it("still lets an older available biodata without a photo be edited", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Older Olga", photo: null });
    const response = await patch(helper.id, { salary: 690 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "available", salary: 690 });
  });

  it("lists a new biodata at once and keeps a draft out of the listing until it is made available", async () => {
    const draft = (await create(biodataBody({ name: "Draft Dewi", status: "draft" }))).json();
    const listing = async () => (await t.app.inject({ url: `/api/helpers?supplier=${supplier.id}&q=Draft%20Dewi` })).json().total as number;
    expect(await listing()).toBe(0);
    expect((await t.app.inject({ url: `/api/helpers/${draft.id}` })).statusCode).toBe(404);

    const published = await patch(draft.id, { status: "available", photo: await ownPhotoKey(t, supplier) });
    expect(published.statusCode).toBe(200);
    expect(new Date(published.json().publishedAt).getTime()).toBeGreaterThan(new Date(draft.publishedAt).getTime());
    expect(await listing()).toBe(1);

    const hired = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${draft.id}`,
      headers: { cookie: supplier.cookie },
      payload: { status: "hired" },
    });
    expect(hired.json().status).toBe("hired");
    expect(hired.json().publishedAt).toBe(published.json().publishedAt);
    expect(await listing()).toBe(0);
  });

  it("changes only the fields a PATCH names, and clears an optional one given null", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Partial Pat", heightCm: 160, salary: 650 });
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${helper.id}`,
      headers: { cookie: supplier.cookie },
      payload: { salary: 900, heightCm: null, supplierId: "someone-else" },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(helpers).where(eq(helpers.id, helper.id));
    expect(row).toMatchObject({ name: "Partial Pat", salary: 900, heightCm: null, supplierId: supplier.id });
  });

  it("refuses a change outside the bounds with a message for the field, and changes nothing", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Bounded Bea", salary: 650 });
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${helper.id}`,
      headers: { cookie: supplier.cookie },
      payload: { name: "Renamed", salary: 3001 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ salary: "Salary must be between $300 and $3,000 a month" });
    const [row] = await t.db.select().from(helpers).where(eq(helpers.id, helper.id));
    expect(row).toMatchObject({ name: "Bounded Bea", salary: 650 });
  });

  describe("bounds of every field", () => {
    const cases: [field: string, value: unknown, accepted: boolean][] = [
      ["name", "A", true],
      ["name", "N".repeat(80), true],
      ["name", "N".repeat(81), false],
      ["name", "   ", false],
      ["salary", 300, true],
      ["salary", 299, false],
      ["salary", 3000, true],
      ["salary", 3001, false],
      ["salary", 750.5, false],
      ["salary", "lots", false],
      ["offDays", 0, true],
      ["offDays", -1, false],
      ["offDays", 8, true],
      ["offDays", 9, false],
      ["heightCm", 120, true],
      ["heightCm", 119, false],
      ["heightCm", 200, true],
      ["heightCm", 201, false],
      ["weightKg", 30, true],
      ["weightKg", 29, false],
      ["weightKg", 150, true],
      ["weightKg", 151, false],
      ["dateOfBirth", eighteenToday, true],
      ["dateOfBirth", eighteenTomorrow, false],
      ["dateOfBirth", sixtyOneTomorrow, true],
      ["dateOfBirth", sixtyOneToday, false],
      ["dateOfBirth", "1990-02-30", false],
      ["dateOfBirth", "15/05/1990", false],
      ["nationality", "Indonesian", true],
      ["nationality", "Martian", false],
      ["experience", "Ex-Arab", true],
      ["experience", "Ex-Moon", false],
      ["marital", "Widowed", true],
      ["marital", "Complicated", false],
      ["religion", "Sikh", true],
      ["religion", "Jedi", false],
      ["motherTongue", "Gujrati", true],
      ["motherTongue", "Klingon", false],
      ["english", "Fluent", true],
      ["english", "Excellent", false],
      ["education", "Degree", true],
      ["education", "Doctorate", false],
      ["otherLanguages", ["Malay", "Hindi"], true],
      ["otherLanguages", ["Malay", "Klingon"], false],
      ["cares", ["Disabled care"], true],
      ["cares", ["Cooking"], false],
      ["status", "reserved", true],
      ["status", "deleted", false],
      ["singaporeExperience", "S".repeat(200), true],
      ["singaporeExperience", "S".repeat(201), false],
      ["childrenAges", "5, 9", true],
      ["childrenAges", "C".repeat(201), false],
      ["specialNotes", `<p>${"x".repeat(49_000)}</p>`, true],
      ["specialNotes", `<p>${"x".repeat(50_001)}</p>`, false],
      ["photo", "avatars/abcdefghijkl", false],
      ["photo", "helpers/../../etc/passwd", false],
      ["photo", "helpers/neveruploaded123", false],
    ];

    it.each(cases)("%s = %j accepted: %s", async (field, value, accepted) => {
      const response = await create(biodataBody({ [field]: value }));
      if (accepted) {
        expect(response.statusCode, response.body).toBe(201);
      } else {
        expect(response.statusCode).toBe(400);
        const fields = response.json().error.fields as Record<string, string>;
        expect(Object.keys(fields)).toEqual([field]);
        expect(fields[field]!.length).toBeGreaterThan(5);
      }
    });

    it.each(["name", "nationality", "experience", "salary", "offDays", "dateOfBirth", "marital", "religion", "motherTongue"])(
      "requires %s",
      async (field) => {
        const body = biodataBody();
        delete body[field];
        const response = await create(body);
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().error.fields)).toEqual([field]);
      },
    );

    it("names every missing field at once, in words for people", async () => {
      const response = await create({});
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toMatchObject({
        name: "Name is required",
        salary: "Salary is required",
        nationality: "Choose the nationality",
      });
    });

    it("refuses a body that is not an object", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/helpers",
        headers: { cookie: supplier.cookie, "content-type": "application/json" },
        payload: "[1,2]",
      });
      expect(response.statusCode).toBe(400);
    });
  });
});
