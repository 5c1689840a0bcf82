import { brotliDecompressSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { operatorViewer } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("family pages in Chinese have their own address and their own kept bytes", () => {
  const t = usePageApp();
  beforeAll(async () => {
    const supplier = await createSupplier(t.db, { companyName: "Two Languages Agency" });
    await createHelper(t, supplier.id, { name: "Bilingual Bunga", status: "available" });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br", ...headers } });
  const html = (response: Awaited<ReturnType<typeof get>>) => brotliDecompressSync(response.rawPayload).toString("utf8");

  it("a family reading /zh/posts gets a Chinese page with its language, canonical address and alternates", async () => {
    const page = html(await get("/zh/posts"));
    expect(page).toContain('<html lang="zh-Hans"');
    expect(page).toContain("Bilingual Bunga");
    expect(page).toMatch(/<link rel="canonical" href="[^"]*\/zh\/posts"/);
    expect(page).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]*\/posts"/);
    expect(page).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]*\/posts"/);
    expect(page).toContain("菜单");
  });

  it("/zh/posts is kept apart from /posts, and Accept-Language changes neither", async () => {
    const english = await get("/posts");
    const chinese = await get("/zh/posts");
    const asked = await get("/posts", { "accept-language": "zh-CN,zh;q=0.9" });
    expect(html(english)).toContain('<html lang="en"');
    expect(html(chinese)).toContain('<html lang="zh-Hans"');
    expect(asked.rawPayload.equals(english.rawPayload)).toBe(true);
    expect(String(english.headers.vary)).not.toMatch(/accept-language/i);
    const hits = t.app.pageCache.stats.hits;
    const again = await get("/zh/posts", { "accept-language": "en-GB" });
    expect(again.rawPayload.equals(chinese.rawPayload)).toBe(true);
    expect(t.app.pageCache.stats.hits).toBe(hits + 1);
  });

  it("the default language's prefix leads to its plain address, with the query kept", async () => {
    const response = await t.app.inject({ method: "GET", url: "/en/posts?page=2" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/posts?page=2");
  });

  it("an operator making Chinese the default serves the plain addresses in Chinese and English under /en", async () => {
    const operator = await createSupplier(t.db, { companyName: "Settings Operator" });
    await t.app.services.familyLocale.set("zh", operatorViewer(operator.id));
    try {
      expect(html(await get("/posts"))).toContain('<html lang="zh-Hans"');
      expect(html(await get("/en/posts"))).toContain('<html lang="en"');
      expect((await t.app.inject({ method: "GET", url: "/zh/posts" })).headers.location).toBe("/posts");
    } finally {
      await t.app.services.familyLocale.set("en", operatorViewer(operator.id));
    }
  });
});
