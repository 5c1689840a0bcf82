import { beforeAll, expect, it } from "vitest";
import { cookieHeader, signUp, type SignedIn } from "../support/auth";
import { biodataBody } from "../support/biodata";
import { createTestDatabase, describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp, formBody, formHeaders } from "../support/pages";
import { queryLog, readsHelpers, readsOfHelper, type LoggedQuery } from "../support/query-log";

/**
 * A save reads its biodata's row once, locked, inside its transaction, and answers from what it
 * read and wrote (decision 094). What is made from a biodata after a save (its PDFs, its link
 * preview, the listing's caches) waits for the change window, which is long here, so only the
 * request's own statements are counted.
 */
describeDb("a biodata save reads its row once", () => {
  const log = queryLog();
  const t = usePageApp(async () => ({
    database: await createTestDatabase({ logger: log.logger }),
    env: { LISTING_CHANGE_WINDOW_MS: "60000" },
  }));
  let supplier: SignedIn;

  beforeAll(async () => {
    supplier = await signUp(t, { name: "Counted Agency" });
  });

  const send = (request: { method: "POST" | "PATCH" | "DELETE"; url: string; payload?: string | object; form?: boolean }) =>
    log.during(() =>
      t.app.inject({
        method: request.method,
        url: request.url,
        headers: { ...(request.form ? formHeaders : {}), cookie: supplier.cookie },
        payload: request.payload,
      }),
    );

  /** Its row read once, and that read locks it (a concurrent save waits for this one). */
  function expectOneLockedRead(queries: LoggedQuery[], id: string) {
    const reads = readsOfHelper(queries, id);
    expect(reads.map((query) => query.sql)).toHaveLength(1);
    expect(reads[0]!.sql).toMatch(/for update/i);
  }

  it("changes a field through the API with one read of the row", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Api Analyn" });
    const { result, queries } = await send({ method: "PATCH", url: `/api/helpers/${helper.id}`, payload: { salary: 810 } });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toMatchObject({
      id: helper.id,
      name: "Api Analyn",
      salary: 810,
      supplier: { id: supplier.id, name: "Counted Agency" },
    });
    expectOneLockedRead(queries, helper.id);
  });

  it("saves the edit form with one read of the row, and still says whether it was published", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Form Fe", status: "draft" });
    const { result, queries } = await send({
      method: "POST",
      url: `/posts/${helper.id}/edit`,
      form: true,
      payload: formBody({ name: "Form Fe", salary: "905", status: "reserved" }),
    });
    expect(result.statusCode, result.body).toBe(302);
    expectOneLockedRead(queries, helper.id);
    const flash = cookieHeader(result.headers["set-cookie"]);
    const page = await t.app.inject({ url: String(result.headers.location), headers: { cookie: `${supplier.cookie}; ${flash}` } });
    expect(page.body).toContain("Saved the biodata of Form Fe, marked reserved.");
  });

  it("changes a status from the dashboard with one read of the row", async () => {
    const helper = await createHelper(t, supplier.id, { name: "Dash Dewi", status: "available" });
    // What the dashboard's status form sends with JavaScript: the action alone, without the page.
    const { result, queries } = await send({
      method: "POST",
      url: "/dashboard.data",
      form: true,
      payload: formBody({ id: helper.id, status: "hired" }),
    });
    expect(result.statusCode, result.body).toBe(200);
    expectOneLockedRead(queries, helper.id);
  });

  it("deletes from the page and through the API with one read of the row each", async () => {
    const onPage = await createHelper(t, supplier.id, { name: "Gone Gina" });
    const page = await send({ method: "POST", url: `/posts/${onPage.id}/delete`, form: true, payload: formBody({}) });
    expect(page.result.statusCode, page.result.body).toBe(302);
    expectOneLockedRead(page.queries, onPage.id);

    const throughApi = await createHelper(t, supplier.id, { name: "Gone Gloria" });
    const api = await send({ method: "DELETE", url: `/api/helpers/${throughApi.id}` });
    expect(api.result.statusCode).toBe(204);
    expectOneLockedRead(api.queries, throughApi.id);
  });

  it("creates a biodata without reading the helpers table at all", async () => {
    const { result, queries } = await send({
      method: "POST",
      url: "/api/helpers",
      payload: biodataBody({ name: "New Nina", status: "draft" }),
    });
    expect(result.statusCode, result.body).toBe(201);
    expect(result.json()).toMatchObject({ name: "New Nina", status: "draft", supplier: { id: supplier.id, name: "Counted Agency" } });
    expect(queries.filter(readsHelpers).map((query) => query.sql)).toEqual([]);
  });
});
