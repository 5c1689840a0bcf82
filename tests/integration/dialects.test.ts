/**
 * Issue 27, item 2: Mandarin and the dialects a Singapore household asks for (Cantonese, Hokkien,
 * Teochew, Hakka, Hainanese) are languages she speaks, each with a level (decision 134): written
 * through the API with a refusal per field, found by the filter and the search in English and
 * Chinese, named with their levels on the card of a family that filtered for one, the biodata
 * page and the PDF; old links for "Chinese" find Mandarin, and the migration carries the stored
 * "chinese" answers over to Mandarin.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../../src/server/db/connect";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";
import { pdfText } from "../support/pdf-text";
import { readableText } from "../support/readable-text";
import { returningVisitorCookie } from "../support/visitor";

describeDb("the dialects a household asks for", () => {
  const t = usePageApp();
  let owner: SignedIn;
  let lin: string;

  const create = async (body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: owner.cookie },
      payload: await withPhoto(t, owner, biodataBody(body)),
    });
  const patch = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `/api/helpers/${id}`, headers: { cookie: owner.cookie }, payload });
  const names = async (query: string) => {
    const response = await t.app.inject({ url: `/api/helpers?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: { name: string }[] }).items.map((item) => item.name).sort();
  };

  beforeAll(async () => {
    owner = await signUp(t);
    const created = await create({
      name: "Lin Lin Aye",
      nationality: "Myanmar",
      motherTongue: "Burmese",
      otherLanguages: ["English", "Mandarin", "Cantonese", "Hokkien"],
      languageLevels: { Cantonese: "Good", mandarin: "fluent", hokkien: "" },
    });
    expect(created.statusCode, created.body).toBe(201);
    lin = created.json().id;
    const supplier = await createSupplier(t.db);
    // A Mandarin speaker with the standard form's "Mandarin and dialects" row, and no dialect of her own.
    await createHelper(t, supplier.id, {
      name: "Mei Mandarin",
      otherLanguages: ["english", "mandarin"],
      languageLevels: { mandarin: "good" },
      skills: { mandarin: { willing: true, experienced: true, years: 2, rating: 3, detail: null, note: null } },
      skillAreas: ["mandarin"],
    });
    await createHelper(t, supplier.id, { name: "Tina Teochew", otherLanguages: ["teochew", "hakka", "hainanese"] });
  });

  it("stores each language as its slug and each level as given; an empty level is not stated", async () => {
    const record = (await t.app.inject({ url: `/api/helpers/${lin}` })).json();
    expect(record.otherLanguages).toEqual(["english", "mandarin", "cantonese", "hokkien"]);
    expect(record.languageLevels).toEqual({ cantonese: "good", mandarin: "fluent" });
    const [row] = await t.db.select({ levels: helpers.languageLevels }).from(helpers).where(eq(helpers.id, lin));
    expect(row!.levels).toEqual({ cantonese: "good", mandarin: "fluent" });
  });

  it.each([
    [{ languageLevels: { cantonese: "excellent" }, otherLanguages: ["Cantonese"] }, "languageLevels.cantonese", /level of Cantonese/],
    [{ languageLevels: { klingon: "good" }, otherLanguages: ["Cantonese"] }, "languageLevels.klingon", /“klingon” is not one/],
    [{ languageLevels: { english: "good" }, otherLanguages: ["English"] }, "languageLevels.english", /English level/],
    [
      { languageLevels: { teochew: "fair" }, otherLanguages: ["Cantonese"] },
      "languageLevels.teochew",
      /Teochew has a level but is not ticked/,
    ],
    [{ languageLevels: "good" }, "languageLevels", /other languages/],
    [{ languageLevels: ["good"] }, "languageLevels", /other languages/],
    [{ languageLevels: { cantonese: 3 }, otherLanguages: ["Cantonese"] }, "languageLevels.cantonese", /level of Cantonese/],
  ])("refuses %j with a message at its field", async (body, field, message) => {
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(400);
    const fields = response.json().error.fields as Record<string, string>;
    expect(Object.keys(fields)).toEqual([field]);
    expect(fields[field]).toMatch(message);
  });

  it("a change of levels alone is checked against the stored languages; a language dropped takes its level with it", async () => {
    const created = await create({
      name: "Ah Moi",
      otherLanguages: ["Hakka", "Hokkien"],
      languageLevels: { hakka: "good", hokkien: "basic" },
    });
    const id = created.json().id as string;
    const refused = await patch(id, { languageLevels: { cantonese: "good" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ "languageLevels.cantonese": expect.stringMatching(/Cantonese/) });
    const levels = await patch(id, { languageLevels: { hakka: "fluent" } });
    expect(levels.statusCode, levels.body).toBe(200);
    expect(levels.json().languageLevels).toEqual({ hakka: "fluent" });
    const dropped = await patch(id, { otherLanguages: ["Hokkien"] });
    expect(dropped.json()).toMatchObject({ otherLanguages: ["hokkien"], languageLevels: {} });
    const both = await patch(id, { otherLanguages: ["Hokkien", "Teochew"], languageLevels: { teochew: "fair", hokkien: "good" } });
    expect(both.json()).toMatchObject({ otherLanguages: ["hokkien", "teochew"], languageLevels: { teochew: "fair", hokkien: "good" } });
    await t.app.inject({ method: "DELETE", url: `/api/helpers/${id}`, headers: { cookie: owner.cookie } });
  });

  it("the filter finds each dialect, and old links for Chinese or Mandarin find who speaks Mandarin", async () => {
    expect(await names("language=Cantonese")).toEqual(["Lin Lin Aye"]);
    expect(await names("language2=hokkien")).toEqual(["Lin Lin Aye"]);
    expect(await names("language=Teochiu")).toEqual(["Tina Teochew"]);
    expect(await names("language=cantonese,hakka")).toEqual(["Lin Lin Aye", "Tina Teochew"]);
    expect(await names("language=hainanese")).toEqual(["Tina Teochew"]);
    for (const old of ["Chinese", "chinese", "Mandarin"]) expect(await names(`language=${old}`)).toEqual(["Lin Lin Aye", "Mei Mandarin"]);
  });

  it.each([
    ["粤语", ["Lin Lin Aye"]],
    ["广东话", ["Lin Lin Aye"]],
    ["福建话", ["Lin Lin Aye"]],
    ["闽南话", ["Lin Lin Aye"]],
    ["Hokkien", ["Lin Lin Aye"]],
    ["Cantonese", ["Lin Lin Aye"]],
    ["Cantonse", ["Lin Lin Aye"]],
    ["潮州话", ["Tina Teochew"]],
    ["Teochiu", ["Tina Teochew"]],
    ["客家话", ["Tina Teochew"]],
    ["Khek", ["Tina Teochew"]],
    ["海南话", ["Tina Teochew"]],
    ["普通话", ["Lin Lin Aye", "Mei Mandarin"]],
    ["华语", ["Lin Lin Aye", "Mei Mandarin"]],
    ["缅甸 粤语", ["Lin Lin Aye"]],
  ])("the search “%s” finds %j", async (q, expected) => {
    expect(await names(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("a card names the languages the family filtered for with her level, in English and in Chinese", async () => {
    const english = readableText((await t.app.inject({ url: "/posts?language2=cantonese,hokkien" })).body);
    expect(english).toContain("Speaks Cantonese (Good), Hokkien");
    const chinese = readableText((await t.app.inject({ url: "/zh/posts?language2=cantonese" })).body);
    expect(chinese).toContain("会说粤语（良好）");
    // A language named in the search is one the family asked for too.
    const searched = readableText((await t.app.inject({ url: `/zh/posts?q=${encodeURIComponent("缅甸 粤语")}` })).body);
    expect(searched).toContain("会说粤语（良好）");
    // Without a language asked for, the card stays as it was.
    expect(readableText((await t.app.inject({ url: "/posts" })).body)).not.toContain("Speaks ");
  });

  it("the biodata page and the PDF give each language with her level", async () => {
    const page = readableText((await t.app.inject({ url: `/posts/${lin}` })).body);
    expect(page).toContain("Mandarin (Fluent), Cantonese (Good), Hokkien");
    const zh = readableText((await t.app.inject({ url: `/zh/posts/${lin}` })).body);
    expect(zh).toContain("华语（流利）、粤语（良好）、福建话");
    const pdf = await t.app.inject({ url: `/posts/${lin}/biodata.pdf` });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text.replace(/\s+/g, " ")).toContain("Mandarin (Fluent), Cantonese (Good), Hokkien");
    const pdfZh = await t.app.inject({ url: `/posts/${lin}/biodata.pdf?lang=zh` });
    expect((await pdfText(pdfZh.rawPayload)).text.replace(/\s+/g, "")).toContain("华语（流利）、粤语（良好）、福建话");
  });

  it("the filter form offers each dialect, in English and in Chinese", async () => {
    const cookie = await familyCookie();
    const english = readableText((await t.app.inject({ url: "/filters", headers: { cookie } })).body);
    for (const name of ["Mandarin", "Cantonese", "Hokkien", "Teochew", "Hakka", "Hainanese"]) expect(english).toContain(name);
    const chinese = readableText((await t.app.inject({ url: "/zh/filters", headers: { cookie } })).body);
    for (const name of ["华语", "粤语", "福建话", "潮州话", "客家话", "海南话"]) expect(chinese).toContain(name);
  });

  describe("the migration", () => {
    it("carries the stored Chinese answers over to Mandarin, their level not stated", async () => {
      await t.db.execute(sql`alter table helpers drop column language_levels`);
      await t.db.execute(sql`update helpers set other_languages = array['english', 'chinese', 'malay'] where id = ${lin}`);
      const migration = await readFile(path.join(migrationsFolder, "0023_the_dialects.sql"), "utf8");
      for (const statement of migration.split("--> statement-breakpoint")) await t.db.execute(sql.raw(statement));
      const [row] = await t.db
        .select({ languages: helpers.otherLanguages, levels: helpers.languageLevels })
        .from(helpers)
        .where(eq(helpers.id, lin));
      expect(row).toEqual({ languages: ["english", "mandarin", "malay"], levels: {} });
      const left = (await t.db.execute(sql`select id from helpers where 'chinese' = any(other_languages)`)) as unknown as {
        rows: unknown[];
      };
      expect(left.rows).toEqual([]);
    });
  });

  const familyCookie = () => returningVisitorCookie(t, "Tan Wei Ming");
});
