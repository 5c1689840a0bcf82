/**
 * One account saving biodata faster than a person does is refused (429 with Retry-After and a
 * message), on the API and on the form alike, and counted once for every instance.
 */
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { helpers } from "../../src/features/helpers/server/tables";
import { DEFAULT_WRITE_LIMITS } from "../../src/features/helpers";
import { signUp, type SignedIn } from "../support/auth";
import { biodataBody, withPhoto } from "../support/biodata";
import { describeDb, sharedDatabase } from "../support/database";
import { createHelper } from "../support/factories";
import { formBody, formHeaders, usePageApp } from "../support/pages";
import { useTestApp, type TestApp } from "../support/test-app";

describeDb("a supplier saving biodata faster than a person does", () => {
  // The site's own limits; then a per-minute cap low enough to reach in a test, on a page app
  // and a second instance sharing its database.
  const t = useTestApp({ helperWriteLimits: DEFAULT_WRITE_LIMITS });
  const minute = usePageApp({ helperWriteLimits: [{ max: 3, windowMs: 60_000 }] });
  const other = useTestApp(async () => ({
    database: await sharedDatabase(minute.database),
    helperWriteLimits: [{ max: 3, windowMs: 60_000 }],
  }));

  const patch = (app: TestApp, who: SignedIn, id: string, payload: Record<string, unknown>) =>
    app.app.inject({ method: "PATCH", url: `/api/helpers/${id}`, headers: { cookie: who.cookie }, payload });

  it("saves three at once, refuses the fourth with 429, Retry-After and a message, and writes nothing of it", async () => {
    const supplier = await signUp(t, { name: "Hasty Agency" });
    const helper = await createHelper(t, supplier.id, { name: "Rapid Rina", status: "available" });
    const salaries = [610, 620, 630, 640];
    const answers = await Promise.all(salaries.map((salary) => patch(t, supplier, helper.id, { salary })));
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(refused).toHaveLength(1);
    expect(Number(refused[0]!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(refused[0]!.json().error.message).toMatch(/nothing was saved\. Wait \d+ seconds? and save again/);
    const refusedSalary = salaries[answers.indexOf(refused[0]!)];
    const [row] = await t.db.select({ salary: helpers.salary }).from(helpers).where(eq(helpers.id, helper.id));
    expect(row!.salary).not.toBe(refusedSalary);

    // Another supplier is not slowed by the first.
    const calm = await signUp(t, { name: "Calm Agency" });
    const created = await t.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: calm.cookie },
      payload: await withPhoto(t, calm, biodataBody({ name: "Calm Cora", status: "available" })),
    });
    expect(created.statusCode).toBe(201);
  });

  it("counts creates, saves and deletes against one cap, shared by every instance", async () => {
    const supplier = await signUp(minute, { name: "Busy Agency" });
    const helper = await createHelper(minute, supplier.id, { name: "Steady Siti" });
    expect((await patch(minute, supplier, helper.id, { salary: 700 })).statusCode).toBe(200);
    // The same session on the second instance: its writes count against the same cap.
    expect((await patch(other, supplier, helper.id, { salary: 710 })).statusCode).toBe(200);
    expect(
      (await minute.app.inject({ method: "DELETE", url: `/api/helpers/${helper.id}`, headers: { cookie: supplier.cookie } })).statusCode,
    ).toBe(204);
    const fourth = await other.app.inject({
      method: "POST",
      url: "/api/helpers",
      headers: { cookie: supplier.cookie },
      payload: biodataBody({ name: "Late Lina", status: "draft" }),
    });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(50);
    expect(fourth.json().error.message).toMatch(/Wait \d+ seconds and save again/);
    expect(await minute.db.select().from(helpers).where(eq(helpers.name, "Late Lina"))).toEqual([]);
  });

  it("tells a supplier on the edit form to wait, with 429 and Retry-After, keeping what was typed", async () => {
    const supplier = await signUp(minute, { name: "Form Agency" });
    const helper = await createHelper(minute, supplier.id, { name: "Form Fatima", status: "draft" });
    for (let n = 0; n < 3; n++) expect((await patch(minute, supplier, helper.id, { salary: 800 + n })).statusCode).toBe(200);
    const response = await minute.app.inject({
      method: "POST",
      url: `/posts/${helper.id}/edit`,
      headers: { ...formHeaders, cookie: supplier.cookie },
      payload: formBody({ name: "Form Fatima Typed", salary: "950" }),
    });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(50);
    expect(response.body).toContain("You are saving faster than we can take: nothing was saved.");
    expect(response.body).toContain("Form Fatima Typed");
    const [row] = await minute.db.select({ name: helpers.name }).from(helpers).where(eq(helpers.id, helper.id));
    expect(row!.name).toBe("Form Fatima");
  });
});
