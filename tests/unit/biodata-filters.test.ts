import { describe, expect, it } from "vitest";
import { emptyFilterValues, skillChoices, valueText, valuesFromQuery } from "../../src/features/leads/filter-form-values";
import { checkFilterForm } from "../support/filter-form";
import { toListingSearchParams } from "../../src/shared/listing-query";
import { parseHelperQuery } from "../../src/shared/listing-query-schema";

describe("searching by what she has done, from a link or the /filters form", () => {
  it("reads skill, availableBy and interview from a link, in any case and spacing", () => {
    const { query, problems, unknown } = parseHelperQuery(
      new URLSearchParams("skill=Cooking, INFANT,pet care&availableBy=2027-02-01&interview=video,in person"),
    );
    expect(problems).toEqual([]);
    expect(unknown).toEqual([]);
    expect(query).toMatchObject({ skill: ["cooking", "infant", "pet-care"], availableBy: "2027-02-01", interview: ["video", "in-person"] });
    expect(toListingSearchParams(query).toString()).toBe(
      "skill=cooking%2Cinfant%2Cpet-care&availableBy=2027-02-01&interview=video%2Cin-person",
    );
  });

  it("names an unknown skill or interview way, and refuses a date that is not one", () => {
    const { unknown, problems } = parseHelperQuery(new URLSearchParams("skill=juggling&interview=fax&availableBy=next-week"));
    expect(unknown).toEqual([
      { param: "skill", value: "juggling" },
      { param: "interview", value: "fax" },
    ]);
    expect(problems).toEqual([{ param: "availableBy", message: "availableBy must be a date (YYYY-MM-DD)" }]);
  });

  it("pre-fills the form from such a link, offering a combination of skills as one choice", () => {
    const params = new URLSearchParams("skill=cooking,infant&availableBy=2027-02-01&interview=phone");
    const values = valuesFromQuery(parseHelperQuery(params).query);
    expect(values).toMatchObject({ skill: "cooking,infant", availableBy: "2027-02-01", interview: "phone" });
    expect(skillChoices(valueText(values.skill)).at(-1)).toEqual({ value: "cooking,infant", label: "Cooking and Care of infants" });
  });

  it("checks the form's choices before Apply and sends only those made", () => {
    const ok = checkFilterForm({ ...emptyFilterValues(), skill: "cooking", availableBy: "2027-02-01", interview: "video" });
    expect(ok).toEqual({ ok: true, query: { skill: ["cooking"], availableBy: "2027-02-01", interview: ["video"] } });
    const bad = checkFilterForm({ ...emptyFilterValues(), skill: "juggling", availableBy: "2027-02-30", interview: "fax" });
    expect(bad).toEqual({
      ok: false,
      errors: {
        skill: "Choose a skill from the list",
        availableBy: "Enter the date as day, month and year",
        interview: "Choose a way to interview from the list",
      },
    });
  });
});
