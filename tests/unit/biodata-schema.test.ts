import { describe, expect, it } from "vitest";
import { daysAhead } from "../../src/shared/biodata-schema";
import { readBiodataForm } from "../../src/features/helpers/pages/biodata-form-read.server";
import { fieldErrors, helperCreateSchema, helperUpdateSchema } from "../../src/shared/helper-schema";
import { fullBiodata } from "../support/biodata";

const base = {
  name: "Maria Santos",
  nationality: "philippines",
  experience: "transfer",
  salary: 700,
  offDays: 4,
  dateOfBirth: "1990-05-15",
  marital: "single",
  religion: "catholic",
  motherTongue: "tagalog",
};

function errorsFor(parts: Record<string, unknown>): Record<string, string> {
  const result = helperCreateSchema.safeParse(fullBiodata(parts));
  return result.success ? {} : fieldErrors(result.error);
}

function row(overrides: Record<string, unknown> = {}) {
  return { from: "2018-01", to: "2019-12", country: "Taiwan", employer: null, duties: null, remarks: null, feedback: null, ...overrides };
}

describe("the standard form's parts in the biodata schema", () => {
  it("accepts a fully filled standard form, private details included, and works out nothing else", () => {
    const result = helperCreateSchema.parse(fullBiodata());
    expect(result.homePhone).toBe("+63 917 555 0199");
    expect(result.skills.infant).toMatchObject({ willing: true, experienced: true, years: 3, rating: 5 });
    expect(result.employment).toHaveLength(2);
    expect(result.interview).toEqual(["phone", "video"]);
  });

  it("leaves every new part empty when an older client sends only the old fields", () => {
    const result = helperCreateSchema.parse(base);
    expect(result).toMatchObject({
      placeOfBirth: null,
      siblings: null,
      homeAddress: null,
      skills: {},
      employment: [],
      illnesses: [],
      interview: [],
      availableFrom: null,
      handlesPork: null,
    });
  });

  it("refuses a rating of 6 and of 0, and takes N.A. as no rating", () => {
    const six = { skills: { cooking: { willing: true, experienced: true, years: 2, rating: 6 } } };
    expect(errorsFor(six)["skills.cooking.rating"]).toBe("The rating must be from 1 to 5 stars, or N.A.");
    expect(errorsFor({ skills: { cooking: { rating: "0" } } })["skills.cooking.rating"]).toMatch(/1 to 5/);
    const na = helperCreateSchema.parse({ ...base, skills: { cooking: { willing: "on", rating: "na" } } });
    expect(na.skills.cooking).toMatchObject({ willing: true, rating: null });
  });

  it("refuses 13 employment rows and accepts 12", () => {
    const rows = (n: number) => Array.from({ length: n }, () => row());
    expect(errorsFor({ employment: rows(13) }).employment).toBe("At most 12 employment rows: remove the oldest or combine short jobs");
    expect(errorsFor({ employment: rows(12) })).toEqual({});
  });

  it("refuses a job that ends before it starts, in the future, or before 1970, each on its own field", () => {
    expect(errorsFor({ employment: [row({ from: "2020-05", to: "2020-04" })] })["employment[0].to"]).toBe(
      "The job cannot end before it starts: check the months",
    );
    expect(errorsFor({ employment: [row(), row({ to: daysAhead(62).slice(0, 7) })] })["employment[1].to"]).toMatch(
      /cannot be in the future/,
    );
    expect(errorsFor({ employment: [row({ from: "1969-12" })] })["employment[0].from"]).toMatch(/1970 or later/);
    expect(errorsFor({ employment: [row({ from: "2019-13" })] })["employment[0].from"]).toMatch(/YYYY-MM/);
    expect(errorsFor({ employment: [row({ country: "", duties: "Cooking" })] })["employment[0].country"]).toBe(
      "Enter the country where she worked",
    );
  });

  it("drops rows the form sent empty instead of refusing them", () => {
    const result = helperCreateSchema.parse({ ...base, employment: [row(), { from: "", to: "", country: " " }] });
    expect(result.employment).toHaveLength(1);
  });

  it("refuses a 5,000-character remark and every text past its bound", () => {
    const long = (n: number) => "x".repeat(n);
    expect(errorsFor({ otherRemarks: long(5000) }).otherRemarks).toBe("Other remarks must be at most 1,000 characters");
    expect(errorsFor({ employment: [row({ remarks: long(5000) })] })["employment[0].remarks"]).toBe(
      "The remarks must be at most 300 characters",
    );
    const bounds: [string, number][] = [
      ["placeOfBirth", 100],
      ["homeAddress", 300],
      ["repatriationPort", 100],
      ["allergies", 300],
      ["illnessOther", 300],
      ["disabilities", 300],
      ["dietaryRestrictions", 300],
      ["foodHandlingOther", 300],
      ["otherRemarks", 1000],
      ["skillsEvaluationOther", 100],
    ];
    for (const [field, max] of bounds) {
      expect(errorsFor({ [field]: long(max) })[field], `${field} at ${max}`).toBeUndefined();
      expect(errorsFor({ [field]: long(max + 1) })[field], `${field} at ${max + 1}`).toMatch(/at most/);
    }
    for (const [field, max] of [
      ["country", 100],
      ["employer", 100],
      ["duties", 300],
      ["feedback", 300],
    ] as const) {
      expect(errorsFor({ employment: [row({ [field]: long(max + 1) })] })[`employment[0].${field}`]).toMatch(/at most/);
    }
    expect(errorsFor({ skills: { cooking: { detail: long(101) } } })["skills.cooking.detail"]).toMatch(/at most 100/);
    expect(errorsFor({ skills: { cooking: { note: long(301) } } })["skills.cooking.note"]).toMatch(/at most 300/);
  });

  it("bounds every number: siblings and years of experience", () => {
    expect(errorsFor({ siblings: 21 }).siblings).toBe("Number of siblings must be between 0 and 20");
    expect(errorsFor({ siblings: -1 }).siblings).toBe("Number of siblings must be between 0 and 20");
    expect(errorsFor({ skills: { housework: { years: 41 } } })["skills.housework.years"]).toBe(
      "Years of experience must be between 0 and 40",
    );
    expect(errorsFor({ siblings: 20, skills: { housework: { years: 40 } } })).toEqual({});
  });

  it("bounds the available-from date and reads years of experience as experience", () => {
    expect(errorsFor({ availableFrom: "2027-02-30" }).availableFrom).toBe("Enter the available-from date as a date (YYYY-MM-DD)");
    expect(errorsFor({ availableFrom: daysAhead(800) }).availableFrom).toBe("The available-from date must be within two years from today");
    expect(errorsFor({ availableFrom: "1999-12-31" }).availableFrom).toBe("The available-from date is too far in the past");
    const result = helperCreateSchema.parse({ ...base, availableFrom: daysAhead(30), skills: { cooking: { years: "4" } } });
    expect(result.availableFrom).toBe(daysAhead(30));
    expect(result.skills.cooking).toMatchObject({ experienced: true, years: 4 });
  });

  it("refuses values that are not on the form's lists, and an 'other' left unexplained", () => {
    expect(errorsFor({ skills: { juggling: { willing: true } } })["skills.juggling"]).toBe("“juggling” is not a skill area");
    expect(errorsFor({ illnesses: ["flu"] }).illnesses).toMatch(/Choose illnesses from the list/);
    expect(errorsFor({ interview: ["telepathy"] }).interview).toMatch(/from the list/);
    expect(errorsFor({ skillsEvaluation: "astrology" }).skillsEvaluation).toBe("Choose how the skills were evaluated from the list");
    expect(errorsFor({ illnesses: ["other"], illnessOther: "" }).illnessOther).toBe("Say which other illness (or untick Other)");
    expect(errorsFor({ skillsEvaluation: "other" }).skillsEvaluationOther).toBe("Say how the skills were evaluated");
  });

  it("checks the private details' shape", () => {
    expect(errorsFor({ homePhone: "call me" }).homePhone).toMatch(/in digits/);
    expect(errorsFor({ homePhone: "1".repeat(31) }).homePhone).toMatch(/at most 30/);
  });

  it("asks for no passport number: one an older client sends is dropped unread", () => {
    expect(helperCreateSchema.parse({ ...base, passportNumber: "P1234567" })).not.toHaveProperty("passportNumber");
    expect(helperUpdateSchema.parse({ passportNumber: "P1234567" })).not.toHaveProperty("passportNumber");
  });

  it("changes only what an update names, so an older client keeps the parts it does not know", () => {
    expect(helperUpdateSchema.parse({ salary: 800 })).toEqual({ salary: 800 });
  });
});

