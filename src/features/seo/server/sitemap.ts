/**
 * The sitemap and robots.txt: what search engines may crawl. Only what the public sees is
 * listed: listed helpers' biodata (helpers/visibility.ts, read through the helpers service), the
 * nationality and supplier listings that hold them, and the public pages.
 */
import { nationalities } from "../../../shared/catalogue";
import type { HelperService } from "../../helpers";

/** A sitemap file holds at most 50,000 addresses; the newest helpers are the ones kept. */
const MAX_URLS = 50_000;

interface SitemapEntry {
  path: string;
  lastmod?: Date;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/**
 * `publicPages`: the pages whose routes ask to be listed (their policies), besides the helpers' own;
 * `newestListed`: the helpers service's newest listed biodata.
 */
export async function sitemapEntries(newestListed: HelperService["newestListed"], publicPages: readonly string[]): Promise<SitemapEntry[]> {
  const fixed = publicPages.length + nationalities.length;
  const rows = await newestListed(MAX_URLS - fixed);

  const newest = new Map<string, Date>();
  const touch = (key: string, date: Date) => {
    const seen = newest.get(key);
    if (!seen || seen < date) newest.set(key, date);
  };
  for (const row of rows) {
    touch("", row.updatedAt);
    touch(`n:${row.nationality}`, row.updatedAt);
    touch(`s:${row.supplierId}`, row.updatedAt);
  }

  const suppliers = [...newest.keys()].filter((key) => key.startsWith("s:")).slice(0, MAX_URLS - fixed - rows.length);
  return [
    ...publicPages.map((path) => ({ path, lastmod: path === "/" || path === "/posts" ? newest.get("") : undefined })),
    ...nationalities.map((n) => ({ path: `/posts/categories/${n.slug}`, lastmod: newest.get(`n:${n.slug}`) })),
    ...suppliers.map((key) => ({ path: `/posts/users/${key.slice(2)}`, lastmod: newest.get(key) })),
    ...rows.map((row) => ({ path: `/posts/${row.id}`, lastmod: row.updatedAt })),
  ];
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(publicUrl + entry.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** Never worth crawling: the API, and the pages whose routes say so (operators' and suppliers' own screens, actions). */
export function robotsTxt(publicUrl: string, disallowedPages: readonly string[]): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...["/api/", ...disallowedPages].map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The sitemap's XML, made once and kept until a biodata changes (the seo feature listens to
 * `biodataChanged`), or for an hour at most: a crawler finds a new helper at once, and its
 * visits between changes cost no query.
 */
export function keptSitemap(publicUrl: string, newestListed: HelperService["newestListed"], ttlMs = 60 * 60_000) {
  let kept: { xml: string; until: number } | undefined;
  let building: Promise<string> | undefined;
  /** Bumped by each drop: a build that a change overtook is not kept. */
  let generation = 0;
  return {
    /** `publicPages`: the pages whose policies ask to be listed (read when the XML is made). */
    async xml(publicPages: () => Promise<readonly string[]>): Promise<string> {
      if (kept && kept.until > Date.now()) return kept.xml;
      const started = generation;
      building ??= publicPages()
        .then((pages) => sitemapEntries(newestListed, pages))
        .then((entries) => {
          const xml = sitemapXml(publicUrl, entries);
          if (started === generation) kept = { xml, until: Date.now() + ttlMs };
          return xml;
        })
        .finally(() => {
          building = undefined;
        });
      return building;
    },
    drop(): void {
      generation++;
      kept = undefined;
      building = undefined;
    },
  };
}

export type KeptSitemap = ReturnType<typeof keptSitemap>;
