/**
 * A helper's own biodata (a direct hire, decision 197): one per helper account, and it says why
 * she is free to be hired directly. An agency's biodata carries none of this.
 */
import { count, eq, sql } from "drizzle-orm";
import type { DirectHireReason } from "../../../shared/biodata-catalogue";
import type { Executor } from "../../../server/db/connect";
import { badRequest, HttpError } from "../../../server/http/errors";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { helpers } from "./tables";

export interface DirectHireFacts {
  directHireReason: DirectHireReason | null;
  employerConsent: boolean | null;
  releaseDate: string | null;
}

const NONE: DirectHireFacts = { directHireReason: null, employerConsent: null, releaseDate: null };

/**
 * What a biodata keeps of the direct-hire facts: a helper's, checked (each missing one named at
 * its field, nothing written); an agency's, none.
 */
export function directHireFacts(direct: boolean, facts: DirectHireFacts): DirectHireFacts {
  if (!direct) return NONE;
  const fields: Record<string, string> = {};
  if (!facts.directHireReason) fields.directHireReason = m.shared_error_direct_hire_reason();
  if (facts.directHireReason === "transfer") {
    if (facts.employerConsent !== true) fields.employerConsent = m.shared_error_employer_consent();
    if (!facts.releaseDate) fields.releaseDate = m.shared_error_release_date_needed();
  }
  if (Object.keys(fields).length > 0) throw badRequest(m.server_error_invalid_input(), fields);
  // A release date and a consent belong to a transfer only.
  return facts.directHireReason === "transfer" ? facts : { ...facts, employerConsent: null, releaseDate: null };
}

/**
 * A helper's account owns at most one biodata: counted under a lock on the account, so two
 * saves sent together cannot both pass.
 */
export async function assertFirstBiodata(tx: Executor, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`direct-hire:${ownerId}`}))`);
  const [row] = await tx.select({ n: count() }).from(helpers).where(eq(helpers.supplierId, ownerId));
  if ((row?.n ?? 0) > 0) {
    const message = m.shared_error_one_biodata();
    throw new HttpError(409, "one_biodata", message, { form: message });
  }
}