describe("reading the biodata page form's nested names", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };
  const required = Object.entries({ ...base, salary: "700", offDays: "4" }).map(([name, value]): [string, string] => [name, String(value)]);

  it("builds skills and employment rows from the posted names, rows numbered as the form shows them", () => {
    const submission = readBiodataForm(
      form([
        ...required,
        ["skills.cooking.willing", "on"],
        ["skills.cooking.years", "3"],
        ["employment[0].from", "2018-01"],
        ["employment[0].to", "2019-12"],
        ["employment[0].country", "Taiwan"],
        ["employment[1].from", "2021-01"],
        ["employment[1].to", "2020-12"],
        ["employment[1].country", "Malaysia"],
      ]),
      helperCreateSchema,
    );
    expect(submission.status).toBe("error");
    expect(submission.status === "error" && submission.error).toEqual({
      "employment[1].to": ["The job cannot end before it starts: check the months"],
    });
    expect(submission.payload).toMatchObject({
      skills: { cooking: { willing: "on", years: "3" } },
      employment: [{ country: "Taiwan" }, { country: "Malaysia" }],
    });
  });

  it("clears the lists and parts an edit sends with nothing ticked or filled in, and keeps a blank as a cleared field", () => {
    const submission = readBiodataForm(
      form([
        ["heightCm", ""],
        ["placeOfBirth", ""],
      ]),
      helperUpdateSchema,
    );
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      heightCm: null,
      placeOfBirth: null,
      otherLanguages: [],
      cares: [],
      illnesses: [],
      interview: [],
      skills: {},
      employment: [],
    });
  });

  it("ignores names that would reach an object's prototype", () => {
    const submission = readBiodataForm(
      form([
        ["__proto__.polluted", "yes"],
        ["skills.constructor.x", "1"],
      ]),
      helperUpdateSchema,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(submission.payload).not.toHaveProperty("polluted");
  });
});
