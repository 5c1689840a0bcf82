import { beforeAll, describe, expect, it } from "vitest";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { useTestApp } from "../support/test-app";

describeDb("GET /api/helpers", () => {
  const t = useTestApp();

  async function list(query: string) {
    const response = await t.app.inject({ method: "GET", url: `/api/helpers?${query}` });
    return { status: response.statusCode, body: response.json() };
  }

  it("lists a supplier's available helpers, newest first, with card fields only", async () => {
    const supplier = await createSupplier(t.db, { companyName: "Listing Agency" });
    await createHelper(t, supplier.id, { name: "Older", publishedAt: new Date("2024-01-01T00:00:00Z") });
    await createHelper(t, supplier.id, { name: "Newer", publishedAt: new Date("2024-02-01T00:00:00Z") });
    await createHelper(t, supplier.id, { name: "Hidden draft", status: "draft" });
    await createHelper(t, supplier.id, { name: "Hired", status: "hired" });

    const { status, body } = await list(`supplier=${supplier.id}`);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(24);
    expect(body.items.map((h: { name: string }) => h.name)).toEqual(["Newer", "Older"]);
    const card = body.items[0];
    expect(card.supplier).toEqual({ id: supplier.id, name: "Listing Agency", image: null, whatsapp: null, telegram: null });
    expect(card.ref).toMatch(/^DH\d+$/);
    expect(card).not.toHaveProperty("specialNotes");
    expect(card).not.toHaveProperty("supplierId");
    expect(card).not.toHaveProperty("status");
  });

  describe("each filter, under its new name and its old-site alias", () => {
    let supplierId: string;
    beforeAll(async () => {
      supplierId = (await createSupplier(t.db)).id;
      await createHelper(t, supplierId, {
        name: "Maria",
        nationality: "philippines",
        experience: "ex-singapore",
        motherTongue: "tagalog",
        otherLanguages: ["english", "mandarin"],
        marital: "single",
        religion: "catholic",
        cares: ["infant", "child"],
        salary: 650,
        dateOfBirth: "1995-06-01",
      });
      await createHelper(t, supplierId, {
        name: "Siti",
        nationality: "indonesia",
        experience: "ex-middle-east",
        motherTongue: "javanese",
        otherLanguages: ["malay"],
        marital: "married-with-children",
        religion: "muslim",
        cares: ["elder"],
        salary: 900,
        dateOfBirth: "1980-01-15",
      });
    });

    const names = async (query: string) => {
      const { status, body } = await list(`supplier=${supplierId}&${query}`);
      expect(status).toBe(200);
      return body.items.map((h: { name: string }) => h.name);
    };

    it.each([
      ["nationality=philippines", "category=Filipines", ["Maria"]],
      ["experience=ex-middle-east", "sgExp=Ex-Arab", ["Siti"]],
      ["motherTongue=tagalog", "language1=Tagalog", ["Maria"]],
      ["language=malay", "language2=Malay", ["Siti"]],
      ["language=english", "language2=Fair%20English", ["Maria"]],
      ["marital=married-with-children", "marriage=Married%20w%20kids", ["Siti"]],
      ["religion=muslim", "religion=MUSLIM", ["Siti"]],
      ["care=infant,child", "neg=Infant,Child", ["Maria"]],
      ["care=elder", "neg=Eldercare", ["Siti"]],
    ])("%s and %s", async (modern, old, expected) => {
      expect(await names(modern)).toEqual(expected);
      expect(await names(old)).toEqual(expected);
    });

    it("takes any of several values, as a comma list or the parameter repeated, under old names too", async () => {
      expect(await names("nationality=philippines,indonesia&sort=salary")).toEqual(["Maria", "Siti"]);
      for (const both of [
        "nationality=indonesia,philippines",
        "category=Filipino&category=Indonesian",
        "religion=catholic,muslim",
        "religion=Catholic&religion=Islam",
        "language2=Chinese&language2=Malay",
        "language=mandarin,malay",
      ]) {
        expect({ both, found: await names(`${both}&sort=salary`) }).toEqual({ both, found: ["Maria", "Siti"] });
      }
      expect(await names("religion=catholic&religion=hindu")).toEqual(["Maria"]);
      expect(await names("category=India,Indonesia&religion=muslim,sikh")).toEqual(["Siti"]);
    });

    it("filters by salary, age and name or reference", async () => {
      expect(await names("salaryMax=700")).toEqual(["Maria"]);
      expect(await names("ageMin=40")).toEqual(["Siti"]);
      expect(await names("ageMax=35")).toEqual(["Maria"]);
      expect(await names("q=sit")).toEqual(["Siti"]);
    });

    it("answers an unknown value with an empty page that says why", async () => {
      const { status, body } = await list(`supplier=${supplierId}&category=Atlantis`);
      expect(status).toBe(200);
      expect(body.total).toBe(0);
      expect(body.unknown).toEqual([{ param: "category", value: "Atlantis" }]);
    });
  });

  it("pages through results within bounds", async () => {
    const supplier = await createSupplier(t.db);
    for (let i = 0; i < 5; i++) {
      await createHelper(t, supplier.id, { name: `Paged ${i}`, publishedAt: new Date(Date.UTC(2024, 0, 1 + i)) });
    }
    const page2 = await list(`supplier=${supplier.id}&pageSize=2&page=2`);
    expect(page2.body).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page2.body.items.map((h: { name: string }) => h.name)).toEqual(["Paged 2", "Paged 1"]);
    const last = await list(`supplier=${supplier.id}&pageSize=2&page=3`);
    expect(last.body.items).toHaveLength(1);
    const beyond = await list(`supplier=${supplier.id}&pageSize=2&page=4`);
    expect(beyond.body).toMatchObject({ total: 5, items: [] });
    const max = await list(`supplier=${supplier.id}&pageSize=60`);
    expect(max.status).toBe(200);
  });

  it.each([
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["pageSize=61", "pageSize"],
    ["pageSize=0", "pageSize"],
    ["ageMin=x", "ageMin"],
    ["salaryMax=-5", "salaryMax"],
    ["sort=random", "sort"],
  ])("answers 400 naming the parameter for %s", async (query, param) => {
    const { status, body } = await list(query);
    expect(status).toBe(400);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.fields).toHaveProperty(param);
    expect(body.error.message).toContain(param);
  });

  it("shows one helper in full, and 404 for drafts and unknown ids", async () => {
    const supplier = await createSupplier(t.db);
    const helper = await createHelper(t, supplier.id, { specialNotes: "<p>Loves cooking</p>" });
    const draft = await createHelper(t, supplier.id, { status: "draft" });
    const found = await t.app.inject({ url: `/api/helpers/${helper.id}` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: helper.id, specialNotes: "<p>Loves cooking</p>", status: "available" });
    expect((await t.app.inject({ url: `/api/helpers/${draft.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/helpers/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    const notAnId = await t.app.inject({ url: "/api/helpers/nope" });
    expect(notAnId.statusCode).toBe(404);
    expect(notAnId.json().error.code).toBe("not_found");
  });

  it("lists suppliers with their count of available helpers", async () => {
    const supplier = await createSupplier(t.db, { name: "Counted Supplier" });
    await createHelper(t, supplier.id);
    await createHelper(t, supplier.id);
    await createHelper(t, supplier.id, { status: "reserved" });
    const all = await t.app.inject({ url: "/api/suppliers" });
    expect(all.statusCode).toBe(200);
    const listed = all.json().items.find((s: { id: string }) => s.id === supplier.id);
    expect(listed).toMatchObject({ name: "Counted Supplier", availableHelpers: 2 });
    const one = await t.app.inject({ url: `/api/suppliers/${supplier.id}` });
    expect(one.json()).toMatchObject({ id: supplier.id, availableHelpers: 2 });
    expect(one.json()).not.toHaveProperty("email");
    expect((await t.app.inject({ url: "/api/suppliers/nobody" })).statusCode).toBe(404);
  });

  it("answers health and readiness", async () => {
    expect((await t.app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });
});
