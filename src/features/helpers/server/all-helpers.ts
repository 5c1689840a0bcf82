/**
 * Every biodata of every supplier, for operators (/admin/helpers): drafts, reserved and hired
 * ones too, which the public listing never shows. Narrowed by status, supplier and a piece of
 * the name or reference; most recently changed first. The operator feature reads them through
 * the helpers service (decision 094).
 */
import { and, count, desc, eq, exists, ilike, or, type SQL } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { escapeLike } from "../../../server/db/escape-like";
import { accountProfiles } from "../../accounts";
import { helpers } from "./tables";

export const ALL_HELPERS_PAGE_SIZE = 50;

export interface AllHelpersQuery {
  status?: string;
  supplierId?: string;
  q?: string;
  page?: number;
}

export interface AllHelpersRow {
  id: string;
  ref: string;
  name: string;
  status: string;
  supplier: { id: string; name: string };
  updatedAt: string;
}

function conditions(query: AllHelpersQuery): SQL | undefined {
  const text = query.q?.trim();
  const like = text ? `%${escapeLike(text)}%` : undefined;
  return and(
    query.status ? eq(helpers.status, query.status) : undefined,
    query.supplierId ? eq(helpers.supplierId, query.supplierId) : undefined,
    like ? or(ilike(helpers.name, like), ilike(helpers.ref, like)) : undefined,
  );
}

export async function listAllHelpers(db: Database, query: AllHelpersQuery) {
  const pageSize = ALL_HELPERS_PAGE_SIZE;
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where = conditions(query);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: helpers.id,
        ref: helpers.ref,
        name: helpers.name,
        status: helpers.status,
        updatedAt: helpers.updatedAt,
        supplierId: helpers.supplierId,
        supplierName: accountProfiles.name,
        supplierCompany: accountProfiles.companyName,
      })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(where)
      .orderBy(desc(helpers.updatedAt), desc(helpers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(helpers).where(where),
  ]);
  const items: AllHelpersRow[] = rows.map((row) => ({
    id: row.id,
    ref: row.ref,
    name: row.name,
    status: row.status,
    supplier: { id: row.supplierId, name: row.supplierCompany || row.supplierName },
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { items, total: counted?.total ?? 0, page, pageSize };
}

/** Everyone with at least one biodata, by name: the choices of the supplier filter. */
export async function suppliersWithHelpers(db: Database): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: accountProfiles.id, name: accountProfiles.name, company: accountProfiles.companyName })
    .from(accountProfiles)
    .where(exists(db.select({ one: helpers.id }).from(helpers).where(eq(helpers.supplierId, accountProfiles.id))));
  return rows.map((row) => ({ id: row.id, name: row.company || row.name })).sort((a, b) => a.name.localeCompare(b.name));
}
