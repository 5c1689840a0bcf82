/**
 * Operators check each agency's registered EA personnel in MOM's directory, as they check its
 * licence (decision 163): "checked" records when and by whom; taking it back clears both. The
 * personnel's listing trigger (0018) drops the pages that name them on every instance. The
 * personnel are this feature's: the operator feature's desk calls these, having checked who asks;
 * their agency and checker are read from the accounts' read model (decision 190).
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { notFound } from "../../../server/http/errors";
import { isUuid } from "../../../shared/uuid";
import { eaPersonnel } from "./tables";

const GONE = "No EA personnel has this id: the agency may have removed them.";

export interface PersonnelCheck {
  id: string;
  name: string;
  registrationNumber: string;
  supplierId: string;
  agency: string;
  eaLicenceNumber: string | null;
  checkedAt: string | null;
  checkedBy: string | null;
  addedAt: string;
}

/** The personnel an operator sees at once; more are found by name, number or agency. */
export const PERSONNEL_SHOWN = 200;

const agency = alias(accountProfiles, "agency");
const checker = alias(accountProfiles, "checker");

const columns = {
  id: eaPersonnel.id,
  name: eaPersonnel.name,
  registrationNumber: eaPersonnel.registrationNumber,
  supplierId: eaPersonnel.supplierId,
  agencyName: agency.name,
  agencyCompany: agency.companyName,
  eaLicenceNumber: agency.eaLicenceNumber,
  checkedAt: eaPersonnel.checkedAt,
  checkedBy: checker.name,
  addedAt: eaPersonnel.createdAt,
};

type Row = { agencyName: string; agencyCompany: string | null; checkedAt: Date | null; addedAt: Date } & Omit<
  PersonnelCheck,
  "agency" | "checkedAt" | "addedAt"
>;

const toCheck = ({ agencyName, agencyCompany, checkedAt, addedAt, ...row }: Row): PersonnelCheck => ({
  ...row,
  agency: agencyCompany || agencyName,
  checkedAt: checkedAt?.toISOString() ?? null,
  addedAt: addedAt.toISOString(),
});

function selectChecks(db: Database) {
  return db
    .select(columns)
    .from(eaPersonnel)
    .innerJoin(agency, eq(agency.id, eaPersonnel.supplierId))
    .leftJoin(checker, eq(checker.id, eaPersonnel.checkedBy));
}

/** Every agency's personnel: those waiting for a check first, newest first, then checked ones. */
export async function listPersonnelChecks(db: Database, search?: string): Promise<PersonnelCheck[]> {
  const term = search?.trim();
  const like = term ? `%${term}%` : undefined;
  const found = like
    ? sql`(${eaPersonnel.name} ILIKE ${like} OR ${eaPersonnel.registrationNumber} ILIKE ${`%${term!.replace(/\s+/g, "")}%`} OR ${agency.name} ILIKE ${like} OR ${agency.companyName} ILIKE ${like})`
    : undefined;
  const rows = await selectChecks(db)
    .where(found)
    .orderBy(sql`${eaPersonnel.checkedAt} is not null`, desc(eaPersonnel.createdAt), asc(eaPersonnel.id))
    .limit(PERSONNEL_SHOWN);
  return rows.map(toCheck);
}

export async function findPersonnelCheck(db: Database, id: string): Promise<PersonnelCheck> {
  if (!isUuid(id)) throw notFound(GONE);
  const [row] = await selectChecks(db).where(eq(eaPersonnel.id, id)).limit(1);
  if (!row) throw notFound(GONE);
  return toCheck(row);
}

/** Marks them checked in MOM's directory, now, by this operator. */
export async function checkPersonnel(db: Database, operatorId: string, id: string): Promise<PersonnelCheck> {
  if (!isUuid(id)) throw notFound(GONE);
  await db.update(eaPersonnel).set({ checkedAt: new Date(), checkedBy: operatorId }).where(eq(eaPersonnel.id, id));
  return findPersonnelCheck(db, id);
}

/** Takes a check back: they wait for a check again. */
export async function uncheckPersonnel(db: Database, id: string): Promise<PersonnelCheck> {
  if (!isUuid(id)) throw notFound(GONE);
  await db.update(eaPersonnel).set({ checkedAt: null, checkedBy: null }).where(eq(eaPersonnel.id, id));
  return findPersonnelCheck(db, id);
}
