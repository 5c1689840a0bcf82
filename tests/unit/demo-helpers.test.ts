import { describe, expect, it } from "vitest";
import { checkDemoHelpers, contradictions, DEMO_RULES } from "../../src/features/demo/server/demo-check";
import { demoHelpers, type DemoHelper } from "../../src/features/demo/server/demo-helpers";
import { seededRandom } from "../../src/features/demo/server/portraits";
import { goodsWordsIn } from "../../src/shared/goods-words";

const now = new Date(Date.UTC(2026, 10, 23));
const list = demoHelpers(72, seededRandom(20261122), now);
const bySupplier = { supplierOf: (i: number) => String(i % 4) };

/** A helper of the demo, changed as the test says: a crafted contradiction. */
function changed(find: (helper: DemoHelper) => boolean, change: (helper: DemoHelper) => void): DemoHelper {
  const found = list.find(find);
  if (!found) throw new Error("no demo helper to change");
  const copy = structuredClone(found);
  change(copy);
  return copy;
}

const singaporeJob = {
  from: "2020-01",
  to: "2023-01",
  country: "Singapore",
  employer: "Mdm Lim",
  duties: "Housework",
  remarks: null,
  feedback: null,
};

describe("the demo data", () => {
  it("gives some helpers the dialects a household asks for, Myanmar helpers among them, with their levels (decision 134)", () => {
    const available = list.filter((h) => h.status === "available");
    for (const dialect of ["cantonese", "hokkien", "teochew", "hakka", "hainanese"] as const) {
      expect(available.some((h) => h.otherLanguages.includes(dialect))).toBe(true);
    }
    const myanmar = available.filter(
      (h) => h.nationality === "myanmar" && h.otherLanguages.some((l) => l === "cantonese" || l === "hokkien"),
    );
    expect(myanmar.length).toBeGreaterThanOrEqual(3);
    expect(myanmar.some((h) => h.languageLevels.cantonese ?? h.languageLevels.hokkien)).toBe(true);
    expect(list.some((h) => h.otherLanguages.includes("chinese" as never))).toBe(false);
  });

  it("contradicts itself nowhere, and no supplier has two helpers of one name", () => {
    expect(() => checkDemoHelpers(list, now, bySupplier)).not.toThrow();
    // A much larger draw holds no contradiction either (names repeat there, by necessity).
    const many = demoHelpers(2000, seededRandom(7), now);
    expect(() => checkDemoHelpers(many, now, { ...bySupplier, uniqueNames: false })).not.toThrow();
  });

  it("never treats a helper as goods in her name, notes or remarks", () => {
    for (const helper of demoHelpers(2000, seededRandom(7), now))
      for (const text of [helper.name, helper.specialNotes, helper.otherRemarks]) expect(goodsWordsIn(text), text ?? "").toEqual([]);
  });

  it("is varied: every faith, diets that follow it, some helpers with children, some with no jobs abroad", () => {
    expect(new Set(list.map((helper) => helper.religion)).size).toBeGreaterThanOrEqual(6);
    expect(list.some((helper) => helper.religion === "muslim" && helper.dietaryRestrictions === "No pork" && !helper.handlesPork)).toBe(
      true,
    );
    expect(list.some((helper) => helper.childrenAges)).toBe(true);
    expect(list.some((helper) => helper.employment.length === 0)).toBe(true);
  });

  it("has carers of the bedridden, each one who cared for the elderly, most of them in a job", () => {
    const carers = list.filter((helper) => helper.cares.includes("bedridden"));
    expect(carers.length).toBeGreaterThanOrEqual(3);
    expect(carers.length).toBeLessThan(list.filter((helper) => helper.cares.includes("elder")).length);
    for (const carer of carers) {
      expect(carer.cares).toContain("elder");
      expect(carer.skills.elderly?.experienced).toBe(true);
      expect(carer.skills.bedridden).toMatchObject({ experienced: true });
      expect(carer.skillAreas).toContain("bedridden");
    }
    expect(carers.filter((carer) => carer.employment.some((row) => /bedridden/.test(row.duties ?? ""))).length).toBeGreaterThan(
      carers.length / 2,
    );
  });
});

