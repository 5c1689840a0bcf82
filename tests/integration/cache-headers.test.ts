import { beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";
import { returningVisitorCookie } from "../support/visitor";

const PRIVATE = "private, no-store";
const PUBLIC = /^public, max-age=\d+, stale-while-revalidate=\d+$/;

describeDb("who may keep a copy of a page or an answer", () => {
  const t = usePageApp();
  let supplier: SignedIn;
  let operator: SignedIn;
  let listedId: string;
  let draftId: string;
  beforeAll(async () => {
    supplier = await signUp(t, { name: "Cache Supplier" });
    operator = await signUp(t, { name: "Cache Operator", role: "operator" });
    listedId = (await createHelper(t, supplier.id, { name: "Listed Helper" })).id;
    draftId = (await createHelper(t, supplier.id, { name: "Draft Helper", status: "draft" })).id;
  });

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const publicPages = () => [
    "/",
    "/posts",
    `/posts/${listedId}`,
    "/posts/categories/Filipines",
    `/posts/users/${supplier.id}`,
    "/authors",
    "/privacy-policy",
    "/filters",
  ];

  describe("a visitor nobody knows", () => {
    it("may have the public pages kept a short while by any cache, marked as depending on cookies", async () => {
      for (const url of publicPages()) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["cache-control"], url).toMatch(PUBLIC);
        expect(String(response.headers.vary), url).toMatch(/\bCookie\b/i);
      }
    });

    it("has nothing kept of the pages that depend on a session, nor of their redirects", async () => {
      for (const url of [
        "/dashboard",
        `/profile/${supplier.id}`,
        "/create",
        `/posts/${listedId}/edit`,
        "/admin/leads",
        "/login",
        "/register",
      ]) {
        const response = await get(url);
        expect(response.headers["cache-control"], url).toBe(PRIVATE);
      }
    });
  });

  describe("a signed-in supplier", () => {
    it("has nothing kept of any page, public ones included", async () => {
      for (const url of [...publicPages(), "/dashboard", `/profile/${supplier.id}`, "/create", `/posts/${listedId}/edit`]) {
        const response = await get(url, supplier.cookie);
        expect(response.statusCode, url).toBeLessThan(400);
        expect(response.headers["cache-control"], url).toBe(PRIVATE);
      }
    });

    it("has nothing kept of a draft's record or of the session itself", async () => {
      const draft = await get(`/api/helpers/${draftId}`, supplier.cookie);
      expect(draft.statusCode).toBe(200);
      expect(draft.headers["cache-control"]).toBe(PRIVATE);
      const session = await get("/api/auth/get-session", supplier.cookie);
      expect(session.statusCode).toBe(200);
      expect(session.headers["cache-control"]).toBe(PRIVATE);
    });
  });

  it("keeps the operator's pages private", async () => {
    for (const url of ["/admin/leads", "/admin/outbox"]) {
      const response = await get(url, operator.cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe(PRIVATE);
    }
  });

  it("keeps the filter form of a visitor who passed the gate private, since it greets them by name", async () => {
    const cookie = await returningVisitorCookie(t, "Known Visitor");
    const response = await get("/filters", cookie);
    expect(response.body).toContain("Welcome back, Known Visitor.");
    expect(response.headers["cache-control"]).toBe(PRIVATE);
  });

  it("turns off camera, microphone and location, and the pixel's measurement while there is no pixel", async () => {
    const policy = String((await get("/posts")).headers["permissions-policy"]);
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "attribution-reporting=()"]) expect(policy).toContain(feature);
  });
});

describeDb("the permissions of a site with the Meta pixel", () => {
  const t = usePageApp({ env: { META_PIXEL_ID: "1234567890" } });

  it("keeps on only what the pixel needs, for the pixel's hosts", async () => {
    const policy = String((await t.app.inject({ url: "/posts" })).headers["permissions-policy"]);
    expect(policy).toContain("camera=()");
    expect(policy).toContain("geolocation=()");
    expect(policy).toMatch(/attribution-reporting=\(self "https:\/\/connect\.facebook\.net" "https:\/\/www\.facebook\.com"\)/);
  });
});
