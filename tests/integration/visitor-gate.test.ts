import { afterAll, beforeAll, expect, it } from "vitest";
import { createVisitorCookie } from "../../src/server/leads/visitor-cookie";
import { describeDb } from "../support/database";
import { uniqueSgMobile } from "../support/notify";
import { createPageApp, formBody, formHeaders } from "../support/pages";
import { TEST_AUTH_SECRET, type TestApp } from "../support/test-app";

const GATE = "Simply login with your name and phone number";
const FILTERS = "Your criteria for helper";

describeDb("the /filters gate remembers only the visitors it let through itself", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createPageApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const filtersWith = (cookie: string) => t.app.inject({ url: "/filters", headers: { cookie } });

  it("lets a visitor who passed the gate straight through next time, with the cookie it set", async () => {
    const phone = uniqueSgMobile();
    const passed = await t.app.inject({
      method: "POST",
      url: "/filters",
      headers: formHeaders,
      payload: formBody({ name: "Gate Passer", phone: phone.typed }),
    });
    expect(passed.statusCode).toBe(200);
    const setCookie = String(passed.headers["set-cookie"]);
    expect(setCookie).toMatch(/^visitor=[^;]+\.[^;]+; /);
    const page = await filtersWith(setCookie.split(";")[0]!);
    expect(page.body).toContain(FILTERS);
    expect(page.body).toContain("Welcome back, Gate Passer.");
    expect(page.body).not.toContain(GATE);
  });

  it("shows the gate to a cookie written by hand, as the original site's were", async () => {
    const handMade = encodeURIComponent(JSON.stringify({ name: "Gate Skipper", phone: "+6591234567" }));
    const page = await filtersWith(`visitor=${handMade}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(GATE);
    expect(page.body).not.toContain("Gate Skipper");
  });

  it("shows the gate to a signed cookie whose number was changed", async () => {
    const signed = (await createVisitorCookie(TEST_AUTH_SECRET).write({ name: "Real Visitor", phone: "+6591234567" })).split(";")[0]!;
    const [, signature] = signed.split(".");
    const forged = Buffer.from(JSON.stringify({ name: "Real Visitor", phone: "+6598765432" })).toString("base64");
    const page = await filtersWith(`visitor=${forged}.${signature}`);
    expect(page.body).toContain(GATE);
    expect((await filtersWith(signed)).body).toContain(FILTERS);
  });
});
