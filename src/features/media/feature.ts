/** The media feature as the site plugs it in (src/composition/features.ts). */
import { scheduleDailySweep } from "../../server/daily-sweep";
import { defineFeature, type FeatureGround } from "../../server/feature";
import { uploadRoutes } from "./api";
import { mediaRoutes } from "./api-files";
import { createMediaService } from "./service";
import type { MediaStorage } from "./server/storage";
import { sweepOrphanUploads, type ImageUsedElsewhere } from "./server/uploads";

/** What the media need besides the ground: where files live, and whether a biodata still shows an image. */
export interface MediaNeeds {
  storage: MediaStorage;
  imageUsedElsewhere: ImageUsedElsewhere;
}

export const mediaFeature = defineFeature({
  name: "media",
  service: ({ db, storage, imageUsedElsewhere }: FeatureGround & MediaNeeds) => ({
    ...createMediaService({ db, storage }),
    /** The stored files, as /media/* serves them. */
    storage,
    /** Deletes the images nothing uses any more (a day after their upload at the soonest). */
    sweep: () => sweepOrphanUploads(db, storage, imageUsedElsewhere),
  }),
  api: async (app, { service }) => {
    await app.register(mediaRoutes, { storage: service.storage });
    await app.register(uploadRoutes, { media: service });
  },
  background: (service, log) =>
    scheduleDailySweep(() => service.sweep(), log, { removed: "deleted images nothing uses", failed: "image sweep failed" }),
  // Its tag ("uploads") is among the site's own, in the description's order (api-docs.ts).
});
