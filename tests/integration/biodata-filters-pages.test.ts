import { beforeAll, expect, it } from "vitest";
import { daysAhead } from "../../src/shared/biodata-schema";
import { signUp, type SignedIn } from "../support/auth";
import { publishBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

/** The skill, date and interview filters as a household meets them: /posts and the /filters form. */
describeDb("the listing pages and the filter form search by skill, availability and interview", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  let visitor: string;
  const in30 = daysAhead(30);
  const experienced = { willing: true, experienced: true, years: 3, rating: 4 };

  // No care listed apart from the skills table: a listed care is offered too (decision 105).
  const add = (name: string, parts: Record<string, unknown>) => publishBiodata(t, supplier, name, { cares: [], ...parts });

  beforeAll(async () => {
    supplier = await signUp(t);
    visitor = await returningVisitorCookie(t, "Filter Tester");
    // Four biodata, counted by hand below: Ana and Carla cooked and cared for infants, Ana is
    // available now and Carla in 45 days; Bella only cooked; Dewi cared for the elderly.
    await add("Ana", { skills: { cooking: experienced, infant: experienced }, availableFrom: null, interview: ["phone"] });
    await add("Bella", { skills: { cooking: experienced }, availableFrom: daysAhead(10), interview: ["video"] });
    await add("Carla", {
      skills: { cooking: experienced, infant: experienced },
      availableFrom: daysAhead(45),
      interview: ["video", "in-person"],
    });
    await add("Dewi", { skills: { elderly: experienced }, availableFrom: daysAhead(5), interview: [] });
  });

  const page = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: { cookie: visitor } });
    return { status: response.statusCode, location: response.headers.location, html: response.body };
  };
  /** The names on the cards of a listing page, sorted. */
  const cards = (html: string) => [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]).sort();
  const listing = (query: string) => page(`/posts?supplier=${supplier.id}&${query}`);

  it("lists on /posts only the helpers the filters name, as the API does", async () => {
    expect(cards((await listing("skill=cooking,infant")).html)).toEqual(["Ana", "Carla"]);
    expect(cards((await listing(`availableBy=${in30}`)).html)).toEqual(["Ana", "Bella", "Dewi"]);
    expect(cards((await listing("interview=video")).html)).toEqual(["Bella", "Carla"]);
    const all = await listing(`skill=Cooking&availableBy=${in30}&interview=phone,video`);
    expect(all.status).toBe(200);
    expect(cards(all.html)).toEqual(["Ana", "Bella"]);
    expect(all.html).toContain("2 helpers");
  });

  it("answers bad values on /posts with a page and a plain note, never an error", async () => {
    const unknown = await listing("skill=juggling");
    expect(unknown.status).toBe(200);
    expect(cards(unknown.html)).toEqual([]);
    expect(unknown.html).toContain("No helper matches a choice “juggling”");
    const badDate = await listing("availableBy=2027-02-30&interview=phone");
    expect(badDate.status).toBe(200);
    // The date is left out, the rest still applies.
    expect(cards(badDate.html)).toEqual(["Ana"]);
    expect(badDate.html).toContain("We ignored a choice we could not read.");
  });

  it("goes from Apply on /filters to the listing with only the chosen values", async () => {
    const applied = await page(`/filters?apply=1&category=&skill=cooking%2Cinfant&availableBy=${in30}&interview=phone&ageMin=`);
    expect(applied.status).toBe(302);
    expect(applied.location).toBe(`/posts?skill=cooking%2Cinfant&availableBy=${in30}&interview=phone#listing-heading`);
    expect(cards((await page(`${applied.location}&supplier=${supplier.id}`)).html)).toEqual(["Ana"]);
  });

  it("shows what is wrong beside each field of the form, with what was sent, and stays on /filters", async () => {
    const refused = await page("/filters?apply=1&skill=juggling&availableBy=2027-02-30&interview=fax&ageMin=50&ageMax=30&salaryMax=cheap");
    expect(refused.status).toBe(200);
    expect(refused.location).toBeUndefined();
    for (const message of [
      "Choose a skill from the list",
      "Enter the date as day, month and year",
      "Choose a way to interview from the list",
      "Must not be less than the “from” age (50)",
      "Enter the salary as a number of dollars, like 700",
    ]) {
      expect(refused.html).toContain(message);
    }
    expect(refused.html).toMatch(/name="salaryMax"[^>]*value="cheap"|value="cheap"[^>]*name="salaryMax"/);
  });

  it("pre-fills the form from a link without checking it", async () => {
    const link = await page("/filters?skill=cooking,infant&interview=video");
    expect(link.status).toBe(200);
    expect(link.html).toContain("Cooking and Care of infants");
    expect(link.html).not.toContain("Choose a skill from the list");
  });
});
