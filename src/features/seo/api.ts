/** /sitemap.xml and /robots.txt, with absolute addresses from PUBLIC_URL. */
import type { FastifyInstance } from "fastify";
import { isFamilyLocale } from "../../shared/i18n/locales";
import type { LinkPreviews } from "./server/preview-store";
import { robotsTxt, sitemapXml, type sitemapEntries } from "./server/sitemap";

/**
 * Crawlers ask rarely and can wait a minute for a new helper, so the sitemap is kept that long
 * instead of being tied to the listing's change notifications.
 */
const SITEMAP_TTL_MS = 60_000;

export interface SeoRoutesDeps {
  previews: Pick<LinkPreviews, "get">;
  seo: { sitemapEntries(publicPages: readonly string[]): ReturnType<typeof sitemapEntries> };
  publicUrl: string;
  /** What the page routes declare for crawlers (their policies); none when the site serves no pages. */
  pages?: () => Promise<{ sitemapPaths: readonly string[]; disallowedPaths: readonly string[] }>;
}

export async function seoRoutes(app: FastifyInstance, { previews, seo, publicUrl, pages }: SeoRoutesDeps) {
  let cached: { xml: string; expiresAt: number } | undefined;
  let building: Promise<string> | undefined;

  const sitemap = async (): Promise<string> => {
    if (cached && cached.expiresAt > Date.now()) return cached.xml;
    building ??= (pages ? pages() : Promise.resolve(undefined))
      .then((table) => seo.sitemapEntries(table?.sitemapPaths ?? []))
      .then((entries) => {
        const xml = sitemapXml(publicUrl, entries);
        cached = { xml, expiresAt: Date.now() + SITEMAP_TTL_MS };
        return xml;
      })
      .finally(() => {
        building = undefined;
      });
    return building;
  };

  app.get("/sitemap.xml", async (_request, reply) => {
    const xml = await sitemap();
    return reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300").send(xml);
  });

  app.get("/robots.txt", async (_request, reply) => {
    const robots = robotsTxt(publicUrl, pages ? (await pages()).disallowedPaths : []);
    return reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600").send(robots);
  });

  // A shared biodata's link preview: public helpers only (a draft's answer is 404, like its page),
  // read from storage; drawn only for a version never asked for before.
  // `?lang=zh` for a Chinese page's preview (decision 123); any other value is English.
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>("/previews/helpers/:id.jpg", async (request, reply) => {
    const lang = request.query.lang;
    const jpeg = await previews.get(request.params.id, isFamilyLocale(lang) ? lang : "en");
    if (!jpeg) return reply.code(404).type("text/plain; charset=utf-8").send("No such helper.");
    return reply.type("image/jpeg").header("cache-control", "public, max-age=86400").send(jpeg);
  });
}
