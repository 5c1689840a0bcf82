import { describe, expect, it } from "vitest";
import { ageFromIso, ageOn, birthDateRange, calendarDateAt, parseIsoDate } from "../../src/shared/age";
import { formatBirthDate, relativeTime } from "../../src/shared/format";

const date = (iso: string) => parseIsoDate(iso)!;

describe("age from the date of birth", () => {
  it("counts a year only once the birthday has come", () => {
    expect(ageOn(date("1994-03-06"), date("2024-03-05"))).toBe(29);
    expect(ageOn(date("1994-03-06"), date("2024-03-06"))).toBe(30);
    expect(ageOn(date("1994-03-06"), date("2024-03-07"))).toBe(30);
    expect(ageOn(date("1994-12-31"), date("2025-01-01"))).toBe(30);
  });

  it("gives someone born on 29 February their birthday on 1 March in other years", () => {
    expect(ageOn(date("2000-02-29"), date("2023-02-28"))).toBe(22);
    expect(ageOn(date("2000-02-29"), date("2023-03-01"))).toBe(23);
    expect(ageOn(date("2000-02-29"), date("2024-02-29"))).toBe(24);
  });

  it("takes today's date in Singapore, not the server's zone", () => {
    // 16:30 UTC on 5 March is already 6 March in Singapore.
    expect(calendarDateAt(new Date("2024-03-05T16:30:00Z"))).toEqual({ year: 2024, month: 3, day: 6 });
    expect(ageFromIso("1994-03-06", new Date("2024-03-05T16:30:00Z"))).toBe(30);
    expect(ageFromIso("1994-03-06", new Date("2024-03-05T15:30:00Z"))).toBe(29);
  });

  it("turns the date over at midnight exactly, asked moment after moment", () => {
    const at = (iso: string, zone?: string) => calendarDateAt(new Date(iso), zone);
    expect(at("2024-03-05T15:59:59.999Z")).toEqual({ year: 2024, month: 3, day: 5 });
    expect(at("2024-03-05T16:00:00.000Z")).toEqual({ year: 2024, month: 3, day: 6 });
    expect(at("2024-03-05T15:59:59.999Z")).toEqual({ year: 2024, month: 3, day: 5 });
    // Kathmandu is 5:45 ahead: its midnight falls on a quarter hour of UTC.
    expect(at("2024-12-31T18:14:59.999Z", "Asia/Kathmandu")).toEqual({ year: 2024, month: 12, day: 31 });
    expect(at("2024-12-31T18:15:00.000Z", "Asia/Kathmandu")).toEqual({ year: 2025, month: 1, day: 1 });
    // A changed answer does not change what the next caller gets.
    at("2024-03-05T16:00:00.000Z").day = 99;
    expect(at("2024-03-05T16:00:00.000Z").day).toBe(6);
  });

  it("refuses dates that do not exist", () => {
    expect(parseIsoDate("2023-02-29")).toBeUndefined();
    expect(parseIsoDate("2024-13-01")).toBeUndefined();
    expect(parseIsoDate("1994-3-6")).toBeUndefined();
    expect(ageFromIso("not a date")).toBeUndefined();
  });

  it("turns an age range into the birth dates that have it", () => {
    const today = date("2024-02-29");
    expect(birthDateRange(today, 18, 30)).toEqual({ bornOnOrBefore: "2006-02-28", bornOnOrAfter: "1993-03-01" });
    // Check the edges against ageOn itself.
    expect(ageOn(date("2006-02-28"), today)).toBe(18);
    expect(ageOn(date("2006-03-01"), today)).toBe(17);
    expect(ageOn(date("1993-03-01"), today)).toBe(30);
    expect(ageOn(date("1993-02-28"), today)).toBe(31);
  });
});

describe("formatting", () => {
  it("writes birth dates as on the cards", () => {
    expect(formatBirthDate("1994-03-06")).toBe("6 Mar 1994");
    expect(formatBirthDate(null)).toBeUndefined();
  });

  it("says how long ago, in words", () => {
    const now = new Date("2024-06-01T12:00:00Z");
    expect(relativeTime(new Date("2024-06-01T11:59:30Z"), now)).toBe("just now");
    expect(relativeTime(new Date("2024-06-01T11:55:00Z"), now)).toBe("5 minutes ago");
    expect(relativeTime(new Date("2024-06-01T09:00:00Z"), now)).toBe("3 hours ago");
    expect(relativeTime(new Date("2024-05-29T12:00:00Z"), now)).toBe("3 days ago");
    expect(relativeTime(new Date("2023-06-01T12:00:00Z"), now)).toBe("1 year ago");
  });
});
