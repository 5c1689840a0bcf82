/**
 * The listing API answers an address it has read before from the bytes kept for its page, plain
 * or compressed (decision 090). Whatever the path, a family never gets a page the listing has
 * changed since, nor a field the card's schema does not declare.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { helperCardSchema } from "../../src/features/helpers/server/helper-schemas";
import type { HelperPage } from "../../src/shared/helper-types";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { createTestApp, type TestApp } from "../support/test-app";

const ENCODINGS = [
  ["identity", (bytes: Buffer) => bytes],
  ["gzip", gunzipSync],
  ["br", brotliDecompressSync],
] as const;

const CARD_FIELDS = Object.keys(helperCardSchema.shape).sort();

describeDb("GET /api/helpers answered from kept bytes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = new Set<string>();
  const encodingsSent = new Set<string>();
  /** The listing at `url` as a client taking `encoding` reads it, after checking how it came. */
  async function listing(url: string, encoding: (typeof ENCODINGS)[number][0], cookie?: string): Promise<HelperPage> {
    const response = await t.app.inject({ url, headers: { "accept-encoding": encoding, ...(cookie ? { cookie } : {}) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    const sent = response.headers["content-encoding"] as (typeof ENCODINGS)[number][0] | undefined;
    // Kept bytes, but the answer's own headers: its id, and the policy closing it to everything.
    const id = String(response.headers["x-request-id"]);
    expect(ids.has(id)).toBe(false);
    ids.add(id);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
    const plain = ENCODINGS.find(([name]) => name === (sent ?? "identity"))![1](response.rawPayload);
    // Compressed as the client asked, unless there is less than a kilobyte to compress.
    expect(sent).toBe(encoding === "identity" || plain.length < 1024 ? undefined : encoding);
    encodingsSent.add(sent ?? "identity");
    return JSON.parse(plain.toString("utf8")) as HelperPage;
  }

  /** Each encoding asked three times: the first reading, then the kept bytes (twice, to be sure). */
  async function everyWay(url: string): Promise<HelperPage[]> {
    const pages: HelperPage[] = [];
    for (const [encoding] of ENCODINGS) for (let n = 0; n < 3; n++) pages.push(await listing(url, encoding));
    return pages;
  }

  /**
   * A supplier of the test's own, so the test's address lists only what the test made, with two
   * helpers listed before the test's own: her pages are over a kilobyte, so they go compressed.
   */
  const newSupplier = async (): Promise<SignedIn> => {
    const supplier = await signUp(t, { name: "Kept Bytes Agency" });
    for (const name of ["Neighbour One", "Neighbour Two"])
      await createHelper(t, supplier.id, { name, publishedAt: new Date("2024-01-01T00:00:00Z") });
    return supplier;
  };
  /** The cards of a page but the neighbours'. */
  const own = (page: HelperPage) => page.items.filter((card) => !card.name.startsWith("Neighbour "));
  const patch = (supplier: SignedIn, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "PATCH", url: `/api/helpers/${id}`, headers: { cookie: supplier.cookie }, payload });

  it("shows a supplier's save in the very next answer, however the address was answered before", async () => {
    const supplier = await newSupplier();
    const helper = await createHelper(t, supplier.id, { name: "Ana Before", salary: 600 });
    const url = `/api/helpers?supplier=${supplier.id}`;
    for (const page of await everyWay(url)) expect(own(page).map((card) => [card.name, card.salary])).toEqual([["Ana Before", 600]]);
    expect([...encodingsSent].sort()).toEqual(["br", "gzip", "identity"]);

    expect((await patch(supplier, helper.id, { name: "Ana After", salary: 720 })).statusCode).toBe(200);
    for (const [encoding] of ENCODINGS) {
      const page = await listing(url, encoding);
      expect(
        own(page).map((card) => [card.name, card.salary]),
        encoding,
      ).toEqual([["Ana After", 720]]);
    }
  });

  it("drops a helper from every kept page once she is hired, and lists a new one", async () => {
    const supplier = await newSupplier();
    const hired = await createHelper(t, supplier.id, { name: "Hana Hired" });
    const url = `/api/helpers?supplier=${supplier.id}`;
    for (const page of await everyWay(url)) expect([page.total, own(page).map((card) => card.name)]).toEqual([3, ["Hana Hired"]]);

    expect((await patch(supplier, hired.id, { status: "hired" })).statusCode).toBe(200);
    for (const page of await everyWay(url)) expect([page.total, own(page)]).toEqual([2, []]);

    await createHelper(t, supplier.id, { name: "Nora New" });
    for (const page of await everyWay(url)) expect([page.total, own(page).map((card) => card.name)]).toEqual([3, ["Nora New"]]);
  });

  it("sends a page of under a kilobyte as it is, whatever the client takes", async () => {
    const nobody = await signUp(t, { name: "Empty Agency" });
    for (const page of await everyWay(`/api/helpers?supplier=${nobody.id}`)) expect(page).toMatchObject({ total: 0, items: [] });
  });

  it("shows her new age from the first minute of her birthday in Singapore, not the page kept the evening before", async () => {
    const supplier = await newSupplier();
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-10T15:58:00Z") }); // 23:58 in Singapore
    await createHelper(t, supplier.id, { name: "Bea Birthday", dateOfBirth: "1996-03-11" });
    const url = `/api/helpers?supplier=${supplier.id}`;
    for (const page of await everyWay(url)) expect(own(page)[0]?.age).toBe(29);

    vi.setSystemTime(new Date("2026-03-10T16:01:00Z")); // 00:01 on the 11th: the cache's five minutes have not run out
    for (const page of await everyWay(url)) expect(own(page)[0]?.age).toBe(30);
  });

  describe("fields", () => {
    it("sends exactly the card's declared fields, in the first answer and from kept bytes", async () => {
      const supplier = await newSupplier();
      await createHelper(t, supplier.id, { name: "Fifi Fields" });
      const pages = await everyWay(`/api/helpers?supplier=${supplier.id}`);
      for (const page of pages) {
        expect(Object.keys(page).sort()).toEqual(["items", "page", "pageSize", "total"]);
        for (const card of page.items) {
          expect(CARD_FIELDS).toEqual(expect.arrayContaining(Object.keys(card)));
          expect(Object.keys(card.supplier).sort()).toEqual(["id", "image", "name", "telegram", "whatsapp"]);
        }
      }
    });

    it("leaves out whatever else a page's objects carry, however it is sent", async () => {
      const supplier = await newSupplier();
      await createHelper(t, supplier.id, { name: "Lea Leak" });
      const url = `/api/helpers?supplier=${supplier.id}`;
      const [real] = await everyWay(url);
      // The service hands the route cards carrying more than a card declares (as a row would).
      const carrying = {
        ...real!,
        secret: "page-level",
        items: real!.items.map((card) => ({
          ...card,
          phone: "+6581234567",
          medicalHistory: "asthma",
          supplier: { ...card.supplier, email: "owner@example.com" },
        })),
      } as HelperPage;
      const helpers = t.app.services.helpers;
      vi.spyOn(helpers, "list").mockResolvedValue(carrying);
      vi.spyOn(helpers, "listKept").mockReturnValueOnce(undefined).mockReturnValue(carrying);
      const other = `${url}&pageSize=24`;
      for (const page of await everyWay(other)) {
        const text = JSON.stringify(page);
        for (const word of ["page-level", "+6581234567", "asthma", "owner@example.com"]) expect(text).not.toContain(word);
        expect(own(page).map((card) => card.name)).toEqual(["Lea Leak"]);
      }
    });
  });

  it("refuses a bad address every time, never from a kept answer", async () => {
    for (const url of ["/api/helpers?page=abc", "/api/helpers?q=a%00b", "/api/helpers/?q=%00"]) {
      for (let n = 0; n < 3; n++) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error).toMatchObject({ code: "bad_request", message: expect.any(String), fields: expect.any(Object) });
      }
    }
  });

  it("keeps a signed-in supplier's answer out of shared caches, though the bytes are everyone's", async () => {
    const supplier = await newSupplier();
    await createHelper(t, supplier.id, { name: "Sara Session" });
    const url = `/api/helpers?supplier=${supplier.id}`;
    await everyWay(url);
    const response = await t.app.inject({ url, headers: { cookie: supplier.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(own(response.json() as HelperPage).map((card) => card.name)).toEqual(["Sara Session"]);
  });
});
