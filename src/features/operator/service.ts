/**
 * What the operator screens read besides leads (services.leads): the notifications that keep
 * failing to go out, and a retry (the outbox's own queries, notifications/outbox-operator.ts); every
 * biodata of every supplier (the helpers service).
 */
import type { Database } from "../../server/db/connect";
import type { HelperService } from "../helpers";
import { countRetrying, listFailingDeliveries, outboxSummary, retryDelivery } from "../notifications";

/** Failing deliveries shown at once; more than this means the channel itself is down. */
export const FAILING_SHOWN = 200;

export function createOperatorService({
  db,
  helpers,
}: {
  db: Database;
  helpers: Pick<HelperService, "everyBiodata" | "suppliersWithBiodata">;
}) {
  return {
    helpers: {
      list: helpers.everyBiodata,
      suppliers: helpers.suppliersWithBiodata,
    },
    outbox: {
      /** Deliveries being retried (newest first), and how many messages wait to go out. */
      async failing() {
        const [items, summary, retrying] = await Promise.all([
          listFailingDeliveries(db, { limit: FAILING_SHOWN }),
          outboxSummary(db),
          countRetrying(db),
        ]);
        return { items, failing: summary.failing, pending: summary.pending, retrying };
      },
      retry: (id: string) => retryDelivery(db, id),
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
