import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { migrationsFolder } from "../../src/server/db/connect";
import { signUp, type SignedIn } from "../support/auth";
import { publishFullBiodata } from "../support/biodata";
import { describeDb } from "../support/database";
import { pdfText } from "../support/pdf-text";
import { usePageApp } from "../support/pages";

const NUMBER = "P7654321Q";

describeDb("passport numbers are not kept", () => {
  const t = usePageApp();
  let owner: SignedIn;
  let id: string;
  const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    owner = await signUp(t);
    id = await publishFullBiodata(t, owner, { name: "Rosa Nonumber", passportNumber: NUMBER });
  });

  it("the helpers table has no column for one", async () => {
    const columns = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'helpers'`,
    );
    const names = columns.map((row) => row.column_name);
    expect(names).toContain("home_address");
    expect(names.filter((name) => /passport|nric|fin_|permit/.test(name))).toEqual([]);
  });

  it("one sent by an older client is dropped: not in the owner's record, the edit form or the owner's PDF", async () => {
    const update = await t.app.inject({
      method: "PATCH",
      url: `/api/helpers/${id}`,
      headers: { cookie: owner.cookie },
      payload: { passportNumber: NUMBER, restDays: 2 },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.body).not.toContain(NUMBER);
    expect(update.json().privateDetails).not.toHaveProperty("passportNumber");
    // The preferred rest days are no longer asked either (decision 171): the days off say it.
    expect(update.json()).not.toHaveProperty("restDays");
    const edit = await t.app.inject({ url: `/posts/${id}/edit`, headers: { cookie: owner.cookie } });
    expect(edit.statusCode).toBe(200);
    expect(edit.body).not.toMatch(/passport/i);
    const pdf = await t.app.inject({ url: `/posts/${id}/biodata.pdf`, headers: { cookie: owner.cookie } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain("88 Rizal Street");
    expect(text).not.toMatch(/passport/i);
    expect(text).not.toContain(NUMBER);
  });

  it("the migration erases the numbers an older version stored and drops the column", async () => {
    await t.db.execute(sql`alter table helpers add column passport_number text`);
    await t.db.execute(sql`update helpers set passport_number = ${NUMBER} where id = ${id}`);
    const migration = await readFile(path.join(migrationsFolder, "0017_no_passport_numbers.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await t.db.execute(sql.raw(statement));
    expect(await rows(sql`select column_name from information_schema.columns where column_name = 'passport_number'`)).toEqual([]);
    expect(JSON.stringify(await rows(sql`select * from helpers where id = ${id}`))).not.toContain(NUMBER);
  });
});
