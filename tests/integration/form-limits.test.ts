import { beforeAll, describe, expect, it } from "vitest";
import { HELPER_LIMITS } from "../../src/shared/helper-limits";
import { BIODATA_LIMITS } from "../../src/shared/biodata-catalogue";
import { signUp, type SignedIn } from "../support/auth";
import { multipart, samplePng } from "../support/biodata";
import { describeDb } from "../support/database";
import { formHeaders, usePageApp } from "../support/pages";

/**
 * A page form is read by Conform, which builds lists and objects from the field names: a form
 * bigger than any of the site's is refused at once with a message, before it is read, and the
 * largest real form (a biodata with every field, job row and the photo) still goes through.
 */
const PAGE_FORMS = ["/filters", "/login", "/register", "/forgot-password", "/reset-password", "/privacy/my-data"];

type Answer = {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): { error: { message: string; fields?: Record<string, string> } };
};

describeDb("a page form larger than any of the site's is refused at once", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Bounds Supplier" });
  });

  const post = (url: string, payload: string) => t.app.inject({ method: "POST", url, headers: formHeaders, payload }) as Promise<Answer>;
  const refused = (response: Answer, status: number, message: RegExp) => {
    expect(response.statusCode).toBe(status);
    expect(response.json().error.message).toMatch(message);
    // The refusal says what is wrong: it never sends the form back.
    expect(response.body.length).toBeLessThan(1_000);
  };

  describe.each(PAGE_FORMS)("posted to %s", (url) => {
    it("answers a list position of a billion with 400", async () => {
      const response = await post(url, "h[999999999]=7");
      refused(response, 400, /“h\[999999999\]” asks for row 101 or later/);
      expect(response.json().error.fields).toEqual({ "h[999999999]": "A list holds at most 100 rows" });
    });

    it("answers one field sent 40,000 times with 413", async () => {
      refused(await post(url, Array(40_000).fill("intent=x").join("&")), 413, /more than 1,000 fields/);
    });
  });

  it("answers the same field sent more than 100 times with 413 naming it", async () => {
    const response = await post("/login", Array(101).fill("email=a%40example.com").join("&"));
    refused(response, 413, /“email” is sent more than 100 times/);
    expect(response.json().error.fields).toEqual({ email: "Sent at most 100 times" });
  });

  it("answers more than 1,000 distinct fields with 413, url-encoded or multipart", async () => {
    const names = Array.from({ length: 1_001 }, (_, i) => `field${i}`);
    refused(await post("/register", names.map((name) => `${name}=x`).join("&")), 413, /more than 1,000 fields/);
    const body = multipart(names.map((name) => ({ name, value: "x" })));
    const response = await t.app.inject({
      method: "POST",
      url: "/create",
      headers: { ...body.headers, origin: "http://localhost", cookie: supplier.cookie },
      payload: body.payload,
    });
    refused(response as Answer, 413, /more than 1,000 fields/);
  });

  it("answers a field name of more than 100 characters, or nested a hundred deep, with 400", async () => {
    refused(await post("/login", `${"n".repeat(101)}=x`), 400, /field name is longer than 100 characters/);
    refused(await post("/filters", `${"a".concat("[b]".repeat(100))}=x`), 400, /field name is longer than 100 characters/);
    refused(await post("/filters", `${Array(100).fill("a").join(".")}=x`), 400, /field name is longer than 100 characters/);
  });

  it("answers more than 256 K characters of text with 413, and sends none of it back", async () => {
    refused(await post("/filters", `ageMin=abc&q=${"x".repeat(270_000)}`), 413, /more than 262,144 characters of text/);
  });

  it("holds the filters sent by GET, which Conform reads from the address, to the same bounds", async () => {
    const response = (await t.app.inject({ url: "/filters?apply=1&ageMin=abc&h[999999999]=7" })) as Answer;
    refused(response, 400, /asks for row 101 or later/);
    refused(
      (await t.app.inject({ url: `/filters?apply=1&${Array(101).fill("nationality=x").join("&")}` })) as Answer,
      413,
      /sent more than 100 times/,
    );
  });

  it("takes the biodata form filled to every limit, with twelve jobs and the photo", async () => {
    const page = await t.app.inject({ url: "/create", headers: { cookie: supplier.cookie } });
    const parts: { name: string; value: string }[] = [];
    for (const [tag] of page.body.matchAll(/<(?:input|select|textarea)\b[^>]*\bname="[^"]+"[^>]*>/g)) {
      const name = /\bname="([^"]+)"/.exec(tag)![1]!;
      const maxLength = Number(/\bmaxLength="(\d+)"/.exec(tag)?.[1] ?? 0);
      const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
      if (name === "specialNotes") parts.push({ name, value: "<p>".concat("n".repeat(HELPER_LIMITS.specialNotes.max - 7), "</p>") });
      else parts.push({ name, value: maxLength ? "w".repeat(maxLength) : (value ?? "1") });
    }
    for (let row = 0; row < BIODATA_LIMITS.employmentRows.max; row++) {
      for (const field of ["from", "to"]) parts.push({ name: `employment[${row}].${field}`, value: "2020-01" });
      for (const field of ["country", "employer"])
        parts.push({ name: `employment[${row}].${field}`, value: "c".repeat(BIODATA_LIMITS.text.short) });
      for (const field of ["duties", "remarks", "feedback"])
        parts.push({ name: `employment[${row}].${field}`, value: "d".repeat(BIODATA_LIMITS.text.medium) });
    }
    expect(parts.length).toBeGreaterThan(200);
    const body = multipart([...parts, { name: "photoFile", filename: "photo.png", contentType: "image/png", data: await samplePng() }]);
    const response = await t.app.inject({
      method: "POST",
      url: "/create",
      headers: { ...body.headers, origin: "http://localhost", cookie: supplier.cookie },
      payload: body.payload,
    });
    // The page's own answer (saved, or its messages beside the fields), not a refusal of the form's size.
    expect([200, 302, 303, 400]).toContain(response.statusCode);
    expect(String(response.headers["content-type"] ?? "text/html")).not.toContain("json");
  });
});
