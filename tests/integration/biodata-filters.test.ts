import { beforeAll, expect, it } from "vitest";
import { daysAhead } from "../../src/shared/biodata-schema";
import { signUp, type SignedIn } from "../support/auth";
import { publishBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { useTestApp } from "../support/test-app";

describeDb("searching by skill, availability and interview", () => {
  const t = useTestApp();
  let supplier: SignedIn;
  const in30 = daysAhead(30);

  const experienced = (years = 2) => ({ willing: true, experienced: true, years, rating: 4 });
  const willingOnly = { willing: true, experienced: false };

  // No care listed apart from the skills table: these are about the table.
  const add = (name: string, parts: Record<string, unknown>) => publishBiodata(t, supplier, name, { cares: [], ...parts });

  /** One supplier's helpers the API finds for a query, each with the cares her card shows. */
  async function caresFound(owner: SignedIn, query: string): Promise<string[]> {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${owner.id}&${query}` });
    expect(response.statusCode, query).toBe(200);
    const items = response.json().items as { name: string; cares: string[] }[];
    return items.map((item) => `${item.name}: ${item.cares.join(",")}`).sort();
  }

  beforeAll(async () => {
    supplier = await signUp(t);
    // Six biodata, counted by hand below: A and C have cooked and cared for infants; B only
    // cooked (infant care: willing, no experience); D has no skills; E cared for the elderly.
    await add("Alma", { skills: { cooking: experienced(), infant: experienced() }, availableFrom: null, interview: ["phone"] });
    await add("Bea", { skills: { cooking: experienced(), infant: willingOnly }, availableFrom: daysAhead(10), interview: ["video"] });
    await add("Cora", {
      skills: { cooking: experienced(5), infant: experienced(1) },
      availableFrom: daysAhead(45),
      interview: ["video", "in-person"],
    });
    await add("Dina", { availableFrom: daysAhead(5), interview: [] });
    await add("Elena", {
      skills: { elderly: experienced(), housework: experienced() },
      availableFrom: "2024-01-01",
      interview: ["phone", "video"],
    });
    await add("Fe (draft)", { skills: { cooking: experienced(), infant: experienced() }, status: "draft" });
  });

  async function names(query: string): Promise<string[]> {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${supplier.id}&pageSize=60&${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().items as { name: string }[]).map((item) => item.name).sort();
  }

  it("finds helpers with experience in every skill named, not only willingness", async () => {
    expect(await names("skill=cooking,infant")).toEqual(["Alma", "Cora"]);
    expect(await names("skill=cooking")).toEqual(["Alma", "Bea", "Cora"]);
    expect(await names("skill=infant")).toEqual(["Alma", "Cora"]);
    expect(await names("skill=elderly,housework")).toEqual(["Elena"]);
    expect(await names("skill=Pet%20care")).toEqual([]);
  });

  it("finds helpers available on or before a day, counting those available now", async () => {
    expect(await names(`availableBy=${in30}`)).toEqual(["Alma", "Bea", "Dina", "Elena"]);
    expect(await names(`availableBy=${daysAhead(7)}`)).toEqual(["Alma", "Dina", "Elena"]);
    expect(await names(`availableBy=${daysAhead(60)}`)).toEqual(["Alma", "Bea", "Cora", "Dina", "Elena"]);
  });

  it("finds helpers who can be interviewed in any of the ways named", async () => {
    expect(await names("interview=video")).toEqual(["Bea", "Cora", "Elena"]);
    expect(await names("interview=phone,in-person")).toEqual(["Alma", "Cora", "Elena"]);
  });

  it("combines the three with each other and with the paging", async () => {
    expect(await names(`skill=cooking,infant&availableBy=${in30}`)).toEqual(["Alma"]);
    expect(await names(`skill=cooking,infant&availableBy=${daysAhead(60)}&interview=video`)).toEqual(["Cora"]);
    const page2 = await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${supplier.id}&skill=cooking&pageSize=2&page=2` });
    expect(page2.json()).toMatchObject({ total: 3, page: 2 });
    expect(page2.json().items).toHaveLength(1);
  });

  it("answers unknown skills with an empty page that says why, and a malformed date with a 400 that names it", async () => {
    const unknown = await t.app.inject({ method: "GET", url: "/api/helpers?skill=cooking,juggling" });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ total: 0, items: [], unknown: [{ param: "skill", value: "juggling" }] });
    const badDate = await t.app.inject({ method: "GET", url: "/api/helpers?availableBy=2027-02-30" });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.fields).toEqual({ availableBy: "availableBy must be a date (YYYY-MM-DD)" });
    const badInterview = await t.app.inject({ method: "GET", url: "/api/helpers?interview=carrier-pigeon" });
    expect(badInterview.json()).toMatchObject({ total: 0, unknown: [{ param: "interview", value: "carrier-pigeon" }] });
  });

  it("shows when each card's helper is available", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?supplier=${supplier.id}&q=Cora` });
    expect(response.json().items[0].availableFrom).toBe(daysAhead(45));
  });

  it("gives one meaning to a care: listed on the biodata or experienced in its row of the skills table", async () => {
    const other = await signUp(t);
    // Gina lists elderly care; Hana has cared for the elderly (the table); Ida is only willing to.
    await publishBiodata(t, other, "Gina", { cares: ["Elderly care"] });
    await publishBiodata(t, other, "Hana", { cares: [], skills: { elderly: experienced(3) } });
    await publishBiodata(t, other, "Ida", { cares: [], skills: { elderly: willingOnly } });
    const found = (query: string) => caresFound(other, query);
    for (const query of [
      "care=elder",
      "neg=Eldercare",
      "care=Elderly%20care",
      "care=Care%20of%20the%20elderly",
      "skill=elderly",
      "neg=Child,Elder",
    ]) {
      expect({ query, found: await found(query) }).toEqual({ query, found: ["Gina: elder", "Hana: elder"] });
    }
    expect(await found("skill=elderly,cooking")).toEqual([]);
  });

  it("finds carers of the bedridden as its own care, by filter and by the words of the catalogue", async () => {
    const other = await signUp(t);
    // Jade lists bedridden and elderly care; Kim has cared for the bedridden (the table) only;
    // Lia has cared for the elderly, not the bedridden; Mia is only willing to.
    await publishBiodata(t, other, "Jade", { cares: ["Bedridden care", "Elderly care"] });
    await publishBiodata(t, other, "Kim", { cares: [], skills: { bedridden: experienced(2) } });
    await publishBiodata(t, other, "Lia", { cares: [], skills: { elderly: experienced(4) } });
    await publishBiodata(t, other, "Mia", { cares: [], skills: { bedridden: willingOnly } });
    const found = (query: string) => caresFound(other, query);
    for (const query of [
      "care=bedridden",
      "neg=Bedridden",
      "care=Bedridden%20care",
      "care=Care%20of%20the%20bedridden",
      "skill=bedridden",
    ]) {
      expect({ query, found: await found(query) }).toEqual({ query, found: ["Jade: elder,bedridden", "Kim: bedridden"] });
    }
    // Not a kind of elderly care: a family asking for that is not sent Kim.
    expect(await found("care=elder")).toEqual(["Jade: elder,bedridden", "Lia: elder"]);
    // The free-text search reads the catalogue's words for every care she offers, as the filter does.
    expect(await found("q=bedbound")).toEqual(["Jade: elder,bedridden", "Kim: bedridden"]);
    expect(await found("q=eldercare")).toEqual(["Jade: elder,bedridden", "Lia: elder"]);
  });
});
