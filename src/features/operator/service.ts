/**
 * What the operator screens read besides leads (services.leads): the notifications that keep
 * failing to go out, and a retry (the outbox's own queries, notifications/outbox-operator.ts); every
 * biodata of every supplier (the helpers service); the suppliers' licences (the accounts') and
 * their EA personnel (the suppliers'), read and checked by their owners' functions (decision 190).
 */
import type { Database } from "../../server/db/connect";
import {
  checkIdentity,
  checkLicence,
  findSupplierLicence,
  listHelperAccounts,
  listSupplierLicences,
  refuseLicence,
  requireOperator,
  uncheckLicence,
  type Viewer,
} from "../accounts";
import type { HelperService } from "../helpers";
import { countRetrying, listFailingDeliveries, listKeptMails, outboxSummary, retryDelivery } from "../notifications";
import { checkPersonnel, findPersonnelCheck, listPersonnelChecks, uncheckPersonnel } from "../suppliers";
import type { LicenceCheckInput, LicenceRefusalInput } from "./licence-check-schema";

/** Failing deliveries shown at once; more than this means the channel itself is down. */
export const FAILING_SHOWN = 200;

export function createOperatorService({
  db,
  helpers,
  announced,
}: {
  db: Database;
  helpers: Pick<HelperService, "everyBiodata" | "suppliersWithBiodata">;
  /** Delivers here what a change announced (the user row's trigger announces it to every instance). */
  announced: () => Promise<void>;
}) {
  /** What an operator may do, every call as the operator `viewer` is (its id goes in the log). */
  function desk(operatorId: string) {
    return {
      helpers: {
        list: helpers.everyBiodata,
        suppliers: helpers.suppliersWithBiodata,
      },
      /** Suppliers and their licences, checked against MOM's directory by an operator (decision 100). */
      suppliers: {
        list: (search?: string) => listSupplierLicences(db, search),
        find: (id: string) => findSupplierLicence(db, id),
        async checkLicence(supplierId: string, input: LicenceCheckInput) {
          const checked = await checkLicence(db, operatorId, supplierId, input);
          await announced();
          return checked;
        },
        /** Refuses a licence with the reason the supplier reads; its pages leave the public (decision 164). */
        async refuseLicence(supplierId: string, input: LicenceRefusalInput) {
          const refused = await refuseLicence(db, operatorId, supplierId, input);
          await announced();
          return refused;
        },
        async uncheckLicence(supplierId: string) {
          const unchecked = await uncheckLicence(db, supplierId);
          await announced();
          return unchecked;
        },
      },
      /** Helpers' own accounts (direct hire) and the check of their identity: the kind of document seen, never its number (decision 197). */
      helperAccounts: {
        list: () => listHelperAccounts(db),
        async checkIdentity(userId: string, body: unknown) {
          const checked = await checkIdentity(db, operatorId, userId, body);
          await announced();
          return checked;
        },
      },
      /** Agencies' registered EA personnel, checked in MOM's directory by an operator (decision 163). */
      personnel: {
        list: (search?: string) => listPersonnelChecks(db, search),
        find: (id: string) => findPersonnelCheck(db, id),
        check: (id: string) => checkPersonnel(db, operatorId, id),
        uncheck: (id: string) => uncheckPersonnel(db, id),
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
        /** The mails written as .eml files in the data folder (no mail server set), newest first. */
        kept: () => listKeptMails(db),
      },
    };
  }
  return {
    /**
     * The operator's desk for `viewer`: 401 without an account, 403 for anyone but an operator,
     * whatever page or route asks (decision 186).
     */
    as(viewer: Viewer | null | undefined) {
      return desk(requireOperator(viewer).id);
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
