import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { multipart, samplePng } from "../support/biodata";
import { describeDb } from "../support/database";
import { formHeaders, usePageApp } from "../support/pages";

/** Bad input is the sender's mistake: a 4xx that says what to fix, never a 500. */
describeDb("input a browser would never send is refused plainly", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Input Supplier" });
  });

  const refusedNaming = (
    response: { statusCode: number; json(): { error: { message: string; fields?: Record<string, string> } } },
    field: string,
  ) => {
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.message).toContain("NUL");
    expect(error.fields?.[field]).toBe("Must not contain a NUL character");
  };

  describe("a NUL byte (%00)", () => {
    it.each([
      ["the listing's search", "/api/helpers?q=Maria%00", "q"],
      ["a listing filter", "/api/helpers?nationality=philippines%00", "nationality"],
      ["the listing page's search", "/posts?q=%00", "q"],
      ["the operator's lead search", "/admin/leads?q=a%00", "q"],
    ])("in %s answers 400 naming the parameter", async (_where, url, field) => {
      refusedNaming(await t.app.inject({ url, headers: { cookie: supplier.cookie } }), field);
    });

    it.each([
      ["a helper's id", "/api/helpers/%00", "id"],
      ["a supplier's id", "/api/suppliers/abc%00", "id"],
      ["a page's address", "/posts/users/%00", "address"],
    ])("in %s answers 400 naming it", async (_where, url, field) => {
      refusedNaming(await t.app.inject({ url }), field);
    });

    it("in a JSON string answers 400 naming the field, nested ones included", async () => {
      refusedNaming(await t.app.inject({ method: "POST", url: "/api/leads", payload: { name: "Ann\u0000", phone: "91234567" } }), "name");
      const nested = await t.app.inject({
        method: "POST",
        url: "/api/helpers",
        headers: { cookie: supplier.cookie },
        payload: { name: "Ann", otherLanguages: ["english", "ma\u0000lay"] },
      });
      refusedNaming(nested, "otherLanguages");
    });

    it("in a form field of a page answers 400 naming the field", async () => {
      const response = await t.app.inject({ method: "POST", url: "/filters", headers: formHeaders, payload: "name=Ann%00&phone=91234567" });
      refusedNaming(response, "name");
    });

    it("in a field sent to the account endpoints answers 400 naming the field", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: "http://localhost:3000" },
        payload: { name: "Eve\u0000", email: "nul-signup@example.com", password: "long enough password" },
      });
      refusedNaming(response, "name");
    });
  });

  describe("a page form that is not a browser's form", () => {
    it.each([
      ["JSON", "application/json", `{"name":"Ann","phone":"91234567"}`],
      ["plain text", "text/plain", "name=Ann"],
      ["XML", "application/xml", "<name>Ann</name>"],
    ])("sent as %s answers 415", async (_kind, type, payload) => {
      const response = await t.app.inject({ method: "POST", url: "/filters", headers: { ...formHeaders, "content-type": type }, payload });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toContain("application/x-www-form-urlencoded or multipart/form-data");
    });

    it("sent as broken multipart answers 400", async () => {
      for (const url of ["/login", "/create"]) {
        const response = await t.app.inject({
          method: "POST",
          url,
          headers: { ...formHeaders, cookie: supplier.cookie, "content-type": "multipart/form-data; boundary=xyz" },
          payload: `--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@example.com`,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.message).toContain("multipart body is broken");
      }
    });
  });

  describe("JSON nested deeper than any request of the site's", () => {
    const deepArray = `${"[".repeat(4_000)}${"]".repeat(4_000)}`;
    const deepObject = `${'{"a":'.repeat(4_000)}1${"}".repeat(4_000)}`;
    const tooDeep = (response: { statusCode: number; json(): { error: { message: string } } }) => {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain("nested more than 32 levels deep");
    };

    it.each([
      ["an array", deepArray],
      ["an object", deepObject],
    ])("as %s 4,000 levels deep answers 400 on the API", async (_kind, payload) => {
      tooDeep(await t.app.inject({ method: "POST", url: "/api/leads", headers: { "content-type": "application/json" }, payload }));
      const write = await t.app.inject({
        method: "POST",
        url: "/api/helpers",
        headers: { "content-type": "application/json", cookie: supplier.cookie },
        payload: `{"name":"Ann","skills":${payload}}`,
      });
      tooDeep(write);
    });

    it("answers 400 on the account endpoints, which read their own bodies", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        payload: `{"email":"deep@example.com","password":${deepObject}}`,
      });
      tooDeep(response);
    });

    it("still reads the deepest JSON the site sends (a biodata's skills)", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/leads",
        payload: { name: "Ann", phone: "91234567", extra: { a: { b: { c: [[["fine"]]] } } } },
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain("nested more than");
    });
  });

  describe("a parameter named after what every object inherits", () => {
    it.each(["/login?__proto__=x", "/login?constructor=x&toString=y", "/posts?__proto__=a&__proto__=b", "/posts?constructor=a&sort=x"])(
      "%s shows the page",
      async (url) => {
        const response = await t.app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toContain("text/html");
      },
    );
  });

  describe("uploads", () => {
    it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])("refuses purpose=%s with 400", async (purpose) => {
      const body = multipart([
        { name: "purpose", value: purpose },
        { name: "file", filename: "photo.png", contentType: "image/png", data: await samplePng(40, 40) },
      ]);
      const inField = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { ...body.headers, cookie: supplier.cookie },
        payload: body.payload,
      });
      expect(inField.statusCode).toBe(400);
      expect(inField.json().error.fields).toEqual({ purpose: "Must be helper or avatar" });
      const alone = multipart([{ name: "file", filename: "photo.png", contentType: "image/png", data: await samplePng(40, 40) }]);
      const inQuery = await t.app.inject({
        method: "POST",
        url: `/api/uploads?purpose=${purpose}`,
        headers: { ...alone.headers, cookie: supplier.cookie },
        payload: alone.payload,
      });
      expect(inQuery.statusCode).toBe(400);
    });

    it.each([
      [
        "cut short",
        "multipart/form-data; boundary=xyz",
        `--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
      ],
      ["without a boundary", "multipart/form-data", "abc"],
      ["with a part that has no headers", "multipart/form-data; boundary=xyz", "--xyz\r\n\r\nabc\r\n--xyz--\r\n"],
    ])("answers malformed multipart (%s) with 400", async (_how, type, payload) => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/uploads",
        headers: { "content-type": type, cookie: supplier.cookie },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/photo/);
    });
  });

  it("sends a signed-in visitor home from /login when the return address cannot be a Location", async () => {
    const response = await t.app.inject({ url: "/login?redirectTo=/%E3%80%82x", headers: { cookie: supplier.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/dashboard");
  });
});
