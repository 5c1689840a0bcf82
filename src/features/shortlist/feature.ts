/** The shortlist as the site plugs it in (src/composition/features.ts): its page, and the family's list kept in its space. */
import { defineFeature } from "../../server/feature";
import { shortlistRoutes } from "./api";
import { createShortlistService, type ShortlistNeeds } from "./service";
import type { FeatureGround } from "../../server/feature";

export const shortlistFeature = defineFeature({
  name: "shortlist",
  service: (deps: FeatureGround & ShortlistNeeds) => createShortlistService(deps),
  api: shortlistRoutes,
  personalTables: ["family_shortlists"],
  tag: { name: "shortlist", description: "A family's shortlist, kept in its space for its other devices." },
});
