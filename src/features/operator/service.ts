/**
 * What the operator screens read besides leads (services.leads): the notifications that keep
 * failing to go out, and a retry (the outbox's own queries, notifications/outbox-operator.ts); every
 * biodata of every supplier (the helpers service).
 */
import type { Database } from "../../server/db/connect";
import type { HelperService } from "../helpers";
import { countRetrying, listFailingDeliveries, outboxSummary, retryDelivery } from "../notifications";
import type { LicenceCheckInput } from "./licence-check-schema";
import { checkLicence, listSupplierLicences, uncheckLicence } from "./server/licence-checks";

/** Failing deliveries shown at once; more than this means the channel itself is down. */
export const FAILING_SHOWN = 200;

export function createOperatorService({
  db,
  helpers,
  listingChanged,
}: {
  db: Database;
  helpers: Pick<HelperService, "everyBiodata" | "suppliersWithBiodata">;
  /** Drops the pages that show suppliers at once here (the user row's trigger tells the other instances). */
  listingChanged: () => void;
}) {
  return {
    helpers: {
      list: helpers.everyBiodata,
      suppliers: helpers.suppliersWithBiodata,
    },
    /** Suppliers and their licences, checked against MOM's directory by an operator (decision 100). */
    suppliers: {
      list: (search?: string) => listSupplierLicences(db, search),
      async checkLicence(operatorId: string, supplierId: string, input: LicenceCheckInput) {
        const checked = await checkLicence(db, operatorId, supplierId, input);
        listingChanged();
        return checked;
      },
      async uncheckLicence(supplierId: string) {
        const unchecked = await uncheckLicence(db, supplierId);
        listingChanged();
        return unchecked;
      },
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
