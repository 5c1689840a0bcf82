/** The leads feature as the site sees it: one line in src/composition/features.ts plugs it in. */
import { scheduleDailySweep } from "../../server/daily-sweep";
import { defineFeature, type FeatureGround } from "../../server/feature";
import { leadRoutes } from "./api";
import type { LeadLimits } from "./server/lead-rate-limit";
import { createLeadService } from "./service";

/** What the leads need besides the ground: the limits' shared store and the tests' limits. */
export interface LeadNeeds {
  /** Shares the gate's rate limit between instances when set (REDIS_URL). */
  redisUrl?: string;
  /** Lead submissions per window per address (tests lower or raise them). */
  leadLimits?: LeadLimits;
  /** DATA_DIR/outbox, where mails are kept as files: a withdrawal deletes its own. */
  outboxDir?: string;
}

export const leadsFeature = defineFeature({
  name: "leads",
  service: (ground: FeatureGround & LeadNeeds) =>
    createLeadService({
      db: ground.db,
      notice: { siteName: ground.site.name, channels: ground.site.channels },
      redisUrl: ground.redisUrl,
      limits: ground.leadLimits,
      log: ground.log,
      forgetting: { outboxDir: ground.outboxDir, compact: ground.compactPersonalData },
    }),
  api: (app, { service }) => leadRoutes(app, { leads: service }),
  // Leads and delivered notifications past their retention go once a day (and at start).
  background: (service, log) =>
    scheduleDailySweep(() => service.purgeExpired(), log, {
      removed: "deleted personal data past its retention",
      failed: "retention clean-up failed",
    }),
  // Its tag ("leads") is among the site's own, in the description's order (api-docs.ts).
});

export { createLeadService, type LeadService, type LeadServiceDeps } from "./service";
export { leadSchema } from "./api";
export type { LeadLimits } from "./server/lead-rate-limit";
export type { Forgetting } from "./server/privacy";
export { visitorAbout } from "./server/lead-message";
export { leadPhones, visitors } from "./server/tables";
export { leadPhone } from "./server/lead-reads";
