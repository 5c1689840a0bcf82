/**
 * Operators check a supplier's licence against MOM's public directory and say how (decision
 * 100). A check is of the licence the operator saw: if the supplier changed it meanwhile, the
 * check is refused rather than given to a number nobody looked up. Changing the licence clears
 * the check (a trigger on the user row), and the row's listing trigger drops the pages that
 * show it on every instance.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../server/db/connect";
import { user } from "../../../server/db/schema";
import { HttpError, notFound } from "../../../server/http/errors";
import type { LicenceCheckInput } from "../licence-check-schema";

export interface SupplierLicence {
  id: string;
  name: string;
  companyName: string | null;
  email: string;
  eaLicenceNumber: string | null;
  checkedAt: string | null;
  checkedBy: string | null;
  note: string | null;
  joinedAt: string;
}

/** The suppliers an operator sees at once; more are found by name, e-mail or licence. */
export const SUPPLIERS_SHOWN = 200;

const checker = alias(user, "checker");

const licenceColumns = {
  id: user.id,
  name: user.name,
  companyName: user.companyName,
  email: user.email,
  eaLicenceNumber: user.eaLicenceNumber,
  checkedAt: user.licenceCheckedAt,
  checkedBy: checker.name,
  note: user.licenceCheckNote,
  joinedAt: user.createdAt,
};

const toLicence = (row: { checkedAt: Date | null; joinedAt: Date } & Omit<SupplierLicence, "checkedAt" | "joinedAt">): SupplierLicence => ({
  ...row,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  joinedAt: row.joinedAt.toISOString(),
});

/** Every supplier account: licences waiting for a check first, then checked ones, then overseas suppliers. */
export async function listSupplierLicences(db: Database, search?: string): Promise<SupplierLicence[]> {
  const term = search?.trim();
  const found = term
    ? sql`(${user.name} ILIKE ${`%${term}%`} OR ${user.companyName} ILIKE ${`%${term}%`} OR ${user.email} ILIKE ${`%${term}%`} OR ${user.eaLicenceNumber} ILIKE ${`%${term.replace(/\s+/g, "")}%`})`
    : undefined;
  const rows = await db
    .select(licenceColumns)
    .from(user)
    .leftJoin(checker, eq(checker.id, user.licenceCheckedBy))
    .where(and(eq(user.role, "supplier"), found))
    .orderBy(
      sql`case when ${user.eaLicenceNumber} is null then 2 when ${user.licenceCheckedAt} is null then 0 else 1 end`,
      desc(user.createdAt),
    )
    .limit(SUPPLIERS_SHOWN);
  return rows.map(toLicence);
}

async function findSupplierLicence(db: Database, id: string): Promise<SupplierLicence> {
  const [row] = await db
    .select(licenceColumns)
    .from(user)
    .leftJoin(checker, eq(checker.id, user.licenceCheckedBy))
    .where(eq(user.id, id))
    .limit(1);
  if (!row) throw notFound("No supplier has this id.");
  return toLicence(row);
}

/** Marks the supplier's licence checked by this operator, with how; only the licence they saw. */
export async function checkLicence(
  db: Database,
  operatorId: string,
  supplierId: string,
  input: LicenceCheckInput,
): Promise<SupplierLicence> {
  const [updated] = await db
    .update(user)
    .set({ licenceCheckedAt: new Date(), licenceCheckedBy: operatorId, licenceCheckNote: input.note })
    .where(and(eq(user.id, supplierId), isNotNull(user.eaLicenceNumber), eq(user.eaLicenceNumber, input.licence.toUpperCase())))
    .returning({ id: user.id });
  if (updated) return findSupplierLicence(db, supplierId);
  const current = await findSupplierLicence(db, supplierId);
  const message = current.eaLicenceNumber
    ? `The supplier's licence is now ${current.eaLicenceNumber}, not ${input.licence}: check that one.`
    : "This supplier no longer gives a licence: there is nothing to check.";
  throw new HttpError(409, "licence_changed", message, { licence: message });
}

/** Takes a check back: families see "Licence not yet checked" and no number again. */
export async function uncheckLicence(db: Database, supplierId: string): Promise<SupplierLicence> {
  await db.update(user).set({ licenceCheckedAt: null, licenceCheckedBy: null, licenceCheckNote: null }).where(eq(user.id, supplierId));
  return findSupplierLicence(db, supplierId);
}
