import { describe, expect, it } from "vitest";
import { interviewModes, skillArea } from "../../src/shared/biodata-catalogue";
import { careArea, careGroups, careOfArea, catalogue, offeredCares, resolveSlug, type CatalogueName } from "../../src/shared/catalogue";
import { labelOf } from "../../src/shared/catalogue-labels";
import { optionsOf } from "../../src/shared/options";

describe("catalogue", () => {
  it("reads the original site's spellings as the values they meant", () => {
    expect(resolveSlug("nationality", "Filipines")).toBe("philippines");
    expect(resolveSlug("nationality", "Phlipino")).toBe("philippines");
    expect(resolveSlug("nationality", "Philipino")).toBe("philippines");
    expect(resolveSlug("nationality", "Indian")).toBe("india");
    expect(resolveSlug("nationality", "Indonesian")).toBe("indonesia");
    expect(resolveSlug("experience", "Ex-Sin")).toBe("ex-singapore");
    expect(resolveSlug("experience", "Ex-Arab")).toBe("ex-middle-east");
    expect(resolveSlug("experience", "Ex-Home")).toBe("ex-home-country");
    expect(resolveSlug("motherTongue", "Gujrati")).toBe("gujarati");
    expect(resolveSlug("language", "Fair English")).toBe("english");
    // "Chinese" was Mandarin; old links and API calls find Mandarin (decision 134).
    expect(resolveSlug("language", "Chinese")).toBe("mandarin");
    expect(resolveSlug("language", "Mandarin")).toBe("mandarin");
    expect(resolveSlug("language", "Teochiu")).toBe("teochew");
    expect(resolveSlug("language", "Khek")).toBe("hakka");
    expect(resolveSlug("language", "min-nan")).toBe("hokkien");
    expect(resolveSlug("marital", "Married w kids")).toBe("married-with-children");
    expect(resolveSlug("marital", "divorced")).toBe("divorced");
    expect(resolveSlug("care", "Eldercare")).toBe("elder");
    expect(resolveSlug("care", "Bedridden")).toBe("bedridden");
    expect(resolveSlug("care", "bed-bound")).toBe("bedridden");
  });

  it("makes bedridden care a care of its own, with its own skills-table row", () => {
    expect(careArea("bedridden")).toBe("bedridden");
    expect(careOfArea("bedridden")).toBe("bedridden");
    expect(skillArea("bedridden")).toMatchObject({ label: "Care of the bedridden", group: "care" });
    expect(offeredCares(["elder"], ["bedridden"])).toEqual(["elder", "bedridden"]);
    expect(offeredCares([], ["elderly"])).toEqual(["elder"]);
    expect(careGroups.at(-1)).toMatchObject({ value: "Bedridden", cares: ["bedridden"] });
  });

  it("matches labels, slugs and aliases whatever their case and spacing", () => {
    expect(resolveSlug("nationality", "PHILIPPINES")).toBe("philippines");
    expect(resolveSlug("experience", "new to sg")).toBe("new-to-sg");
    expect(resolveSlug("experience", "new-to-sg")).toBe("new-to-sg");
    expect(resolveSlug("motherTongue", " bahasa  indonesia ")).toBe("bahasa-indonesia");
    expect(resolveSlug("marital", "Married with children")).toBe("married-with-children");
  });

  it("knows nothing it was not told", () => {
    expect(resolveSlug("nationality", "Atlantis")).toBeUndefined();
    expect(resolveSlug("religion", "")).toBeUndefined();
  });

  it("gives every entry a unique slug and label, and no alias that points two ways", () => {
    for (const name of Object.keys(catalogue) as CatalogueName[]) {
      const slugs = catalogue[name].map((e) => e.slug);
      expect(new Set(slugs).size, name).toBe(slugs.length);
      for (const entry of catalogue[name]) {
        expect(resolveSlug(name, entry.label), `${name} ${entry.label}`).toBe(entry.slug);
        for (const alias of "aliases" in entry ? (entry.aliases ?? []) : []) {
          expect(resolveSlug(name, alias), `${name} ${alias}`).toBe(entry.slug);
        }
      }
    }
  });

  it("labels stored slugs for people", () => {
    expect(labelOf("nationality", "philippines")).toBe("Philippines");
    expect(labelOf("care", "elder")).toBe("Elderly care");
    expect(labelOf("religion", null)).toBeUndefined();
  });

  it("offers every list as the same options: the slug (or the group's value) sent, the label shown", () => {
    expect(optionsOf(catalogue.religion).at(-2)).toEqual({ value: "sikh", label: "Sikh" });
    expect(optionsOf(interviewModes).map((option) => option.value)).toEqual(["phone", "video", "in-person"]);
    expect(optionsOf(careGroups)[0]).toEqual({ value: "Infant,Child", label: "Infant or child care" });
  });
});
