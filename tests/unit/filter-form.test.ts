import { describe, expect, it } from "vitest";
import { careGroups } from "../../src/shared/catalogue";
import { toListingSearchParams } from "../../src/shared/listing-query";
import { parseHelperQuery } from "../../src/shared/listing-query-schema";
import { checkFilterForm } from "../support/filter-form";
import { choiceFields, choicesFor, emptyFilterValues, valueText, valuesFromQuery } from "../../src/features/leads/filter-form-values";

const form = (values: Record<string, string>) => ({ ...emptyFilterValues(), ...values });
const field = (name: string) => choiceFields.find((f) => f.name === name)!;

describe("the filter form", () => {
  it("offers the original's seven choices under its parameter names", () => {
    expect(choiceFields.map((f) => f.name)).toEqual(["category", "sgExp", "language1", "language2", "marital", "religion", "neg"]);
    expect(choicesFor(field("category")).map((c) => c.label)).toEqual(["Myanmar", "India", "Indonesia", "Philippines"]);
    expect(choicesFor(field("neg")).map((c) => c.value)).toEqual(careGroups.map((g) => g.value));
  });

  it("applies only the chosen values, under the old names", () => {
    const result = checkFilterForm(form({ category: "philippines", marital: "single", neg: "Infant,Child" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const params = toListingSearchParams(result.query);
    expect([...params.keys()].sort()).toEqual(["category", "marital", "neg"]);
    expect(parseHelperQuery(params).query).toMatchObject({
      nationality: ["philippines"],
      marital: ["single"],
      care: ["infant", "child"],
    });
  });

  it("sends nothing when nothing is chosen", () => {
    const result = checkFilterForm(emptyFilterValues());
    expect(result.ok && toListingSearchParams(result.query).toString()).toBe("");
  });

  it("reads ages and salary as whole numbers, forgiving a dollar sign and commas", () => {
    const result = checkFilterForm(form({ ageMin: " 25 ", ageMax: "40", salaryMax: "$1,200" }));
    expect(result).toEqual({ ok: true, query: { ageMin: 25, ageMax: 40, salaryMax: 1200 } });
  });

  it("explains at the field what is wrong with the numbers", () => {
    const result = checkFilterForm(form({ ageMin: "45", ageMax: "30", salaryMax: "cheap" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.ageMax).toMatch(/less than the “from” age/);
    expect(result.errors.salaryMax).toMatch(/number of dollars/);
    expect(result.errors.ageMin).toBeUndefined();

    const outOfRange = checkFilterForm(form({ ageMin: "16", ageMax: "abc", salaryMax: "100" }));
    expect(outOfRange.ok).toBe(false);
    if (outOfRange.ok) return;
    expect(outOfRange.errors).toEqual({
      ageMin: "Enter an age from 18 to 60",
      ageMax: "Enter the age as a whole number, like 30",
      salaryMax: "Enter a monthly salary of at least $300",
    });
  });

  it("applies only the form's own fields, whatever else the address carries", () => {
    const result = checkFilterForm({ ...form({ religion: "muslim" }), supplier: "someone", page: "x", sort: "salary" });
    expect(result).toEqual({ ok: true, query: { religion: ["muslim"] } });
  });

  it("refuses a value that is not in the list", () => {
    const result = checkFilterForm(form({ religion: "pastafarian" }));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.religion).toBe("Choose a value from the list");
  });

  it("is pre-filled from any link the listing understands: old names, aliases and new names", () => {
    const old = valuesFromQuery(parseHelperQuery(new URLSearchParams("category=Filipines&marriage=Single&neg=Infant,Child")).query);
    expect(old).toMatchObject({ category: ["philippines"], marital: "single", neg: "Infant,Child" });

    const api = valuesFromQuery(
      parseHelperQuery(
        new URLSearchParams(
          "nationality=Indonesian&experience=Ex-Sin&dialect=Javanese&language=Mandarin&religion=Islam&care=elder&ageMin=21&salaryMax=900",
        ),
      ).query,
    );
    expect(api).toMatchObject({
      category: ["indonesia"],
      sgExp: "ex-singapore",
      language1: "javanese",
      language2: ["mandarin"],
      religion: ["muslim"],
      neg: "Eldercare",
      ageMin: "21",
      ageMax: "",
      salaryMax: "900",
    });
  });

  it("keeps a care combination no group offers, as its own choice", () => {
    const values = valuesFromQuery(parseHelperQuery(new URLSearchParams("neg=infant,disabled")).query);
    expect(values.neg).toBe("infant,disabled");
    expect(choicesFor(field("neg"), valueText(values.neg)).at(-1)).toEqual({
      value: "infant,disabled",
      label: "Infant care or Disabled care",
    });
    const result = checkFilterForm(values);
    expect(result.ok && result.query.care).toEqual(["infant", "disabled"]);
  });

  it("ticks every nationality, religion and other language a link asks for, and applies them all", () => {
    const values = valuesFromQuery(
      parseHelperQuery(new URLSearchParams("category=Filipino&category=India&religion=catholic,Islam&language=Mandarin,malay")).query,
    );
    expect(values).toMatchObject({
      category: ["india", "philippines"],
      religion: ["catholic", "muslim"],
      language2: ["mandarin", "malay"],
    });
    const result = checkFilterForm(values);
    expect(result.ok && toListingSearchParams(result.query).toString()).toBe(
      "category=india%2Cphilippines&language2=mandarin%2Cmalay&religion=catholic%2Cmuslim",
    );
  });

  it("reads a list in either order as one query", () => {
    const a = parseHelperQuery(new URLSearchParams("category=philippines,india")).query;
    const b = parseHelperQuery(new URLSearchParams("category=India&category=Philippines")).query;
    expect(a).toEqual(b);
  });
});
