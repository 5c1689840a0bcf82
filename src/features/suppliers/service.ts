/**
 * Suppliers as the public sees them: those with at least one listed helper, with that count; a
 * supplier's own page only while their account may show anything (helpers/visibility.ts). The
 * counts come from the helpers service: this feature reads accounts, not biodata (decision 094).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { SupplierListItem } from "../../shared/helper-types";
import { licenceStatusOf } from "../../shared/licence";
import { photoUrls } from "../../shared/media";
import { formatPhone } from "../../shared/phone";
import type { Database } from "../../server/db/connect";
import { user } from "../../server/db/schema";
import { ListingCache, ownerMayShow, type HelperService, type PublicRule } from "../helpers";

type ListedCounts = Pick<HelperService, "listedCounts" | "listedCount">;

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

/** What a household is shown about a supplier: who they are, their licence, how to reach them. */
const publicColumns = {
  id: user.id,
  name: user.name,
  companyName: user.companyName,
  image: user.image,
  eaLicenceNumber: user.eaLicenceNumber,
  licenceCheckedAt: user.licenceCheckedAt,
  phone: user.phone,
  createdAt: user.createdAt,
};

/** Suppliers with listed helpers, most first, then by name. */
export async function listSuppliers(db: Database, helpers: ListedCounts): Promise<SupplierListItem[]> {
  const counts = await helpers.listedCounts();
  if (counts.size === 0) return [];
  const rows = await db
    .select(publicColumns)
    .from(user)
    .where(inArray(user.id, [...counts.keys()]))
    .orderBy(sql`lower(${user.name})`);
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
      .from(user)
      .where(and(eq(user.id, id), ownerMayShow(rule)))
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
}

/** Suppliers with their counts of available helpers; the list is cached like the listing. */
export function createSupplierService({ db, rule, helpers }: SupplierServiceDeps) {
  const cache = new ListingCache<SupplierListItem[]>({ maxEntries: 1 });
  return {
    list: () => cache.get("all", () => listSuppliers(db, helpers)),
    find: (id: string) => findSupplier(db, rule, helpers, id),
    /** Drops the cached list (on every listing change). */
    invalidate: () => cache.invalidate(),
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
