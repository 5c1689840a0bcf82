/** /sitemap.xml and /robots.txt, with absolute addresses from PUBLIC_URL. */
import type { FastifyInstance } from "fastify";
import { isFamilyLocale } from "../../shared/i18n/locales";
import type { LinkPreviews } from "./server/preview-store";
import { robotsTxt, type KeptSitemap } from "./server/sitemap";

export interface SeoRoutesDeps {
  previews: Pick<LinkPreviews, "get">;
  sitemap: KeptSitemap;
  publicUrl: string;
  /** What the page routes declare for crawlers (their policies); none when the site serves no pages. */
  pages?: () => Promise<{ sitemapPaths: readonly string[]; disallowedPaths: readonly string[] }>;
}

export async function seoRoutes(app: FastifyInstance, { previews, sitemap, publicUrl, pages }: SeoRoutesDeps) {
  app.get("/sitemap.xml", async (_request, reply) => {
    const xml = await sitemap.xml(async () => (pages ? (await pages()).sitemapPaths : []));
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