describe("the seed's check refuses a biodata that contradicts itself", () => {
  const cases: [rule: keyof typeof DEMO_RULES, helper: DemoHelper, says: RegExp][] = [
    [
      "faithAndHobbies",
      changed(
        (h) => h.religion === "muslim",
        (h) => (h.specialNotes += "<p>Hobbies: singing in church.</p>"),
      ),
      /sings in church but is muslim/,
    ],
    [
      "faithAndName",
      changed(
        (h) => h.religion === "buddhist",
        (h) => (h.name = "Siti Rahayu"),
      ),
      /named Siti, a muslim name, but is buddhist/,
    ],
    [
      "dietAndHandling",
      changed(
        (h) => h.dietaryRestrictions === "No beef",
        (h) => (h.handlesBeef = true),
      ),
      /says "No beef" but handles beef/,
    ],
    [
      "englishListed",
      changed(
        (h) => h.english === "basic",
        (h) => h.otherLanguages.push("english"),
      ),
      /basic English/,
    ],
    [
      "levelsOfHerLanguages",
      changed(
        (h) => !h.otherLanguages.includes("hakka"),
        (h) => (h.languageLevels.hakka = "good"),
      ),
      /has a level in hakka/,
    ],
    [
      "childrenAndMarriage",
      changed(
        (h) => h.marital === "single",
        (h) => (h.childrenAges = "4, 9"),
      ),
      /single yet has children/,
    ],
    [
      "workFromAdulthood",
      changed(
        (h) => h.employment.length > 0,
        (h) => (h.dateOfBirth = `${Number(h.employment.at(-1)!.from.slice(0, 4)) - 15}-01-01`),
      ),
      /before she was 18/,
    ],
    [
      "experienceAndJobs",
      changed(
        (h) => h.experience === "new-to-sg",
        (h) => h.employment.push(singaporeJob),
      ),
      /is "new-to-sg" yet worked in Singapore/,
    ],
    [
      "singaporeYears",
      changed(
        (h) => h.singaporeExperience !== null,
        (h) => (h.singaporeExperience = `31 years with a family in Bishan`),
      ),
      /says "31 years with a family in Bishan" in Singapore/,
    ],
    [
      "notesAndJobs",
      changed(
        (h) => h.employment.length > 0,
        (h) => (h.specialNotes = h.specialNotes.replace(/worked \d+ years?/, "worked 17 years")),
      ),
      /the notes say 17 years in/,
    ],
    [
      "skillYearsAndWork",
      changed(
        (h) => Boolean(h.skills.housework),
        (h) => (h.skills.housework!.years = 30),
      ),
      /30 years of housework/,
    ],
    [
      "dutiesAndCares",
      changed(
        (h) => h.employment.length > 0 && !h.cares.includes("elder"),
        (h) => (h.employment[0]!.duties = "Care of a bedridden grandmother"),
      ),
      /does not offer elder care/,
    ],
    [
      "dutiesAndCares",
      changed(
        (h) => h.employment.length > 0 && h.cares.includes("elder") && !h.cares.includes("bedridden"),
        (h) => (h.employment[0]!.duties = "Care of a bedridden grandfather"),
      ),
      /does not offer bedridden care/,
    ],
    [
      "bedriddenAndElderly",
      changed(
        (h) => h.cares.includes("bedridden"),
        (h) => {
          h.skills.elderly = undefined;
          h.skills.disabled = undefined;
        },
      ),
      /offers bedridden care with no experience of elderly or disabled care/,
    ],
    [
      "dishes",
      changed(
        (h) => h.nationality === "philippines" && Boolean(h.skills.cooking),
        (h) => (h.skills.cooking!.detail = "Indian vegetarian"),
      ),
      /cooks Indian dishes/,
    ],
    [
      "birthplaceAndTongue",
      changed(
        (h) => h.motherTongue === "tamil",
        (h) => (h.placeOfBirth = "Amritsar"),
      ),
      /speaks tamil but was born in Amritsar/,
    ],
  ];

  it("has a case here for every rule", () => {
    expect([...new Set(cases.map(([rule]) => rule))].sort()).toEqual(Object.keys(DEMO_RULES).sort());
  });

  it.each(cases)("%s", (rule, helper, says) => {
    expect(DEMO_RULES[rule]!(helper, now)).toMatch(says);
    expect(contradictions(helper, now).some((found) => says.test(found))).toBe(true);
    // The seed stops with an error naming her and the contradiction.
    expect(() => checkDemoHelpers([helper], now, bySupplier)).toThrow(new RegExp(`${helper.name} \\(helper 1\\) .*${says.source}`));
  });

  it("refuses two helpers of one name at one supplier, not at two", () => {
    const twin = { ...structuredClone(list[0]!) };
    expect(() => checkDemoHelpers([list[0]!, twin], now, { supplierOf: () => "same" })).toThrow(
      /has the name of helper 1 at the same supplier/,
    );
    expect(() => checkDemoHelpers([list[0]!, twin], now, { supplierOf: (i) => String(i) })).not.toThrow();
  });
});
