/**
 * q= answered from the in-memory index (decision 072): the same helpers, total and order as the
 * SQL search for every kind of term, and fresh on an instance that did not make the change.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, type HelperQuery } from "../../src/shared/listing-query";
import { helpers } from "../../src/features/helpers/server/tables";
import { listingConditions } from "../../src/features/helpers/server/helper-reads";
import { searchInSql, searchThroughIndex } from "../../src/features/helpers/server/helper-search";
import { describeDb } from "../support/database";
import { createSupplier, helperValues } from "../support/factories";
import { useTestApp } from "../support/test-app";

const FIRST = ["Maria", "Rosalie", "Siti", "Nur", "Ana", "Anna", "Joy", "Lea", "Nguyễn Thị", "JOSÉ", "Dewi", "Ann_Marie"];
const LAST = ["Santos", "Reyes", "Aminah", "Rahayu", "Dela Cruz", "Lan", "Hoa", "100% Cruz", "O'Brien", "Ng"];
const STATUSES = ["available", "available", "available", "available", "reserved", "draft"] as const;

/** A fixed sequence of numbers, so the data (ties in date, salary and age included) is the same every run. */
function numbers(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2147483648) * below);
  };
}

describeDb("searching by name or reference through the in-memory index", () => {
  const t = useTestApp();
  beforeAll(async () => {
    const supplier = await createSupplier(t.db);
    const next = numbers(7);
    const rows = Array.from({ length: 900 }, (_, i) =>
      helperValues(supplier.id, {
        name: `${FIRST[next(FIRST.length)]} ${LAST[next(LAST.length)]}${i % 3 === 0 ? ` ${i.toString(36)}` : ""}`,
        status: STATUSES[next(STATUSES.length)],
        salary: 600 + 50 * next(6),
        dateOfBirth: `19${80 + next(20)}-0${1 + next(9)}-1${next(10)}`,
        nationality: next(2) === 0 ? "philippines" : "indonesia",
        // Many share a moment of publication: the order then rests on the id, as in SQL.
        publishedAt: new Date(Date.UTC(2026, 0, 1 + next(30))),
      }),
    );
    await t.db.insert(helpers).values(rows);
    t.app.services.listingChanged();
    await t.app.services.helpers.searchIndex.ready();
  }, 60_000);

  async function bothWays(query: HelperQuery) {
    const now = new Date();
    const viaIndex = await searchThroughIndex(t.db, t.app.services.helpers.searchIndex, query, now);
    const viaSql = await searchInSql(t.db, query, and(...listingConditions(query, t.app.services.helpers.searchIndex.rule, now)), now);
    return { viaIndex, viaSql };
  }

  const refs = async () =>
    (await t.db.select({ ref: helpers.ref }).from(helpers).where(eq(helpers.status, "available"))).map((row) => row.ref);

  it("finds the same helpers, total and order as the SQL search, for every length and case of term", async () => {
    const [someRef] = await refs();
    const terms = [
      "a",
      "N",
      "ng",
      "an",
      "ann",
      "ANA",
      "ana ",
      "ros",
      "rosalie",
      "ie s",
      "dela cruz",
      "Ela C",
      "santos",
      "z",
      "qqq",
      "xylophone",
      "_",
      "ann_",
      "n_m",
      "%",
      "100%",
      "0% c",
      "'",
      "o'b",
      "1",
      "dh",
      "DH1",
      someRef!,
      someRef!.slice(0, 4).toLowerCase(),
      someRef!.slice(2),
      "guy",
      "thi",
      "jos",
      " ",
      "a a",
      "é",
    ];
    for (const q of terms) {
      for (const sort of ["newest", "salary", "age"] as const) {
        for (const page of [1, 2, 7]) {
          const query: HelperQuery = { q, sort, page, pageSize: DEFAULT_PAGE_SIZE };
          const { viaIndex, viaSql } = await bothWays(query);
          // "é" is not plain ASCII: the index leaves it to SQL. A term no name holds and no
          // reference starts with goes on to the forgiving search, which only the index makes
          // (search-forgives.test.ts).
          if (q === "é") expect(viaIndex).toBeUndefined();
          else if (viaSql.total > 0) expect({ q, sort, ...viaIndex }).toEqual({ q, sort, ...viaSql });
        }
      }
    }
  });

  it("with other filters too, matches as SQL does", async () => {
    for (const q of ["ros", "an", "a", "ng", "DH10", "nobody"]) {
      const query: HelperQuery = { q, nationality: ["indonesia"], sort: "salary", page: 1, pageSize: DEFAULT_PAGE_SIZE };
      const { viaIndex, viaSql } = await bothWays(query);
      expect(viaIndex).toEqual(viaSql);
    }
    // A term matching more helpers than may be sent as ids is left to SQL.
    expect(t.app.services.helpers.searchIndex.current()?.matchingIds("a", 10)).toBeUndefined();
  });

  it("answers the API from the index: a term, a reference in lower case, a short term", async () => {
    const [ref] = await refs();
    for (const q of ["dela", ref!.toLowerCase(), "ng"]) {
      const response = await t.app.inject({ method: "GET", url: `/api/helpers?q=${encodeURIComponent(q)}&sort=age` });
      expect(response.statusCode).toBe(200);
      const { viaSql } = await bothWays({ q, sort: "age", page: 1, pageSize: DEFAULT_PAGE_SIZE });
      expect(response.json()).toEqual(JSON.parse(JSON.stringify(viaSql)));
    }
  });
});
