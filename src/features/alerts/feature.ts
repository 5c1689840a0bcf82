/** Saved searches and their alerts as the site plugs them in (src/composition/features.ts). */
import { defineFeature, on, type FeatureGround } from "../../server/feature";
import { biodataChanged } from "../helpers";
import { createAlertsService, type AlertsNeeds } from "./service";

/** Instant alerts go within this (the target is two minutes); the digest's hour is looked for as often. */
const SEND_EVERY_MS = 30_000;
const FORGET_EVERY_MS = 60 * 60_000;

export const alertsFeature = defineFeature({
  name: "alerts",
  service: (ground: FeatureGround & AlertsNeeds) => createAlertsService(ground),
  personalTables: ["saved_searches", "alert_matches", "alert_passes", "alert_status_news"],
  // Every instance hears of a change and matches it; the unique match row makes the second a no-op.
  listens: (service) => [
    on(biodataChanged, async (change) => {
      const { matched } = await service.changed(change);
      if (matched > 0) await service.sendInstant();
    }),
  ],
  background(service, log) {
    let running = false;
    const send = () => {
      if (running) return;
      running = true;
      service
        .sendDue()
        .then(
          (done) => (done.instant + done.digests > 0 ? log.info(done, "sent alerts of saved searches") : undefined),
          (error: unknown) => log.error({ err: error }, "sending alerts of saved searches failed"),
        )
        .finally(() => (running = false));
    };
    const timer = setInterval(send, SEND_EVERY_MS);
    timer.unref();
    // Criteria no search names any more are forgotten hourly.
    const forget = setInterval(
      () => void service.forgetUnused().catch((error: unknown) => log.error({ err: error }, "forgetting unused criteria failed")),
      FORGET_EVERY_MS,
    );
    forget.unref();
    return () => {
      clearInterval(timer);
      clearInterval(forget);
    };
  },
});
