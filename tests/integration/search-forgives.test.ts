/**
 * Search forgives (decision 104): a reference written any way, a misspelt or partial name
 * (best match first) and words from the biodata find the helper, on both databases alike; a
 * reserved or hired helper's reference opens her page, which says so.
 */
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/server/db/schema";
import { describeDb } from "../support/database";
import { createSupplier, helperValues } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("search forgives how a family types", () => {
  const t = usePageApp();
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const supplier = await createSupplier(t.db, { name: "Forgiving Search Supplier" });
    const at = (day: number) => new Date(Date.UTC(2026, 5, day));
    const rows = [
      helperValues(supplier.id, { ref: "DH1013", name: "Marites Dela Cruz", publishedAt: at(1) }),
      helperValues(supplier.id, { ref: "DH1014", name: "Marites Santos", publishedAt: at(2) }),
      helperValues(supplier.id, { ref: "DH1015", name: "Rosa Dela Cruz", publishedAt: at(3) }),
      helperValues(supplier.id, { ref: "DH1016", name: "Marites Dela Rosa", publishedAt: at(4) }),
      helperValues(supplier.id, {
        ref: "DH1017",
        name: "Siti Aminah",
        religion: "muslim",
        nationality: "indonesia",
        motherTongue: "javanese",
        otherLanguages: ["english", "malay"],
        specialNotes: "<p>Looked after a <strong>bedridden</strong> grandfather after his stroke.</p>",
        dietaryRestrictions: "Vegetarian",
        publishedAt: at(5),
      }),
      helperValues(supplier.id, {
        ref: "DH1018",
        name: "Dewi Lestari",
        religion: "christian",
        nationality: "indonesia",
        skills: { cooking: { willing: true, experienced: true, years: 4, rating: 4, detail: "Vegetarian and Chinese", note: null } },
        publishedAt: at(6),
      }),
      helperValues(supplier.id, { ref: "DH2044", name: "Joy Hired", status: "hired", publishedAt: at(7) }),
      helperValues(supplier.id, { ref: "DH2045", name: "Lea Reserved", status: "reserved", publishedAt: at(8) }),
    ];
    for (const row of await t.db.insert(helpers).values(rows).returning({ id: helpers.id, ref: helpers.ref })) ids[row.ref] = row.id;
    t.app.services.listingChanged();
  });

  const names = async (q: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?q=${encodeURIComponent(q)}` });
    expect(response.statusCode).toBe(200);
    return (response.json() as { items: { name: string }[] }).items.map((item) => item.name);
  };

  // [what is typed, the helpers found, best first ("…" ends a list that may go on)]
  const cases: [string, string[]][] = [
    ["1013", ["Marites Dela Cruz"]],
    ["DH 1013", ["Marites Dela Cruz"]],
    ["DH-1013", ["Marites Dela Cruz"]],
    ["DH1013.", ["Marites Dela Cruz"]],
    ["(ref DH1013)", ["Marites Dela Cruz"]],
    ["dh1013", ["Marites Dela Cruz"]],
    ["Marites Dela Curz", ["Marites Dela Cruz", "Marites Dela Rosa"]],
    ["Marittes", ["Marites Dela Rosa", "Marites Santos", "Marites Dela Cruz"]],
    ["Marites Cruz", ["Marites Dela Cruz"]],
    ["dela cruz", ["Rosa Dela Cruz", "Marites Dela Cruz"]],
    ["bedridden", ["Siti Aminah"]],
    ["stroke", ["Siti Aminah"]],
    ["Malay", ["Siti Aminah"]],
    ["vegetarian", ["Dewi Lestari", "Siti Aminah"]],
    ["Muslim", ["Siti Aminah"]],
    ["Islam", ["Siti Aminah"]],
    ["Vegetarian Muslim", ["Siti Aminah"]],
    ["2044", []],
    ["xylophone", []],
  ];

  it.each(cases)("“%s” finds %j", async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it("answers the same once the index is built as while it was being built", async () => {
    await t.app.services.helpers.searchIndex.ready();
    for (const [q, expected] of cases) expect({ q, found: await names(q) }).toEqual({ q, found: expected });
  });

  it("opens the page of the helper a reference names, whichever way it is written", async () => {
    for (const q of ["DH1013", "1013", "DH 1013", "DH-1013", "DH1013.", "(ref DH1013)"]) {
      const response = await t.app.inject({ method: "GET", url: `/posts?q=${encodeURIComponent(q)}` });
      expect({ q, status: response.statusCode, location: response.headers.location }).toEqual({
        q,
        status: 302,
        location: `/posts/${ids.DH1013}`,
      });
    }
  });

  it("opens a hired or reserved helper's page from her reference, saying she is no longer available", async () => {
    for (const [q, ref, words] of [
      ["DH2044", "DH2044", "Joy Hired is no longer available (hired)"],
      ["ref 2045", "DH2045", "Lea Reserved is no longer available (reserved)"],
    ] as const) {
      const response = await t.app.inject({ method: "GET", url: `/posts?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(`/posts/${ids[ref]}`);
      const page = await t.app.inject({ method: "GET", url: response.headers.location! });
      expect(page.body).toContain(words);
    }
  });
});
