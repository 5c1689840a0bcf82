/** Web push and the installable site, as the site plugs them in (src/composition/features.ts). */
import { defineFeature } from "../../server/feature";
import { pushRoutes } from "./api";
import { createPushService, type PushNeeds } from "./service";
import type { FeatureGround } from "../../server/feature";

export const pushFeature = defineFeature({
  name: "push",
  service: (ground: FeatureGround & PushNeeds) => createPushService(ground),
  api: pushRoutes,
  // An endpoint and its keys reach one person's browser.
  personalTables: ["push_subscriptions"],
  tag: { name: "push", description: "Notices by web push: a browser turned on for a family or an account, and turned off." },
});
