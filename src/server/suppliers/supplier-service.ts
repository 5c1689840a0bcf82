/**
 * Suppliers as the public sees them: those with at least one available helper, with that count.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { SupplierListItem } from "../../shared/helper-types";
import { photoUrls } from "../../shared/media";
import { formatPhone } from "../../shared/phone";
import type { Database } from "../db/connect";
import { helpers, user } from "../db/schema";
import { ListingCache } from "../helpers";

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

function selectSuppliers(db: Database) {
  return db
    .select(publicColumns)
    .from(user)
    .innerJoin(helpers, and(eq(helpers.supplierId, user.id), eq(helpers.status, "available")))
    .groupBy(user.id);
}

export async function listSuppliers(db: Database): Promise<SupplierListItem[]> {
  const rows = await selectSuppliers(db).orderBy(desc(availableCount), sql`lower(${user.name})`);
  return rows.map(toItem);
}

export async function findSupplier(db: Database, id: string): Promise<SupplierListItem | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(user)
    .leftJoin(helpers, and(eq(helpers.supplierId, user.id), eq(helpers.status, "available")))
    .where(eq(user.id, id))
    .groupBy(user.id);
  return row ? toItem(row) : undefined;
}

export interface SupplierServiceDeps {
  db: Database;
}

/** Suppliers with their counts of available helpers; the list is cached like the listing. */
export function createSupplierService({ db }: SupplierServiceDeps) {
  const cache = new ListingCache<SupplierListItem[]>({ maxEntries: 1 });
  return {
    list: () => cache.get("all", () => listSuppliers(db)),
    find: (id: string) => findSupplier(db, id),
    /** Drops the cached list (on every listing change). */
    invalidate: () => cache.invalidate(),
  };
}

export type SupplierService = ReturnType<typeof createSupplierService>;
