import { describe, expect, it } from "vitest";
import { listingNotes } from "../../src/shared/listing-notes";
import {
  cleanShortlist,
  mergeShortlists,
  sameShortlist,
  shortlistFromSearch,
  shortlistMessage,
  shortlistShareMessage,
  SHORTLIST_MAX,
} from "../../src/shared/shortlist";
import { displayPhone, formatOffDays, initialsOf } from "../../src/shared/format";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("a shortlist written in an address", () => {
  it("keeps the distinct valid ids, at most six, whatever else the address carries", () => {
    const params = new URLSearchParams(`ids=${id(1)},nonsense,${id(1)},${id(2)}&ids=${id(3)}`);
    expect(shortlistFromSearch(params)).toEqual([id(1), id(2), id(3)]);
    expect(cleanShortlist(Array.from({ length: 9 }, (_, i) => id(i)))).toHaveLength(SHORTLIST_MAX);
  });

  it("is sent as one message naming each helper and her reference, then the link", () => {
    const text = shortlistMessage(
      [
        { name: "Ana Reyes", ref: "DH1001" },
        { name: "Siti", ref: "DH1002", hire: "direct" },
      ],
      "https://x.sg/shortlist?ids=a,b",
      "Direct Helpers",
    );
    expect(text.split("\n")).toEqual([
      "Hi, I would like to know more about the helpers on my shortlist:",
      "1. Ana Reyes (ref DH1001)",
      "2. Siti (ref DH1002), a direct hire: reachable only through Direct Helpers",
      "My shortlist: https://x.sg/shortlist?ids=a,b",
    ]);
    expect(shortlistShareMessage([{ name: "Siti", ref: "DH1002" }], "https://x.sg/shortlist?ids=b", "Direct Helpers").split("\n")).toEqual([
      "Helpers I shortlisted on Direct Helpers:",
      "1. Siti (ref DH1002)",
      "See them side by side: https://x.sg/shortlist?ids=b",
    ]);
  });

  it("adds a shared list after one's own, never dropping one's own, and says how many did not fit", () => {
    const own = [id(1), id(2), id(3), id(4)];
    expect(mergeShortlists(own, [id(2), id(5)])).toEqual({ ids: [id(1), id(2), id(3), id(4), id(5)], left: 0 });
    expect(mergeShortlists(own, [id(5), id(6), id(7), id(8)])).toEqual({ ids: [id(1), id(2), id(3), id(4), id(5), id(6)], left: 2 });
    expect(mergeShortlists([], [id(7)])).toEqual({ ids: [id(7)], left: 0 });
    expect(sameShortlist([id(1), id(2)], [id(2), id(1)])).toBe(true);
    expect(sameShortlist([id(1)], [id(1), id(2)])).toBe(false);
  });
});

describe("words a family reads", () => {
  it("counts days off with their plural", () => {
    expect([0, 1, 2].map(formatOffDays)).toEqual(["No days off", "1 day off a month", "2 days off a month"]);
  });

  it("shows the contact number as people write it", () => {
    expect(displayPhone("6580000000")).toBe("+65 8000 0000");
    expect(displayPhone("639171234567")).toBe("+639171234567");
  });

  it("makes a placeholder's initials from the first and last names", () => {
    expect(initialsOf("Maria Dela Cruz")).toBe("MC");
    expect(initialsOf("Sari")).toBe("S");
  });

  it("explains ignored choices without naming parameters", () => {
    const notes = listingNotes(
      [
        { param: "ageMin", message: "ageMin must be between 18 and 60" },
        { param: "ageMax", message: "ageMax must be between 18 and 60" },
        { param: "salaryMax", message: "salaryMax must be a whole number" },
      ],
      [{ param: "language1", value: "Klingon" }],
    );
    expect(notes).toEqual([
      "No helper matches the mother tongue “Klingon”: it is not one we know. Choose one from the filters.",
      "We ignored the age range: ages run from 18 to 60, the youngest first.",
      "We ignored the highest salary: give it in whole dollars, such as 800.",
    ]);
    expect(notes.join(" ")).not.toMatch(/ageMin|ageMax|salaryMax|language1/);
  });
});
