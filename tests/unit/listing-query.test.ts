import { describe, expect, it } from "vitest";
import { toListingSearchParams } from "../../src/shared/listing-query";
import { helperQuerySchema, parseHelperQuery } from "../../src/shared/listing-query-schema";

const parse = (query: string) => parseHelperQuery(new URLSearchParams(query));

describe("listing query from a URL", () => {
  it("reads an old-site link with its parameter names and spellings", () => {
    const { query, problems, unknown } = parse("category=Filipines&marriage=Single&neg=Infant,Child");
    expect(problems).toEqual([]);
    expect(unknown).toEqual([]);
    expect(query.nationality).toEqual(["philippines"]);
    expect(query.marital).toEqual(["single"]);
    expect(query.care).toEqual(["infant", "child"]);
  });

  it("reads every old filter name", () => {
    const { query } = parse(
      "category=Myanmar&sgExp=Ex-Sin&language1=Burmese&language2=Fair%20English&marital=Married%20w%20kids&religion=Buddhist&neg=Child,Elder",
    );
    expect(query).toMatchObject({
      nationality: ["myanmar"],
      experience: ["ex-singapore"],
      motherTongue: ["burmese"],
      language: ["english"],
      marital: ["married-with-children"],
      religion: ["buddhist"],
      care: ["child", "elder"],
    });
  });

  it("reads the API's names, lists and repeated parameters", () => {
    const { query } = parseHelperQuery({ nationality: ["india", "Indonesia"], care: "infant,elder", motherTongue: "tamil" });
    expect(query.nationality).toEqual(["india", "indonesia"]);
    expect(query.care).toEqual(["infant", "elder"]);
    expect(query.motherTongue).toEqual(["tamil"]);
  });

  it("sets defaults when nothing is asked", () => {
    expect(parse("").query).toEqual({ sort: "newest", page: 1, pageSize: 24 });
  });

  it("reports unknown values apart from malformed parameters", () => {
    const { unknown, problems } = parse("category=Atlantis&religion=Jedi");
    expect(problems).toEqual([]);
    expect(unknown).toEqual([
      { param: "category", value: "Atlantis" },
      { param: "religion", value: "Jedi" },
    ]);
  });

  it.each([
    ["page=-1", "page"],
    ["page=0", "page"],
    ["page=two", "page"],
    ["page=1.5", "page"],
    ["pageSize=61", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["ageMin=abc", "ageMin"],
    ["ageMax=99", "ageMax"],
    ["ageMin=40&ageMax=30", "ageMin"],
    ["salaryMax=lots", "salaryMax"],
    ["sort=cheapest", "sort"],
    [`q=${"x".repeat(81)}`, "q"],
  ])("names the parameter that is wrong in %s", (search, param) => {
    const { problems } = parse(search);
    expect(problems.map((p) => p.param)).toContain(param);
  });

  it("reads on past a malformed parameter, leaving out both ends of a backwards age range", () => {
    const { query, problems } = parse("page=x&category=india&ageMin=40&ageMax=30&salaryMax=800");
    expect(query).toEqual({ sort: "newest", page: 1, pageSize: 24, nationality: ["india"], salaryMax: 800 });
    expect(problems.map((p) => p.param)).toEqual(["page", "ageMin"]);
  });

  it("answers the API's strict reading with an issue at each malformed parameter's name", () => {
    const result = helperQuerySchema.safeParse({ page: "x", availableBy: "2027-02-30", category: "Atlantis" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["availableBy", "availableBy must be a date (YYYY-MM-DD)"],
      ["page", "page must be a whole number"],
    ]);
  });

  it("writes the old names back, leaving defaults out, and reads its own output", () => {
    const { query } = parse("nationality=philippines&marital=single&care=infant,child&ageMin=25&sort=salary&page=2");
    const params = toListingSearchParams(query);
    expect(params.toString()).toBe("category=philippines&marital=single&neg=infant%2Cchild&ageMin=25&sort=salary&page=2");
    expect(parseHelperQuery(params).query).toEqual(query);
  });

  it("reads who publishes (hire=direct|agency, any case), writes it back, and names a wrong value as a problem", () => {
    expect(parse("hire=Direct").query.hire).toBe("direct");
    expect(parse("hire=agency").query.hire).toBe("agency");
    expect(parse("hire=").query.hire).toBeUndefined();
    expect(parse("hire=nobody").problems).toEqual([{ param: "hire", message: "hire must be one of direct, agency" }]);
    const { query } = parse("category=myanmar&hire=direct");
    expect(toListingSearchParams(query).toString()).toBe("category=myanmar&hire=direct");
    expect(parseHelperQuery(toListingSearchParams(query)).query).toEqual(query);
  });
});
