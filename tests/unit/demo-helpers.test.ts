import { describe, expect, it } from "vitest";
import { demoHelper } from "../../src/features/demo/server/demo-helpers";

describe("the demo helpers", () => {
  it("tell the same years in Singapore in the experience field, the notes and the employment table", () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const now = new Date(Date.UTC(2026, 10, 23));
    const told = [];
    for (let i = 0; i < 60; i++) {
      const helper = demoHelper(i, random, now);
      if (!helper.singaporeExperience) continue;
      const months = helper.employment
        .filter((row) => row.country === "Singapore")
        .reduce(
          (sum, row) =>
            sum + (Number(row.to.slice(0, 4)) - Number(row.from.slice(0, 4))) * 12 + Number(row.to.slice(5)) - Number(row.from.slice(5)),
          0,
        );
      const years = Math.max(1, Math.round(months / 12));
      const text = years === 1 ? "1 year" : `${years} years`;
      expect(helper.singaporeExperience.startsWith(`${text} with a family in`)).toBe(true);
      if (/in Singapore/.test(helper.specialNotes)) expect(helper.specialNotes).toContain(`worked ${text} in Singapore`);
      told.push(text);
    }
    expect(told.length).toBeGreaterThan(5);
  });
});
