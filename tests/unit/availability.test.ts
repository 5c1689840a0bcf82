import { describe, expect, it } from "vitest";
import { availability, availabilityShort, availabilityText } from "../../src/shared/availability";
import { singaporeTime } from "../support/clock";

describe("availability in words", () => {
  const lastOfOctober = singaporeTime("2026-10-31T23:59");
  const firstOfNovember = singaporeTime("2026-11-01T00:01");

  it("names the month ahead, and the day once that month has come", () => {
    expect(availabilityShort("2026-11-28", lastOfOctober)).toBe("From Nov 2026");
    expect(availabilityShort("2026-11-28", firstOfNovember)).toBe("From 28 Nov");
    expect(availabilityText("2026-11-28", lastOfOctober)).toBe("Available from 28 Nov 2026");
    expect(availabilityText("2026-11-28", firstOfNovember)).toBe("Available from 28 Nov 2026");
  });

  it("says available now from the day itself, in Singapore, whatever the server's clock zone", () => {
    // 27 Nov 16:00 UTC is 28 Nov 00:00 in Singapore.
    expect(availability("2026-11-28", new Date(Date.UTC(2026, 10, 27, 15, 59))).now).toBe(false);
    expect(availability("2026-11-28", new Date(Date.UTC(2026, 10, 27, 16, 0)))).toEqual({
      now: true,
      short: "Available now",
      long: "Available now",
    });
    expect(availabilityShort(null, firstOfNovember)).toBe("Available now");
    expect(availabilityShort("2025-01-01", firstOfNovember)).toBe("Available now");
  });

  it("never says a month that has come, on any day of a year", () => {
    const start = Date.UTC(2026, 0, 1, 4);
    for (let day = 0; day < 366; day++) {
      const now = new Date(start + day * 86_400_000);
      const [year, month] = [now.getUTCFullYear(), now.getUTCMonth()];
      for (const ahead of [0, 1, 15, 40]) {
        const date = new Date(start + (day + ahead) * 86_400_000).toISOString().slice(0, 10);
        const short = availabilityShort(date, now);
        const said = /^From (\w{3}) (\d{4})$/.exec(short);
        if (said)
          expect(
            Number(said[2]) * 12 + ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].indexOf(said[1]!),
          ).toBeGreaterThan(year * 12 + month);
      }
    }
  });
});
