/**
 * Search forgives (decision 104): a reference written any way, a misspelt or partial name
 * (best match first) and words from the biodata find the helper, on both databases alike; a
 * reserved or hired helper's reference opens her page, which says so. A family's own words for
 * the catalogue's values, in English or Chinese, synonyms and misspellings too, find the helpers
 * who have them (decision 130); a condition finds those who cared for it, never those who have it.
 */
import { beforeAll, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
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
      helperValues(supplier.id, {
        ref: "DH1019",
        name: "Aye Aye Win",
        nationality: "myanmar",
        religion: "buddhist",
        motherTongue: "burmese",
        experience: "new-to-sg",
        // Mandarin and two dialects, each a language of its own (decision 134).
        otherLanguages: ["english", "mandarin", "cantonese", "hokkien"],
        cares: ["elder"],
        skills: { mandarin: { willing: true, experienced: true, years: 2, rating: 3, detail: null, note: null } },
        employment: [
          {
            from: "2022-01",
            to: "2024-01",
            country: "Myanmar",
            employer: null,
            duties: "Care of a grandmother with dementia",
            remarks: null,
            feedback: null,
          },
        ],
        publishedAt: at(9),
      }),
      helperValues(supplier.id, {
        ref: "DH1020",
        name: "Mya Mya Thin",
        nationality: "myanmar",
        religion: "buddhist",
        motherTongue: "burmese",
        illnesses: ["diabetes"],
        illnessOther: "Dementia in her family; early signs of Alzheimer's",
        publishedAt: at(10),
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
    // The catalogue's values by their names in each family language, synonyms and misspellings.
    ["Myanmar", ["Mya Mya Thin", "Aye Aye Win"]],
    ["缅甸", ["Mya Mya Thin", "Aye Aye Win"]],
    ["Myanmr", ["Mya Mya Thin", "Aye Aye Win"]],
    ["Burmese", ["Mya Mya Thin", "Aye Aye Win"]],
    ["印尼", ["Dewi Lestari", "Siti Aminah"]],
    ["Indonesain", ["Dewi Lestari", "Siti Aminah"]],
    ["穆斯林", ["Siti Aminah"]],
    ["伊斯兰教", ["Siti Aminah"]],
    ["老人", ["Aye Aye Win"]],
    ["elderly", ["Aye Aye Win"]],
    ["粤语", ["Aye Aye Win"]],
    ["福建话", ["Aye Aye Win"]],
    ["Hokkien", ["Aye Aye Win"]],
    ["华语", ["Aye Aye Win"]],
    ["首次来新", ["Aye Aye Win"]],
    ["first time", ["Aye Aye Win"]],
    ["缅甸 老人 失智", ["Aye Aye Win"]],
    ["找缅甸女佣照顾失智奶奶", ["Aye Aye Win"]],
    // A condition finds who cared for it, never who has it: her medical history is not searched.
    ["失智", ["Aye Aye Win"]],
    ["dementia", ["Aye Aye Win"]],
    ["alzheimer", ["Aye Aye Win"]],
    ["diabetes", []],
    ["糖尿病", []],
  ];

  it.each(cases)("“%s” finds %j", async (q, expected) => {
    expect(await names(q)).toEqual(expected);
  });

  it("answers the same once the index is built as while it was being built", async () => {
    await t.app.services.helpers.searchIndex.ready();
    for (const [q, expected] of cases) expect({ q, found: await names(q) }).toEqual({ q, found: expected });
  });

  it("reads a family's words alike on /posts, /zh/posts and the API", async () => {
    for (const path of ["/posts", "/zh/posts"]) {
      const response = await t.app.inject({ method: "GET", url: `${path}?q=${encodeURIComponent("缅甸 失智")}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("Aye Aye Win");
      expect(response.body).not.toContain("Mya Mya Thin");
    }
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
