/**
 * Operators check a supplier's licence against MOM's public directory and say how (decision
 * 100). A check is of the licence the operator saw: if the supplier changed it meanwhile, the
 * check is refused rather than given to a number nobody looked up. Changing the licence clears
 * the check (a trigger on the user row), and the row's listing trigger drops the pages that
 * show it on every instance. The licence is the account's: the operator feature's desk calls
 * these, having checked who asks (decision 190).
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../server/db/connect";
import { HttpError, notFound } from "../../../server/http/errors";
import { normaliseLicence } from "../../../shared/licence";
import { isLicenceTaken } from "./licence-claims";
import { user } from "./tables";

/** An operator's check: the licence they looked up, and how (the operator's form checks both). */
export interface LicenceCheckInput {
  licence: string;
  note: string;
}

/** An operator's refusal: the licence they looked up, and why, as the supplier reads it. */
export interface LicenceRefusalInput {
  licence: string;
  reason: string;
}

export interface SupplierLicence {
  id: string;
  name: string;
  companyName: string | null;
  email: string;
  eaLicenceNumber: string | null;
  checkedAt: string | null;
  checkedBy: string | null;
  note: string | null;
  /** The number an operator refused (decision 164), when, by whom and why; null when none is refused. */
  refusedNumber: string | null;
  refusedAt: string | null;
  refusedBy: string | null;
  refusalReason: string | null;
  joinedAt: string;
}

/** The suppliers an operator sees at once; more are found by name, e-mail or licence. */
export const SUPPLIERS_SHOWN = 200;

const checker = alias(user, "checker");
const refuser = alias(user, "refuser");

const licenceColumns = {
  id: user.id,
  name: user.name,
  companyName: user.companyName,
  email: user.email,
  eaLicenceNumber: user.eaLicenceNumber,
  checkedAt: user.licenceCheckedAt,
  checkedBy: checker.name,
  note: user.licenceCheckNote,
  refusedNumber: user.licenceRefusedNumber,
  refusedAt: user.licenceRefusedAt,
  refusedBy: refuser.name,
  refusalReason: user.licenceRefusalReason,
  joinedAt: user.createdAt,
};

type Row = { checkedAt: Date | null; refusedAt: Date | null; joinedAt: Date } & Omit<
  SupplierLicence,
  "checkedAt" | "refusedAt" | "joinedAt"
>;

const toLicence = (row: Row): SupplierLicence => ({
  ...row,
  checkedAt: row.checkedAt?.toISOString() ?? null,
  refusedAt: row.refusedAt?.toISOString() ?? null,
  joinedAt: row.joinedAt.toISOString(),
});

function selectLicences(db: Database) {
  return db
    .select(licenceColumns)
    .from(user)
    .leftJoin(checker, eq(checker.id, user.licenceCheckedBy))
    .leftJoin(refuser, eq(refuser.id, user.licenceRefusedBy));
}

/**
 * Every supplier account: licences waiting for a check first (a refused one corrected since),
 * then refused ones, then checked ones, then overseas suppliers.
 */
export async function listSupplierLicences(db: Database, search?: string): Promise<SupplierLicence[]> {
  const term = search?.trim();
  const found = term
    ? sql`(${user.name} ILIKE ${`%${term}%`} OR ${user.companyName} ILIKE ${`%${term}%`} OR ${user.email} ILIKE ${`%${term}%`} OR ${user.eaLicenceNumber} ILIKE ${`%${term.replace(/\s+/g, "")}%`})`
    : undefined;
  const rows = await selectLicences(db)
    .where(and(eq(user.role, "supplier"), found))
    .orderBy(
      sql`case when ${user.eaLicenceNumber} is null then 3 when ${user.eaLicenceNumber} = ${user.licenceRefusedNumber} then 1
        when ${user.licenceCheckedAt} is null then 0 else 2 end`,
      desc(user.createdAt),
    )
    .limit(SUPPLIERS_SHOWN);
  return rows.map(toLicence);
}

export async function findSupplierLicence(db: Database, id: string): Promise<SupplierLicence> {
  const [row] = await selectLicences(db).where(eq(user.id, id)).limit(1);
  if (!row) throw notFound("No supplier has this id.");
  return toLicence(row);
}

/** The refusal when the supplier's licence is no longer the one the operator saw. */
async function changedMeanwhile(db: Database, supplierId: string, seen: string): Promise<HttpError> {
  const current = await findSupplierLicence(db, supplierId);
  const message = current.eaLicenceNumber
    ? `The supplier's licence is now ${current.eaLicenceNumber}, not ${seen}: check that one.`
    : "This supplier no longer gives a licence: there is nothing to check.";
  return new HttpError(409, "licence_changed", message, { licence: message });
}

/**
 * Marks the supplier's licence checked by this operator, with how; only the licence they saw. A
 * refusal goes with it (decision 164), unless the refused number has since been claimed by
 * another account: then the check is refused (409) and the refusal stays.
 */
export async function checkLicence(
  db: Database,
  operatorId: string,
  supplierId: string,
  input: LicenceCheckInput,
): Promise<SupplierLicence> {
  const licence = normaliseLicence(input.licence);
  let updated: { id: string } | undefined;
  try {
    [updated] = await db
      .update(user)
      .set({
        licenceCheckedAt: new Date(),
        licenceCheckedBy: operatorId,
        licenceCheckNote: input.note,
        licenceRefusedNumber: null,
        licenceRefusedAt: null,
        licenceRefusedBy: null,
        licenceRefusalReason: null,
      })
      .where(and(eq(user.id, supplierId), isNotNull(user.eaLicenceNumber), eq(user.eaLicenceNumber, licence)))
      .returning({ id: user.id });
  } catch (error) {
    if (!isLicenceTaken(error)) throw error;
    const message = `Another account now holds ${licence}: this supplier's refusal stays until it gives another number.`;
    throw new HttpError(409, "licence_taken", message, { licence: message });
  }
  if (updated) return findSupplierLicence(db, supplierId);
  throw await changedMeanwhile(db, supplierId, input.licence);
}

/**
 * Refuses the licence the operator saw, with the reason the supplier reads (decision 164): the
 * check goes, nothing of the account is public until an operator checks a licence of theirs,
 * and the refused number is free for its real holder.
 */
export async function refuseLicence(
  db: Database,
  operatorId: string,
  supplierId: string,
  input: LicenceRefusalInput,
): Promise<SupplierLicence> {
  const licence = normaliseLicence(input.licence);
  const [updated] = await db
    .update(user)
    .set({
      licenceCheckedAt: null,
      licenceCheckedBy: null,
      licenceCheckNote: null,
      licenceRefusedNumber: licence,
      licenceRefusedAt: new Date(),
      licenceRefusedBy: operatorId,
      licenceRefusalReason: input.reason,
    })
    .where(and(eq(user.id, supplierId), isNotNull(user.eaLicenceNumber), eq(user.eaLicenceNumber, licence)))
    .returning({ id: user.id });
  if (updated) return findSupplierLicence(db, supplierId);
  throw await changedMeanwhile(db, supplierId, input.licence);
}

/** Takes a check back: families see "Licence not yet checked" and no number again. */
export async function uncheckLicence(db: Database, supplierId: string): Promise<SupplierLicence> {
  await db.update(user).set({ licenceCheckedAt: null, licenceCheckedBy: null, licenceCheckNote: null }).where(eq(user.id, supplierId));
  return findSupplierLicence(db, supplierId);
}
