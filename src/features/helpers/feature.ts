/** The helpers feature as the site plugs it in (src/composition/features.ts). */
import { defineFeature, on, type FeatureGround } from "../../server/feature";
import type { MediaStorage } from "../media";
import { helperRoutes } from "./api";
import { helperWriteRoutes } from "./api-writes";
import { biodataChanged } from "./events";
import { publicRule } from "./server/visibility";
import type { WriteWindow } from "./server/write-limit";
import { createHelperService } from "./service";

export interface HelperNeeds {
  storage: MediaStorage;
  /** Biodata writes per account (tests raise them). */
  helperWriteLimits?: readonly WriteWindow[];
  /** A new search index is ready: the site's kept search pages may read otherwise now. */
  searchesChanged?(): void;
}

export const helpersFeature = defineFeature({
  name: "helpers",
  service: (ground: FeatureGround & HelperNeeds) =>
    createHelperService({
      db: ground.db,
      storage: ground.storage,
      announced: ground.announced,
      searchesChanged: ground.searchesChanged,
      writeLimits: ground.helperWriteLimits,
      log: ground.log,
      rule: publicRule(ground),
    }),
  api: async (app, { service }) => {
    await app.register(helperRoutes, { helpers: service });
    await app.register(helperWriteRoutes, { helpers: service });
  },
  announces: [biodataChanged],
  // Its listing pages and search index follow every change, on every instance.
  listens: (service) => [on(biodataChanged, (change) => service.invalidate(change))],
  // A serving instance has its search index ready before the first search asks.
  background: (service) => {
    void service.searchIndex.build();
    return () => undefined;
  },
});
