/**
 * A licence belongs to one account (decision 100). Every way a licence comes in asks first, so
 * the usual refusal is a message at the field; two claims at the same moment both pass that
 * question, and the unique index on the normalised licence lets one of them through: the other's
 * violation is answered with the same message.
 */
import { and, ne, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { user } from "./tables";
import { HttpError } from "../../../server/http/errors";
import { displayPhone } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { LICENCE_INDEX, normaliseLicence } from "../../../shared/licence";

/** The licence as the index compares it. */
const normalisedLicence: SQL = sql`upper(regexp_replace(${user.eaLicenceNumber}, '\\s', '', 'g'))`;

/**
 * Whether an account other than `exceptId` (none at sign-up) holds this licence. A number an
 * operator refused is held by nobody: its real holder may claim it (decision 164), as the unique
 * index's own condition says.
 */
export async function licenceHeldByAnother(db: Database, licence: string, exceptId: string | null): Promise<boolean> {
  const same = sql`${normalisedLicence} = ${normaliseLicence(licence)}
    and (${user.licenceRefusedNumber} is null or ${user.eaLicenceNumber} <> ${user.licenceRefusedNumber})`;
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(exceptId ? and(same, ne(user.id, exceptId)) : same)
    .limit(1);
  return Boolean(row);
}

/** Whether an error is the licence index refusing a second account. */
export function isLicenceTaken(error: unknown): boolean {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (constraint === LICENCE_INDEX || message?.includes(LICENCE_INDEX))) return true;
  }
  return false;
}

export const LICENCE_TAKEN_CODE = "licence_taken";

/** The refusal: 409, with the message at the licence field. */
/** The refusal of a licence another account holds, with whom to contact, in the reader's language. */
export function licenceTakenMessage(contactPhone: string): string {
  return m.server_error_licence_taken({ phone: displayPhone(contactPhone) });
}

export function licenceTaken(contactPhone: string): HttpError {
  const message = licenceTakenMessage(contactPhone);
  return new HttpError(409, LICENCE_TAKEN_CODE, message, { eaLicenceNumber: message });
}

/**
 * better-auth's handler, with a licence claimed at the same moment by another account (the
 * index's refusal, thrown through it) answered as better-auth answers its own refusals.
 */
export function refusingTakenLicences(handler: (request: Request) => Promise<Response>, contactPhone: string) {
  return async (request: Request): Promise<Response> => {
    try {
      const response = await handler(request);
      // The account guard's answer to a sign-up that lost the race keeps better-auth's 422 status.
      if (response.status === 422) {
        const body: unknown = await response
          .clone()
          .json()
          .catch(() => null);
        if (body && typeof body === "object" && "code" in body && body.code === "LICENCE_TAKEN") {
          return Response.json(body, { status: 409, headers: response.headers });
        }
      }
      return response;
    } catch (error) {
      if (!isLicenceTaken(error)) throw error;
      const message = licenceTakenMessage(contactPhone);
      return Response.json({ code: "LICENCE_TAKEN", message, fields: { eaLicenceNumber: message } }, { status: 409 });
    }
  };
}
