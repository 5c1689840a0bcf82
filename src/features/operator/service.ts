/**
 * What the operator screens read besides leads (services.leads): the notifications that keep
 * failing to go out, and a retry (the outbox's own queries, notify/outbox-operator.ts); every
 * biodata of every supplier (operator-helpers.ts).
 */
import type { Database } from "../../server/db/connect";
import { countRetrying, listFailingDeliveries, outboxSummary, retryDelivery } from "../notifications";
import { listAllHelpers, suppliersWithHelpers, type AllHelpersQuery } from "./server/all-helpers";

/** Failing deliveries shown at once; more than this means the channel itself is down. */
export const FAILING_SHOWN = 200;

export function createOperatorService({ db }: { db: Database }) {
  return {
    helpers: {
      list: (query: AllHelpersQuery) => listAllHelpers(db, query),
      suppliers: () => suppliersWithHelpers(db),
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
