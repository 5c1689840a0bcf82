import { randomBytes } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("operators find every biodata on /admin/helpers", () => {
  const t = usePageApp();
  let operator: SignedIn;
  let first: SignedIn;
  let second: SignedIn;
  const tag = `Zq${randomBytes(3).toString("hex")}`;
  beforeAll(async () => {
    operator = await signUp(t, { name: "Olga Operator", role: "operator" });
    first = await signUp(t, { name: "First Agency" });
    second = await signUp(t, { name: "Second Agency" });
    await createHelper(t, first.id, { name: `Ana ${tag}`, status: "available" });
    await createHelper(t, first.id, { name: `Bea ${tag}`, status: "draft" });
    await createHelper(t, second.id, { name: `Cora ${tag}`, status: "hired" });
    await createHelper(t, second.id, { name: `Dina ${tag}`, status: "reserved" });
  });

  const get = (url: string, who: SignedIn | null = operator) =>
    t.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });
  /** The names in the table's rows, in order. */
  const names = (html: string) => [...html.matchAll(/<th scope="row" data-label="Name">([^<]+)<\/th>/g)].map((m) => m[1]);

  it("lists the biodata of every supplier, drafts and hired ones too, with links to view and edit", async () => {
    const page = await get(`/admin/helpers?q=${tag}`);
    expect(page.statusCode).toBe(200);
    expect(names(page.body).sort()).toEqual([`Ana ${tag}`, `Bea ${tag}`, `Cora ${tag}`, `Dina ${tag}`]);
    expect(page.body).toContain("4 biodata match these filters");
    expect(page.body).toContain("First Agency");
    expect(page.body).toContain("Second Agency");
    const [, id] = /href="\/posts\/([0-9a-f-]{36})\/edit"/.exec(page.body) ?? [];
    expect(page.body).toContain(`href="/posts/${id}"`);
    // An operator may open any supplier's biodata in the editor.
    expect((await get(`/posts/${id}/edit`)).statusCode).toBe(200);
  });

  it("narrows by status, supplier and a piece of the name or the reference", async () => {
    expect(names((await get(`/admin/helpers?q=${tag}&status=draft`)).body)).toEqual([`Bea ${tag}`]);
    expect(names((await get(`/admin/helpers?q=${tag}&supplier=${second.id}`)).body).sort()).toEqual([`Cora ${tag}`, `Dina ${tag}`]);
    expect(names((await get(`/admin/helpers?q=${tag}&supplier=${second.id}&status=reserved`)).body)).toEqual([`Dina ${tag}`]);
    const dina = (await get(`/admin/helpers?q=Dina%20${tag}`)).body;
    const [, ref] = /data-label="Ref">(DH\d+)</.exec(dina) ?? [];
    expect(names((await get(`/admin/helpers?q=${ref!.toLowerCase()}`)).body)).toEqual([`Dina ${tag}`]);
    const none = await get(`/admin/helpers?q=${tag}&status=hired&supplier=${first.id}`);
    expect(none.body).toContain("No biodata matches these filters.");
  });

  it("pages through many, and sends a page past the last to the last", async () => {
    const many = `Pg${randomBytes(3).toString("hex")}`;
    for (let i = 0; i < 51; i++) await createHelper(t, first.id, { name: `Many ${many} ${i}`, status: "draft" });
    const one = await get(`/admin/helpers?q=${many}`);
    expect(names(one.body)).toHaveLength(50);
    expect(one.body).toContain(`href="/admin/helpers?q=${many}&amp;page=2"`);
    expect(names((await get(`/admin/helpers?q=${many}&page=2`)).body)).toHaveLength(1);
    const past = await get(`/admin/helpers?q=${many}&page=9`);
    expect(past.statusCode).toBe(302);
    expect(past.headers.location).toBe(`/admin/helpers?q=${many}&page=2`);
  });

  it("ignores filters it does not understand instead of failing", async () => {
    for (const query of ["status=deleted", "page=-3", "page=abc", `supplier=${"x".repeat(500)}`, "q=%25_%5C", "status[]=draft"]) {
      const page = await get(`/admin/helpers?${query}`);
      expect(page.statusCode, query).toBe(200);
    }
  });

  it("is for operators only: a supplier is refused, a visitor sent to log in", async () => {
    expect((await get("/admin/helpers", first)).statusCode).toBe(403);
    const anonymous = await get("/admin/helpers", null);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/helpers")}`);
  });
});
