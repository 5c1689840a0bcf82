/**
 * Suppliers as the public sees them: those with at least one listed helper, with that count; a
 * supplier's own page only while their account may show anything (helpers/visibility.ts).
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { SupplierListItem } from "../../shared/helper-types";
import { photoUrls } from "../../shared/media";
import { formatPhone } from "../../shared/phone";
import type { Database } from "../../server/db/connect";
import { helpers, user } from "../../server/db/schema";
import { listedHelpers, ListingCache, ownerMayShow, type PublicRule } from "../helpers";

const availableCount = count(helpers.id);

function toItem(row: {
  id: string;
  name: string;
  companyName: string | null;
  image: string | null;
  eaLicenceNumber: string | null;
  phone: string | null;
  createdAt: Date;
  availableHelpers: number;
}): SupplierListItem {
  return {
    id: row.id,
    name: row.companyName || row.name,
    companyName: row.companyName,
    image: photoUrls(row.image)?.thumbUrl ?? null,
    availableHelpers: row.availableHelpers,
    eaLicenceNumber: row.eaLicenceNumber || null,
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
  phone: user.phone,
  createdAt: user.createdAt,
  availableHelpers: availableCount,
};

function selectSuppliers(db: Database, rule: PublicRule) {
  return db
    .select(publicColumns)
    .from(user)
    .innerJoin(helpers, and(eq(helpers.supplierId, user.id), listedHelpers(rule)))
    .groupBy(user.id);
}

export async function listSuppliers(db: Database, rule: PublicRule): Promise<SupplierListItem[]> {
  const rows = await selectSuppliers(db, rule).orderBy(desc(availableCount), sql`lower(${user.name})`);
  return rows.map(toItem);
}

export async function findSupplier(db: Database, rule: PublicRule, id: string): Promise<SupplierListItem | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(user)
    .leftJoin(helpers, and(eq(helpers.supplierId, user.id), listedHelpers(rule)))
    .where(and(eq(user.id, id), ownerMayShow(rule)))
    .groupBy(user.id);
  return row ? toItem(row) : undefined;
}

export interface SupplierServiceDeps {
  db: Database;
  rule: PublicRule;
}

/** Suppliers with their counts of available helpers; the list is cached like the listing. */
export function createSupplierService({ db, rule }: SupplierServiceDeps) {
  const cache = new ListingCache<SupplierListItem[]>({ maxEntries: 1 });
  return {
    list: () => cache.get("all", () => listSuppliers(db, rule)),
    find: (id: string) => findSupplier(db, rule, id),
    /** Drops the cached list (on every listing change). */
    invalidate: () => cache.invalidate(),
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
