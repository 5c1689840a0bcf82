/**
 * A licensed agency's registered EA personnel (decisions 162, 163): kept on its profile, each of
 * its biodata naming one (the first registered until the agency chooses, and again when the one
 * chosen is removed). Overseas suppliers, with no licence, show none.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { EaPersonnel, EaPersonnelInput } from "../../../shared/ea-personnel";
import type { Database, Executor } from "../../../server/db/connect";
import { accountProfile } from "../../accounts";
import { eaPersonnel } from "./tables";
import { badRequest } from "../../../server/http/errors";
import { m } from "../../../shared/i18n/compiled/messages.js";

type Row = typeof eaPersonnel.$inferSelect;

const toPersonnel = (row: Row): EaPersonnel => ({
  id: row.id,
  name: row.name,
  registrationNumber: row.registrationNumber,
  checkedAt: row.checkedAt?.toISOString() ?? null,
});

/** The agency's registered personnel, first registered first. */
export async function listPersonnel(db: Database, supplierId: string): Promise<EaPersonnel[]> {
  const rows = await db
    .select()
    .from(eaPersonnel)
    .where(eq(eaPersonnel.supplierId, supplierId))
    .orderBy(asc(eaPersonnel.createdAt), asc(eaPersonnel.id));
  return rows.map(toPersonnel);
}

export async function addPersonnel(db: Database, supplierId: string, input: EaPersonnelInput): Promise<EaPersonnel> {
  const [row] = await db
    .insert(eaPersonnel)
    .values({ supplierId, ...input })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw badRequest(m.server_error_invalid_input(), { registrationNumber: m.shared_error_ea_registration_taken() });
  }
  return toPersonnel(row);
}

/** Removes one of the agency's own; false when it has none of that id. */
export async function removePersonnel(db: Database, supplierId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(eaPersonnel)
    .where(and(eq(eaPersonnel.id, id), eq(eaPersonnel.supplierId, supplierId)))
    .returning({ id: eaPersonnel.id });
  return removed.length > 0;
}

/** Whether the account claims a licence (an agency): only agencies register EA personnel. */
export async function claimsLicence(db: Database, supplierId: string): Promise<boolean> {
  return Boolean((await accountProfile(db, supplierId))?.eaLicenceNumber);
}

/** The personnel an agency's biodata may name: none for a supplier without a licence. */
export async function personnelToName(db: Database, supplierId: string): Promise<EaPersonnel[]> {
  return (await claimsLicence(db, supplierId)) ? listPersonnel(db, supplierId) : [];
}

/**
 * Whether `id` is one of the agency's own personnel, read in the caller's transaction (a biodata
 * naming them is saved) and kept until it commits, so a removal at the same moment waits and
 * then sets the biodata's choice back to none (decision 163).
 */
export async function holdOwnPersonnel(tx: Executor, supplierId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: eaPersonnel.id })
    .from(eaPersonnel)
    .where(and(eq(eaPersonnel.id, id), eq(eaPersonnel.supplierId, supplierId)))
    .for("key share")
    .limit(1);
  return row !== undefined;
}

/**
 * The personnel a biodata names: `chosen`, the one its agency chose for it (the helpers feature
 * keeps the choice), when still registered, else its first registered (decision 163); none for
 * an overseas supplier or an agency with none.
 */
export async function namedPersonnel(db: Database, supplierId: string, chosen: string | null): Promise<EaPersonnel | null> {
  if (!(await claimsLicence(db, supplierId))) return null;
  const [row] = await db
    .select()
    .from(eaPersonnel)
    .where(eq(eaPersonnel.supplierId, supplierId))
    .orderBy(sql`(${eaPersonnel.id} = ${chosen}) is true desc`, asc(eaPersonnel.createdAt), asc(eaPersonnel.id))
    .limit(1);
  return row ? toPersonnel(row) : null;
}
