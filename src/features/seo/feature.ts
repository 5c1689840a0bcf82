/** Link previews, the sitemap and robots.txt as the site plugs them in (src/composition/features.ts). */
import { defineFeature, on, type FeatureGround } from "../../server/feature";
import { biodataChanged, type HelperService } from "../helpers";
import type { MediaStorage } from "../media";
import { seoRoutes } from "./api";
import { createLinkPreviews, schedulePreviewSweep } from "./server/preview-store";
import { keptSitemap, sitemapEntries } from "./server/sitemap";

export interface SeoNeeds {
  helpers: Pick<HelperService, "find" | "newestListed">;
  storage: MediaStorage;
}

export const seoFeature = defineFeature({
  name: "seo",
  service: (ground: FeatureGround & SeoNeeds) => {
    const previews = createLinkPreviews({
      storage: ground.storage,
      findHelper: (id) => ground.helpers.find(id),
      siteName: ground.site.name,
      log: ground.log,
      settleMs: ground.settings.listingChangeWindowMs,
    });
    return {
      /** A public biodata's link-preview JPEG, stored once per version. */
      get: previews.get,
      /** Draws a changed biodata's preview in the background, unless PREPARE_AHEAD is off (then at its first request). */
      prepare: ground.settings.prepareAhead ? previews.prepare : () => undefined,
      /** Removes the previews no public biodata shows (daily). */
      sweep: previews.sweep,
      stop: previews.stop,
      /** What the sitemap lists. */
      sitemapEntries: (publicPages: readonly string[]) => sitemapEntries(ground.helpers.newestListed, publicPages),
      sitemap: keptSitemap(ground.site.publicUrl, ground.helpers.newestListed),
      publicUrl: ground.site.publicUrl,
    };
  },
  api: (app, { service, pagePolicies }) =>
    seoRoutes(app, { previews: service, sitemap: service.sitemap, publicUrl: service.publicUrl, pages: pagePolicies }),
  listens: (service) => [
    // A changed biodata's preview is stored before a chat app asks for it.
    on(biodataChanged, (change) => {
      if (change !== "everything") for (const id of change.helpers) service.prepare(id);
    }),
    // The sitemap lists a published helper at once, and no longer one withdrawn.
    on(biodataChanged, () => service.sitemap.drop()),
  ],
  background: (service, log) => schedulePreviewSweep(service, log),
  close: (service) => service.stop(),
});
