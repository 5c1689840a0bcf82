import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChangeGatherer, changeFromPayload, type ListingChange } from "../../src/features/helpers/server/listing-changes";

describe("changes to the listing, gathered", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads the helpers a notification names, and anything else as everything", () => {
    const id = "0b7a8f2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    expect(changeFromPayload(`helpers:${id}`)).toEqual({ helpers: [id] });
    expect(changeFromPayload(`helpers:${id},${id}`)).toEqual({ helpers: [id, id] });
    for (const payload of ["helpers:*", "user:abc", "helpers", "reconnected", ""])
      expect(changeFromPayload(payload), payload).toBe("everything");
  });

  it("acts on the first change at once, then once a window on what a burst brings", () => {
    const applied: ListingChange[] = [];
    const gatherer = new ChangeGatherer(1000, (change) => applied.push(change));
    gatherer.add({ helpers: ["h0"] });
    expect(applied).toEqual([{ helpers: ["h0"] }]);
    expect(gatherer.waiting).toBe(false);
    for (let n = 1; n < 55; n++) {
      vi.advanceTimersByTime(15);
      gatherer.add({ helpers: [`h${n % 3}`] });
    }
    expect(applied).toHaveLength(1);
    expect(gatherer.waiting).toBe(true);
    vi.advanceTimersByTime(1000 - 54 * 15);
    expect(applied).toEqual([{ helpers: ["h0"] }, { helpers: ["h1", "h2", "h0"] }]);
    // A change inside the window that follows waits for its end; after a quiet window, at once again.
    gatherer.add({ helpers: ["h8"] });
    vi.advanceTimersByTime(999);
    expect(applied).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(applied[2]).toEqual({ helpers: ["h8"] });
    vi.advanceTimersByTime(1000);
    gatherer.add({ helpers: ["h9"] });
    expect(applied[3]).toEqual({ helpers: ["h9"] });
  });

  it("lets 'everything' take in the helpers named with it, and acts at once with no window", () => {
    const applied: ListingChange[] = [];
    const gathered = new ChangeGatherer(500, (change) => applied.push(change));
    gathered.add({ helpers: ["a"] });
    gathered.add({ helpers: ["b"] });
    gathered.add("everything");
    gathered.add({ helpers: ["c"] });
    vi.advanceTimersByTime(500);
    expect(applied).toEqual([{ helpers: ["a"] }, "everything"]);

    const atOnce: ListingChange[] = [];
    const immediate = new ChangeGatherer(0, (change) => atOnce.push(change));
    immediate.add({ helpers: ["a"] });
    immediate.add({ helpers: ["b"] });
    expect(atOnce).toEqual([{ helpers: ["a"] }, { helpers: ["b"] }]);
  });
});
