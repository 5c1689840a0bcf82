import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { beforeAll, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { session } from "../../src/features/accounts/server/tables";
import { signUp } from "../support/auth";
import { singaporeTime } from "../support/clock";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("public pages come from the page cache for visitors without a session", () => {
  const t = usePageApp();
  let supplierId: string;
  beforeAll(async () => {
    supplierId = (await createSupplier(t.db, { companyName: "Cached Pages Agency" })).id;
    await createHelper(t, supplierId, { name: "Kept Kartika", status: "available" });
  });

  const stats = () => ({ ...t.app.pageCache.stats });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip", ...headers } });

  it("a household opening /posts twice gets the same Brotli bytes, rendered once, allowed by script hashes", async () => {
    const first = await get("/posts");
    const before = stats();
    const second = await get("/posts");
    expect(second.statusCode).toBe(200);
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.headers.vary).toMatch(/accept-encoding/i);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(stats().hits).toBe(before.hits + 1);
    const html = brotliDecompressSync(second.rawPayload).toString("utf8");
    expect(html).toContain("Kept Kartika");
    // No visitor's nonce is shared: the policy names the page's own inline scripts.
    const csp = String(second.headers["content-security-policy"]);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("nonce-");
  });

  it("a browser that only takes gzip, and a tool that takes neither, get the same page", async () => {
    const gzip = await get("/authors", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/authors", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gunzipSync(gzip.rawPayload).toString("utf8")).toBe(plain.body);
    expect(plain.body).toContain("Cached Pages Agency");
  });

  it("the same filters in another order are the same page", async () => {
    await get("/posts?nationality=indonesia&sort=salary");
    const before = stats();
    const reordered = await get("/posts?sort=salary&nationality=indonesia");
    expect(reordered.statusCode).toBe(200);
    expect(stats().hits).toBe(before.hits + 1);
  });

  it("a biodata published since is on the next visit's page (the listing change drops kept pages)", async () => {
    const before = brotliDecompressSync((await get("/posts")).rawPayload).toString("utf8");
    expect(before).not.toContain("Fresh Fitri");
    const helper = await createHelper(t, supplierId, { name: "Fresh Fitri", status: "available" });
    const after = brotliDecompressSync((await get("/posts")).rawPayload).toString("utf8");
    expect(after).toContain("Fresh Fitri");
    const page = brotliDecompressSync((await get(`/posts/${helper.id}`)).rawPayload).toString("utf8");
    expect(page).toContain("Fresh Fitri");
  });

  it("a kept page's availability does not outlive its day: the card, biodata and compare table read the same at Singapore midnight", async () => {
    const helper = await createHelper(t, supplierId, { name: "Later Lestari", status: "available", availableFrom: "2026-12-03" });
    const pages = async () => {
      const html = async (url: string) => brotliDecompressSync((await get(url)).rawPayload).toString("utf8");
      return {
        cards: await html("/posts"),
        biodata: await html(`/posts/${helper.id}`),
        compare: await html(`/shortlist?ids=${helper.id}`),
      };
    };
    vi.useFakeTimers({ toFake: ["Date"], now: singaporeTime("2026-11-30T23:58") });
    try {
      let seen = await pages();
      expect(seen.cards).toContain("From Dec 2026");
      expect(seen.biodata).toContain("Available from 3 Dec 2026");
      expect(seen.biodata).toMatch(/<meta name="description" content="[^"]*From Dec 2026/);
      expect(seen.compare).toContain("Available from 3 Dec 2026");
      // Asked again the same evening: the kept bytes.
      const before = stats();
      await pages();
      expect(stats().hits).toBe(before.hits + 3);

      vi.setSystemTime(singaporeTime("2026-12-01T00:02"));
      seen = await pages();
      expect(seen.cards).not.toContain("From Dec 2026");
      expect(seen.cards).toContain("From 3 Dec");
      expect(seen.biodata).toMatch(/<meta name="description" content="[^"]*From 3 Dec/);

      vi.setSystemTime(singaporeTime("2026-12-03T00:01"));
      seen = await pages();
      expect(seen.cards).not.toMatch(/From 3 Dec|From Dec 2026/);
      expect(seen.biodata).not.toContain("Available from 3 Dec");
      expect(seen.compare).not.toContain("Available from 3 Dec");
      expect(seen.compare).toContain("Available now");
    } finally {
      vi.useRealTimers();
    }
  });

  it("a signed-in supplier never gets the bytes kept for visitors, nor leaves hers behind", async () => {
    await get("/posts");
    const supplier = await signUp(t, { name: "Signed In Sally" });
    const before = stats();
    const response = await get("/posts", { cookie: supplier.cookie });
    expect(response.statusCode).toBe(200);
    expect(stats()).toEqual(before);
    expect(String(response.headers["content-security-policy"])).toContain("nonce-");
    const visitorPage = brotliDecompressSync((await get("/posts")).rawPayload).toString("utf8");
    expect(visitorPage).not.toContain("Signed In Sally");
  });

  it("a stream of made-up parameters (/posts?x=1, ?x=2, …) is the one kept /posts, and pushes no real page out", async () => {
    await get("/posts");
    await get("/authors");
    const before = stats();
    const kept = t.app.pageCache.size;
    for (let n = 1; n <= 40; n++) {
      const response = await get(`/posts?x=${n}&utm_source=ad${n}`);
      expect(response.statusCode).toBe(200);
    }
    expect(stats().hits).toBe(before.hits + 40);
    expect(stats().stores).toBe(before.stores);
    expect(t.app.pageCache.size).toBe(kept);
    expect((await get("/authors")).statusCode).toBe(200);
    expect(stats().hits).toBe(before.hits + 41);
  });

  it("the kept page was rendered for its plain address: one visitor's extra parameters are not in what others get", async () => {
    const response = await get("/posts/categories/indonesia?fbclid=visitor-one-secret&sort=salary");
    expect(response.statusCode).toBe(200);
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(html).not.toContain("visitor-one-secret");
    const before = stats();
    await get("/posts/categories/indonesia?sort=salary");
    expect(stats().hits).toBe(before.hits + 1);
  });

  it("a session cookie written by hand, or one whose session is gone, gets the page kept for everyone", async () => {
    await get("/posts");
    const supplier = await signUp(t, { name: "Gone Gwen" });
    await t.db.delete(session).where(eq(session.userId, supplier.id));
    for (const cookie of [
      "better-auth.session_token=garbage",
      `better-auth.session_token=${"a".repeat(32)}.${"b".repeat(43)}%3D`,
      `__Secure-better-auth.session_token=${Date.now()}`,
      supplier.cookie,
    ]) {
      const before = stats();
      const response = await get("/posts", { cookie });
      expect(response.statusCode, cookie).toBe(200);
      expect(stats().hits, cookie).toBe(before.hits + 1);
      // Still never stored by a shared cache for that client.
      expect(response.headers["cache-control"], cookie).toBe("private, no-store");
    }
  });

  it("the visitor's gate (/filters) and the account screens are never kept", async () => {
    for (const url of ["/filters", "/login", "/register"]) {
      await get(url);
      const before = stats();
      await get(url);
      expect(stats().hits, url).toBe(before.hits);
    }
  });

  it("a page that is not found is rendered each time, not kept", async () => {
    await get("/posts/00000000-0000-4000-8000-000000000000");
    const before = stats();
    const response = await get("/posts/00000000-0000-4000-8000-000000000000");
    expect(response.statusCode).toBe(404);
    expect(stats().hits).toBe(before.hits);
  });
});

describeDb("a flood of search pages", () => {
  // A small cache, so the flood overflows it many times over.
  const t = usePageApp({ env: { PAGE_CACHE_MB: "1" } });
  beforeAll(async () => {
    const supplier = await createSupplier(t.db, { companyName: "Flooded Agency" });
    await createHelper(t, supplier.id, { name: "Steady Sari", status: "available" });
  });
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });

  it("never pushes the listings out of the page cache: searches have a budget of their own (decision 153)", async () => {
    const listings = ["/", "/posts", "/zh/posts", "/authors"];
    for (const url of listings) expect((await get(url)).statusCode).toBe(200);
    const cache = t.app.pageCache;
    for (let n = 0; n < 300; n++) expect((await get(`/posts?q=flood+${n}+${"x".repeat(n % 7)}`)).statusCode).toBe(200);
    // The flood overflowed the searches' quarter many times over and pushed out only searches.
    expect(cache.stats.evictions).toBeGreaterThan(100);
    expect(cache.laneBytes.variety).toBeLessThanOrEqual(256 * 1024);
    const before = cache.stats.hits;
    for (const url of listings) expect((await get(url)).statusCode).toBe(200);
    expect(cache.stats.hits).toBe(before + listings.length);
  });
});
