/**
 * Her level in each language she speaks (decision 134): the schema reads the levels the API and
 * the form send, the form leaves out what a hidden drop-down still posts, and the card names the
 * languages a family filtered for with her level.
 */
import { describe, expect, it } from "vitest";
import { helperCreateSchema, helperUpdateSchema } from "../../src/shared/helper-schema";
import { withFormDefaults } from "../../src/features/helpers/pages/biodata-form-read.server";
import { soughtLanguagesText } from "../../src/features/helpers/components/helper-card";
import { spokenLanguages } from "../../src/shared/catalogue-labels";

const body = (more: Record<string, unknown>) => ({
  name: "Lin Lin Aye",
  nationality: "myanmar",
  experience: "transfer",
  salary: 700,
  offDays: 4,
  dateOfBirth: "1990-05-15",
  marital: "single",
  religion: "buddhist",
  motherTongue: "burmese",
  status: "draft",
  ...more,
});

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("language levels in the biodata schema", () => {
  it("reads languages and levels by label, slug or old spelling; a blank or null level is not stated", () => {
    const parsed = helperCreateSchema.parse(
      body({ otherLanguages: ["Chinese", "Hokkien", "Teochiu"], languageLevels: { Mandarin: "Good", hokkien: " ", teochew: null } }),
    );
    expect(parsed.otherLanguages).toEqual(["mandarin", "hokkien", "teochew"]);
    expect(parsed.languageLevels).toEqual({ mandarin: "good" });
  });

  it("takes none as none", () => {
    expect(helperCreateSchema.parse(body({})).languageLevels).toEqual({});
    expect(helperCreateSchema.parse(body({ languageLevels: null })).languageLevels).toEqual({});
    expect(helperUpdateSchema.parse({ name: "Lin" }).languageLevels).toBeUndefined();
  });

  it("refuses each wrong level at its own language", () => {
    const result = helperCreateSchema.safeParse(
      body({
        otherLanguages: ["Cantonese", "English"],
        languageLevels: { cantonese: "native", english: "good", hakka: "fair", klingon: "good" },
      }),
    );
    expect(fieldsOf(result)).toEqual({
      "languageLevels.cantonese": "Choose the level of Cantonese from the list",
      "languageLevels.english": expect.stringMatching(/English level/),
      "languageLevels.klingon": expect.stringMatching(/“klingon” is not one/),
    });
    // Once the levels themselves are readable, one for a language she is not said to speak is refused.
    const notSpoken = helperCreateSchema.safeParse(body({ otherLanguages: ["Cantonese"], languageLevels: { hakka: "fair" } }));
    expect(fieldsOf(notSpoken)).toEqual({ "languageLevels.hakka": expect.stringMatching(/^Hakka has a level but is not ticked/) });
  });

  it("refuses levels that are not an object, and too many of them", () => {
    expect(Object.keys(fieldsOf(helperCreateSchema.safeParse(body({ languageLevels: "good" }))))).toEqual(["languageLevels"]);
    expect(Object.keys(fieldsOf(helperCreateSchema.safeParse(body({ languageLevels: ["good"] }))))).toEqual(["languageLevels"]);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`l${i}`, "good"]));
    expect(Object.keys(fieldsOf(helperCreateSchema.safeParse(body({ languageLevels: many }))))).toEqual(["languageLevels"]);
  });
});

describe("the form's levels", () => {
  it("leaves out the level of a language not ticked (its drop-down is hidden but posted)", () => {
    expect(withFormDefaults({ otherLanguages: "cantonese", languageLevels: { cantonese: "good", hakka: "fair" } })).toMatchObject({
      otherLanguages: "cantonese",
      languageLevels: { cantonese: "good" },
    });
    expect(withFormDefaults({ languageLevels: { hakka: "fair" } })).toMatchObject({ otherLanguages: [], languageLevels: {} });
  });
});

describe("the words for her languages", () => {
  const helper = {
    otherLanguages: ["english", "mandarin", "cantonese", "hokkien"] as const,
    languageLevels: { cantonese: "good", mandarin: "fluent" } as const,
  };

  it("names each language with her level when stated", () => {
    expect(spokenLanguages(helper.otherLanguages, helper.languageLevels)).toEqual([
      "English (fair or better)",
      "Mandarin (Fluent)",
      "Cantonese (Good)",
      "Hokkien",
    ]);
  });

  it("the card names the languages the family filtered for that she speaks, and nothing when it asked for none", () => {
    const card = { otherLanguages: [...helper.otherLanguages], languageLevels: helper.languageLevels };
    expect(soughtLanguagesText(card, ["hokkien", "cantonese", "teochew"])).toBe("Speaks Cantonese (Good), Hokkien");
    expect(soughtLanguagesText(card, ["teochew"])).toBeUndefined();
    expect(soughtLanguagesText(card, [])).toBeUndefined();
  });
});
