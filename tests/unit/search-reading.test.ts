/**
 * How a search is read (decision 130): every public catalogue value by its name in each family
 * language, by its synonyms and by a near misspelling; a condition as the words of caring for it;
 * free words as they are.
 */
import { describe, expect, it } from "vitest";
import { languagesNamed, readSearch, valueMark, type SearchList } from "../../src/features/helpers/server/search-reading";
import { skillAreas } from "../../src/shared/biodata-catalogue";
import { catalogue, type CatalogueEntry } from "../../src/shared/catalogue";
import { m } from "../../src/shared/i18n/compiled/messages.js";
import { en } from "../../src/shared/search-words/en";
import { zh } from "../../src/shared/search-words/zh";

const lists: [SearchList, readonly CatalogueEntry[], (slug: string, locale: "en" | "zh") => string][] = [
  ["nationality", catalogue.nationality, (slug, locale) => m.shared_nationality({ slug }, { locale })],
  ["care", catalogue.care, (slug, locale) => m.shared_care({ slug }, { locale })],
  ["skill", skillAreas, (slug, locale) => m.shared_skill_area({ slug }, { locale })],
  [
    "language",
    [...catalogue.language, ...catalogue.motherTongue],
    (slug, locale) =>
      catalogue.language.some((e) => e.slug === slug)
        ? m.shared_language({ slug }, { locale })
        : m.shared_mother_tongue({ slug }, { locale }),
  ],
  ["religion", catalogue.religion, (slug, locale) => m.shared_religion({ slug }, { locale })],
  ["experience", catalogue.experience, (slug, locale) => m.shared_experience({ slug }, { locale })],
];

const marksOf = (q: string) =>
  readSearch(q)
    .flat()
    .filter((word) => word.startsWith("\u0001"));

describe("every public catalogue value is read by its name in each family language and by its synonyms", () => {
  for (const [list, entries, name] of lists) {
    for (const entry of entries.filter((e) => e.slug !== "other")) {
      it(`${list} ${entry.slug}`, () => {
        const mark = valueMark(list, entry.slug);
        for (const q of [entry.label, name(entry.slug, "en"), name(entry.slug, "zh")])
          expect({ q, marks: marksOf(q) }).toEqual({ q, marks: expect.arrayContaining([mark]) });
        for (const words of [en, zh]) {
          for (const q of (words[list] as Record<string, readonly string[] | undefined>)[entry.slug] ?? []) {
            expect({ q, marks: marksOf(q) }).toEqual({ q, marks: expect.arrayContaining([mark]) });
          }
        }
      });
    }
  }
});

describe("the languages a search names (decision 134)", () => {
  it.each([
    ["缅甸 失智 粤语", ["cantonese"]],
    ["Hokkien or Teochiu", ["hokkien", "teochew"]],
    ["华语", ["mandarin"]],
    ["缅甸语", []],
    ["cooking", []],
    ["", []],
  ])("“%s”", (q, languages) => {
    expect(languagesNamed(q)).toEqual(languages);
  });
});

describe("reading a family's search", () => {
  it.each([
    ["Myanmr", [[valueMark("nationality", "myanmar"), "myanmr"]]],
    ["Phillipines", [[valueMark("nationality", "philippines"), "phillipines"]]],
    ["缅甸 老人", [[valueMark("nationality", "myanmar")], [valueMark("care", "elder")]]],
    ["缅甸老人", [[valueMark("nationality", "myanmar")], [valueMark("care", "elder")]]],
    ["缅甸语", [[valueMark("language", "burmese")]]],
    // Each dialect is a language of its own (decision 134), no longer the "Mandarin and dialects" row.
    ["粤语", [[valueMark("language", "cantonese")]]],
    ["福建话", [[valueMark("language", "hokkien")]]],
    ["Teochiu", [[valueMark("language", "teochew"), "teochiu"]]],
    [
      "缅甸 失智 粤语",
      [[valueMark("nationality", "myanmar")], ["dementia", "alzheimer", "alzheimers"], [valueMark("language", "cantonese")]],
    ],
    ["印度尼西亚", [[valueMark("nationality", "indonesia")]]],
    ["失智", [["dementia", "alzheimer", "alzheimers"]]],
    ["dementia care", [["dementia", "alzheimer", "alzheimers"]]],
    ["vegetarian helper", [["vegetarian"]]],
    ["helper", [["helper"]]],
    ["Marites Cruz", [["marites"], ["cruz"]]],
  ])("“%s”", (q, groups) => {
    expect(readSearch(q)).toEqual(groups);
  });
});
