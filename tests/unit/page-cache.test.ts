import { describe, expect, it } from "vitest";
import {
  canonicalPageUrl,
  inlineScriptHashes,
  PageCache,
  pageCacheKey,
  pickEncoding,
  type RenderedPage,
} from "../../src/server/http/page-cache";

const noon = new Date("2026-11-23T04:00:00Z");

function page(body: string, headers: Record<string, string> = {}, status = 200): RenderedPage {
  return { status, headers: new Headers({ "content-type": "text/html", ...headers }), body: Buffer.from(body) };
}

describe("the address a shared page is kept under", () => {
  const listing = new Set(["nationality", "page", "sort"]);
  const none = new Set<string>();

  it("keys a page by path, parameters in one order and the day in Singapore", () => {
    const key = (url: string, at = noon) => pageCacheKey(canonicalPageUrl(url, listing), at);
    expect(key("/posts?sort=salary&nationality=india")).toBe(key("/posts/?nationality=india&sort=salary"));
    expect(key("/posts?page=1")).not.toBe(key("/posts?page=2"));
    // 16:30 UTC is half past midnight the next day in Singapore: ages may have changed.
    expect(key("/posts")).not.toBe(key("/posts", new Date("2026-11-23T16:30:00Z")));
    expect(key("/posts?x=1")).toBe(key("/posts?x=2"));
  });

  it("keeps a page under the parameters it reads only, so junk and tracking parameters make no new copy", () => {
    expect(canonicalPageUrl("/posts?x=2621", listing)).toBe("/posts");
    expect(canonicalPageUrl("/posts?utm_source=ad&page=2&fbclid=abc&nationality=india", listing)).toBe("/posts?nationality=india&page=2");
    expect(canonicalPageUrl("/shortlist?x=1&ids=a,b", new Set(["ids"]))).toBe("/shortlist?ids=a%2Cb");
    for (const url of ["/posts/abc?page=2", "/?q=x", "/authors?sort=age", "/privacy-policy?x=1"]) {
      expect(canonicalPageUrl(url, none), url).toBe(url.split("?")[0]);
    }
    // A repeated name keeps its values' order: the page reads them in that order.
    expect(canonicalPageUrl("/posts?nationality=india&x=1&nationality=myanmar", listing)).toBe(
      "/posts?nationality=india&nationality=myanmar",
    );
  });
});

describe("the encoding a client is sent", () => {
  it("prefers Brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("identity")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe("the page cache", () => {
  it("hashes inline scripts only", () => {
    const hashes = inlineScriptHashes('<script nonce="x">a()</script><script src="/x.js"></script><script>b()</script>');
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toMatch(/^'sha256-/);
  });

  it("renders once for many asking at the same moment", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    let renders = 0;
    let finishRender!: () => void;
    const rendering = new Promise<void>((resolve) => (finishRender = resolve));
    const render = async () => {
      renders += 1;
      await rendering;
      return page("<p>hello</p>");
    };
    // All five ask while the first render is still under way; it finishes only then.
    const asked = Array.from({ length: 5 }, () => cache.fill("k", render, () => undefined));
    finishRender();
    const results = await Promise.all(asked);
    expect(renders).toBe(1);
    expect(results.every((entry) => entry === results[0] && entry !== null)).toBe(true);
    expect(cache.lookup("k")).toBe(results[0]);
  });

  it("keeps no answer that sets a cookie, is private or is not a 200", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    for (const rendered of [page("a", { "set-cookie": "x=1" }), page("b", { "cache-control": "private" }), page("c", {}, 404)]) {
      let own: RenderedPage | undefined;
      expect(
        await cache.fill(
          "k",
          async () => rendered,
          (p) => (own = p),
        ),
      ).toBeNull();
      expect(own).toBe(rendered);
      expect(cache.lookup("k")).toBeUndefined();
    }
  });

  it("stays within its bytes, dropping the least recently used page", async () => {
    const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36)).join("");
    const cache = new PageCache({ maxBytes: 60_000 });
    for (const key of ["a", "b", "c", "d"])
      await cache.fill(
        key,
        async () => page(random(2000)),
        () => undefined,
      );
    expect(cache.bytes).toBeLessThanOrEqual(60_000);
    expect(cache.lookup("a")).toBeUndefined();
    expect(cache.lookup("d")).toBeDefined();
    expect(cache.stats.evictions).toBeGreaterThan(0);
  });

  it("keeps the listings under a flood of search pages: pages with a query have a budget of their own", async () => {
    const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36)).join("");
    const cache = new PageCache({ maxBytes: 400_000 });
    const fill = (key: string) =>
      cache.fill(
        key,
        async () => page(random(1000)),
        () => undefined,
      );
    const listings = ["2026-11-23 /", "2026-11-23 /posts", "2026-11-23 /zh/posts"];
    for (const key of listings) await fill(key);
    for (let i = 0; i < 300; i++) await fill(`2026-11-23 /posts?q=flood${i}`);
    for (const key of listings) expect(cache.lookup(key), key).toBeDefined();
    // The searches pushed out only searches, within their quarter of the bytes.
    expect(cache.stats.evictions).toBeGreaterThan(200);
    expect(cache.laneBytes.variety).toBeLessThanOrEqual(100_000);
    expect(cache.lookup("2026-11-23 /posts?q=flood299")).toBeDefined();
    expect(cache.lookup("2026-11-23 /posts?q=flood0")).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(400_000);
  });

  it("unpacks a page once for clients that take no compression, and counts the plain bytes it keeps", async () => {
    const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36)).join("");
    const body = `<main>${random(1500)}</main>`;
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const kept = (await cache.fill(
      "k",
      async () => page(body),
      () => undefined,
    ))!;
    const compressed = cache.bytes;
    const plain = await cache.plainBytes("k", kept);
    expect(plain.toString()).toBe(body);
    // Kept: the next plain client is sent the same bytes, unpacked no more.
    expect(await cache.plainBytes("k", kept)).toBe(plain);
    expect(cache.bytes).toBe(compressed + plain.length);
    // A page no longer held is unpacked for its client but not kept.
    cache.invalidate();
    const other = (await cache.fill(
      "o",
      async () => page(body),
      () => undefined,
    ))!;
    cache.invalidate();
    expect((await cache.plainBytes("o", other)).toString()).toBe(body);
    expect(other.plain).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it("does not keep a page rendered before the listing changed", async () => {
    const cache = new PageCache({ maxBytes: 1_000_000 });
    const filling = cache.fill(
      "k",
      async () => {
        cache.invalidate();
        return page("stale");
      },
      () => undefined,
    );
    expect(await filling).not.toBeNull();
    expect(cache.lookup("k")).toBeUndefined();
  });
});
