/**
 * Suppliers as the public sees them: those with at least one listed helper, with that count; a
 * supplier's own page only while their account may show anything (accounts/visibility.ts). The
 * counts come from the helpers service, handed over by the composition root: this feature reads
 * accounts (their read model, decision 190), not biodata (decision 094), and imports nothing of
 * the helpers feature, which names the agencies' EA personnel kept here.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SupplierListItem } from "../../shared/helper-types";
import { licenceStatusOf } from "../../shared/licence";
import { photoUrls } from "../../shared/media";
import { formatPhone } from "../../shared/phone";
import type { Database } from "../../server/db/connect";
import { ListingCache } from "../../server/listing-cache";
import { accountProfiles, ownerMayShow, requireUser, type PublicRule, type Viewer } from "../accounts";
import { eaPersonnelInputSchema, type EaPersonnel } from "../../shared/ea-personnel";
import { fieldErrors } from "../../shared/helper-schema";
import { m } from "../../shared/i18n/compiled/messages.js";
import { isUuid } from "../../shared/uuid";
import { badRequest, notFound } from "../../server/http/errors";
import { addPersonnel, claimsLicence, listPersonnel, personnelToName, removePersonnel } from "./server/ea-personnel";

/** How many helpers suppliers have listed: the helpers service's counts. */
interface ListedCounts {
  listedCounts(): Promise<Map<string, number>>;
  listedCount(supplierId: string): Promise<number>;
}

function toItem(row: {
  id: string;
  name: string;
  companyName: string | null;
  image: string | null;
  eaLicenceNumber: string | null;
  licenceCheckedAt: Date | null;
  phone: string | null;
  createdAt: Date;
  availableHelpers: number;
}): SupplierListItem {
  // A claimed licence is shown only once an operator checked it (decision 100).
  const licenceStatus = licenceStatusOf(row);
  return {
    id: row.id,
    name: row.companyName || row.name,
    companyName: row.companyName,
    image: photoUrls(row.image)?.thumbUrl ?? null,
    availableHelpers: row.availableHelpers,
    eaLicenceNumber: licenceStatus === "checked" ? row.eaLicenceNumber : null,
    licenceStatus,
    licenceCheckedAt: licenceStatus === "checked" ? row.licenceCheckedAt!.toISOString() : null,
    phone: row.phone ? formatPhone(row.phone) : null,
    since: row.createdAt.toISOString(),
  };
}

/** What a household is shown about a supplier (the accounts' read model): who they are, their licence, how to reach them. */
const publicColumns = {
  id: accountProfiles.id,
  name: accountProfiles.name,
  companyName: accountProfiles.companyName,
  image: accountProfiles.image,
  eaLicenceNumber: accountProfiles.eaLicenceNumber,
  licenceCheckedAt: accountProfiles.licenceCheckedAt,
  phone: accountProfiles.phone,
  createdAt: accountProfiles.createdAt,
};

/** Suppliers with listed helpers, most first, then by name. */
export async function listSuppliers(db: Database, helpers: ListedCounts): Promise<SupplierListItem[]> {
  const counts = await helpers.listedCounts();
  if (counts.size === 0) return [];
  const rows = await db
    .select(publicColumns)
    .from(accountProfiles)
    // A helper publishing herself (a direct hire) is no supplier: never on /authors (decision 197).
    .where(and(inArray(accountProfiles.id, [...counts.keys()]), eq(accountProfiles.directHire, false)))
    .orderBy(sql`lower(${accountProfiles.name})`);
  // A stable sort keeps the database's order by name among suppliers with as many helpers.
  const items = rows.map((row) => toItem({ ...row, availableHelpers: counts.get(row.id) ?? 0 }));
  return items.toSorted((a, b) => b.availableHelpers - a.availableHelpers);
}

/** A supplier's page: any account that may show anything, with none listed too. */
export async function findSupplier(
  db: Database,
  rule: PublicRule,
  helpers: ListedCounts,
  id: string,
): Promise<SupplierListItem | undefined> {
  const [[row], listed] = await Promise.all([
    db
      .select(publicColumns)
      .from(accountProfiles)
      .where(and(eq(accountProfiles.id, id), ownerMayShow(rule), eq(accountProfiles.directHire, false)))
      .limit(1),
    helpers.listedCount(id),
  ]);
  return row ? toItem({ ...row, availableHelpers: listed }) : undefined;
}

export interface SupplierServiceDeps {
  db: Database;
  rule: PublicRule;
  /** How many helpers each supplier has listed (the helpers service). */
  helpers: ListedCounts;
  /** Delivers here what a change of the supplier's EA personnel announced (its trigger announces it to every instance). */
  announced?: () => Promise<void>;
}

/** Suppliers with their counts of available helpers; the list is cached like the listing. */
export function createSupplierService({ db, rule, helpers, announced }: SupplierServiceDeps) {
  const cache = new ListingCache<SupplierListItem[]>({ maxEntries: 1 });
  return {
    list: () => cache.get("all", () => listSuppliers(db, helpers)),
    find: (id: string) => findSupplier(db, rule, helpers, id),
    /** A licensed agency's registered EA personnel (decision 162). */
    personnel: (supplierId: string) => listPersonnel(db, supplierId),
    /** The EA personnel an agency's biodata may name, for its form; none without a licence. */
    personnelToName: (supplierId: string) => personnelToName(db, supplierId),
    async addPersonnel(viewer: Viewer | null | undefined, body: unknown): Promise<EaPersonnel> {
      const supplier = requireUser(viewer);
      const parsed = eaPersonnelInputSchema.safeParse(body ?? {});
      if (!parsed.success) throw badRequest(m.server_error_invalid_input(), fieldErrors(parsed.error));
      if (!(await claimsLicence(db, supplier.id))) throw badRequest(m.shared_error_ea_personnel_no_licence());
      const added = await addPersonnel(db, supplier.id, parsed.data);
      await announced?.();
      return added;
    },
    async removePersonnel(viewer: Viewer | null | undefined, id: string): Promise<void> {
      const supplier = requireUser(viewer);
      if (!isUuid(id) || !(await removePersonnel(db, supplier.id, id))) throw notFound(m.shared_error_ea_personnel_not_found());
      await announced?.();
    },
    /** Drops the cached list (on every listing change). */
    invalidate: () => cache.invalidate(),
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
