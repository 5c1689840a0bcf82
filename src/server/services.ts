/**
 * The services the API routes and the page loaders share: one place that knows the database,
 * the configuration and the caches.
 */
import type { HelperPage, SupplierListItem } from "../shared/helper-types";
import type { HelperQuery } from "../shared/listing-query";
import { calendarDateAt, formatIsoDate } from "../shared/age";
import type { Auth } from "./auth/auth";
import type { Config } from "./config";
import type { MediaStorage } from "./media/storage";
import type { DatabaseHandle } from "./db/connect";
import { findAvailableIdByRef, findHelper, findPublicHelpers, listAvailableHelpers } from "./helpers/helper-service";
import { ListingCache } from "./helpers/listing-cache";
import { createBiodataPdfs } from "./pdf/biodata-pdf";
import { PageCache } from "./http/page-cache";
import { findSupplier, listSuppliers } from "./suppliers/supplier-service";
import { createAccountService } from "./auth/account-service";
import { createPasswordCheckLimiter, type PasswordCheckLimiter } from "./auth/password-check-limit";
import { createAdminService } from "./admin/admin-service";
import { createLeadService } from "./leads/lead-service";
import type { LeadLimits } from "./leads/lead-rate-limit";

export function createServices(
  config: Config,
  database: DatabaseHandle,
  auth: Auth,
  storage: MediaStorage,
  options: { leadLimits?: LeadLimits; passwordChecks?: PasswordCheckLimiter } = {},
) {
  const { db } = database;
  const listingCache = new ListingCache<HelperPage>();
  const supplierCache = new ListingCache<SupplierListItem[]>({ maxEntries: 1 });

  const pdfs = createBiodataPdfs(db, storage);
  const pageCache = new PageCache({ maxBytes: config.pageCacheBytes });

  const listingChanged = () => {
    pageCache.invalidate();
    listingCache.invalidate();
    supplierCache.invalidate();
    pdfs.invalidate();
  };

  return {
    config,
    auth,
    storage,
    database,
    db,
    /** Public pages as compressed bytes, for visitors without a session (http/pages.ts). */
    pageCache,
    /** Drops cached listings; called on every change notification and after local writes. */
    listingChanged,
    /** Subscribes to change notifications from every instance sharing the database. */
    watchListing: () => database.listen("listing_changed", listingChanged),
    /** Biodata as A4 PDFs, cached until the biodata changes. */
    pdfs,
    helpers: {
      /** The public listing; ages depend on today's date, so it is part of the cache key. */
      list(query: HelperQuery): Promise<HelperPage> {
        const key = `${formatIsoDate(calendarDateAt(new Date()))}|${JSON.stringify(query)}`;
        return listingCache.get(key, () => listAvailableHelpers(db, query));
      },
      find: (id: string, viewer?: { id: string; role: string } | null) => findHelper(db, id, viewer),
      /** A shortlist's helpers, in its order; drafts and unknown ids left out. */
      findMany: (ids: readonly string[]) => findPublicHelpers(db, ids),
      /** The available helper a reference such as DH1042 names, if any. */
      idByRef: (ref: string) => findAvailableIdByRef(db, ref),
    },
    /** The signed-in supplier's own profile and avatar. */
    accounts: createAccountService(config, db, auth, storage, options.passwordChecks ?? createPasswordCheckLimiter(db)),
    /** Operator screens: leads and failing deliveries. */
    admin: createAdminService(db),
    /** Leads from the /filters gate and POST /api/leads: record, rate limit, list, export. */
    leads: createLeadService(db, config, { limits: options.leadLimits }),
    suppliers: {
      list: () => supplierCache.get("all", () => listSuppliers(db)),
      find: (id: string) => findSupplier(db, id),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
