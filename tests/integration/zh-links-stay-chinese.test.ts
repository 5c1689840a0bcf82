/**
 * A Chinese page stays Chinese (decision 131): every link a /zh page holds to a family page keeps
 * /zh, and the listing's links keep the family's filters; the one way out is the language switch.
 */
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";
import { isFamilyPath } from "../../src/shared/i18n/locales";
import { describeDb } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";

describeDb("a Chinese page's links stay Chinese", () => {
  const t = usePageApp();
  const ids: string[] = [];
  beforeAll(async () => {
    const supplier = await createSupplier(t.db, { companyName: "Harbour Care Agency" });
    for (let i = 0; i < 3; i++) {
      ids.push((await createHelper(t, supplier.id, { name: `Aye Win ${i}`, status: "available", nationality: "myanmar" })).id);
    }
    t.app.services.listingChanged();
  });

  const hrefs = async (url: string) => {
    const response = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
    expect(response.statusCode, url).toBe(200);
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    // The language switch (hreflang) is the one link that leaves Chinese.
    return [...html.matchAll(/<a [^>]*>/g)]
      .filter(([tag]) => !/hreflang=/i.test(tag))
      .flatMap(([tag]) => /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&") ?? []);
  };

  it.each(["/zh/posts?nationality=myanmar&pageSize=1", "/zh", "/zh/shortlist", "/zh/messages", "/zh/authors", "/zh/filters"])(
    "%s",
    async (url) => {
      const english = (await hrefs(url)).filter((href) => href.startsWith("/") && isFamilyPath(href) && !href.startsWith("/zh"));
      expect(english).toEqual([]);
    },
  );

  it("a biodata", async () => {
    const english = (await hrefs(`/zh/posts/${ids[0]}`)).filter(
      (href) => href.startsWith("/") && isFamilyPath(href) && !href.startsWith("/zh"),
    );
    expect(english).toEqual([]);
  });
});
