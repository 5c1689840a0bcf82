import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, samplePng, upload, withPhoto } from "../support/biodata";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { useTestApp } from "../support/test-app";

type Actor = "anonymous" | "owner" | "other supplier" | "operator";

describeDb("who may change a biodata", () => {
  const t = useTestApp();
  let people: Record<Exclude<Actor, "anonymous">, SignedIn>;

  beforeAll(async () => {
    const [owner, other, operator] = await Promise.all([
      signUp(t, { name: "Owner Agency" }),
      signUp(t, { name: "Other Agency" }),
      signUp(t, { name: "Site Operator", role: "operator" }),
    ]);
    people = { owner, "other supplier": other, operator };
  });

  const cookieOf = (actor: Actor) => (actor === "anonymous" ? {} : { cookie: people[actor].cookie });
  const rowOf = async (id: string) => (await t.db.select().from(helpers).where(eq(helpers.id, id)))[0];

  describe("creating a biodata", () => {
    it("refuses an anonymous visitor with 401 and stores nothing", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/helpers",
        payload: biodataBody({ name: "Anonymous Attempt" }),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe("unauthorized");
      expect(await t.db.select().from(helpers).where(eq(helpers.name, "Anonymous Attempt"))).toHaveLength(0);
    });

    it.each(["owner", "other supplier", "operator"] as const)(
      "lets a signed-in %s create one, always as its own supplier",
      async (actor) => {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/helpers",
          headers: cookieOf(actor),
          payload: await withPhoto(t, people[actor], biodataBody({ supplierId: people.owner.id, supplier: { id: people.owner.id } })),
        });
        expect(response.statusCode).toBe(201);
        const created = response.json();
        expect(created.supplier.id).toBe(people[actor].id);
        expect((await rowOf(created.id))!.supplierId).toBe(people[actor].id);
      },
    );
  });

  const changes = [
    { action: "editing", body: { name: "Changed Name", salary: 999 } },
    { action: "changing the status of", body: { status: "hired" } },
  ];

  describe.each(changes)("$action a biodata", ({ body }) => {
    it.each([
      ["anonymous", 401],
      ["other supplier", 403],
    ] as const)("refuses %s with %i and changes nothing", async (actor, status) => {
      const helper = await createHelper(t, people.owner.id, { name: "Unchanged Helper", salary: 700 });
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/helpers/${helper.id}`,
        headers: cookieOf(actor),
        payload: body,
      });
      expect(response.statusCode).toBe(status);
      const row = await rowOf(helper.id);
      expect(row).toMatchObject({ name: "Unchanged Helper", salary: 700, status: "available" });
      expect(row!.updatedAt.getTime()).toBe(helper.updatedAt.getTime());
    });

    it.each(["owner", "operator"] as const)("lets the %s do it", async (actor) => {
      const helper = await createHelper(t, people.owner.id, { name: "Unchanged Helper", salary: 700 });
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/helpers/${helper.id}`,
        headers: cookieOf(actor),
        payload: body,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject(body);
      expect(await rowOf(helper.id)).toMatchObject({ ...body, supplierId: people.owner.id });
    });
  });

  describe("deleting a biodata", () => {
    it.each([
      ["anonymous", 401],
      ["other supplier", 403],
    ] as const)("refuses %s with %i and keeps the biodata", async (actor, status) => {
      const helper = await createHelper(t, people.owner.id);
      const response = await t.app.inject({ method: "DELETE", url: `/api/helpers/${helper.id}`, headers: cookieOf(actor) });
      expect(response.statusCode).toBe(status);
      expect(await rowOf(helper.id)).toBeDefined();
    });

    it.each(["owner", "operator"] as const)("lets the %s delete it", async (actor) => {
      const helper = await createHelper(t, people.owner.id);
      const response = await t.app.inject({ method: "DELETE", url: `/api/helpers/${helper.id}`, headers: cookieOf(actor) });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      expect(await rowOf(helper.id)).toBeUndefined();
    });
  });

  describe("uploading a photo", () => {
    it("refuses an anonymous visitor with 401 and stores nothing", async () => {
      const response = await upload(t, undefined, { data: await samplePng(200, 200) });
      expect(response.statusCode).toBe(401);
    });

    it.each(["owner", "other supplier", "operator"] as const)("lets a signed-in %s upload", async (actor) => {
      const response = await upload(t, people[actor].cookie, { data: await samplePng(200, 200) });
      expect(response.statusCode).toBe(201);
      expect(response.json().key).toMatch(/^helpers\//);
    });
  });

  it("answers 404 for a biodata that does not exist, to anyone signed in", async () => {
    for (const url of ["/api/helpers/00000000-0000-4000-8000-000000000000", "/api/helpers/not-an-id"]) {
      const patch = await t.app.inject({ method: "PATCH", url, headers: cookieOf("operator"), payload: { name: "X" } });
      expect(patch.statusCode).toBe(404);
      const del = await t.app.inject({ method: "DELETE", url, headers: cookieOf("owner") });
      expect(del.statusCode).toBe(404);
    }
    const anonymous = await t.app.inject({
      method: "DELETE",
      url: "/api/helpers/00000000-0000-4000-8000-000000000000",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a supplier their own biodata in every status, and nobody else's", async () => {
    const supplier = await signUp(t, { name: "Dashboard Agency" });
    const statuses = ["available", "reserved", "hired", "draft"] as const;
    for (const status of statuses) await createHelper(t, supplier.id, { name: `Helper ${status}`, status });
    await createHelper(t, people.owner.id, { name: "Someone Else's" });

    const mine = await t.app.inject({ url: "/api/me/helpers", headers: { cookie: supplier.cookie } });
    expect(mine.statusCode).toBe(200);
    const items = mine.json().items as { name: string; status: string; supplier: { id: string } }[];
    expect(items.map((item) => item.status).sort()).toEqual([...statuses].sort());
    expect(items.every((item) => item.supplier.id === supplier.id)).toBe(true);

    const anonymous = await t.app.inject({ url: "/api/me/helpers" });
    expect(anonymous.statusCode).toBe(401);
  });
});
