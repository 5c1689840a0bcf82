/**
 * A supplier's employment agency licence (MOM's EA licence): one account per licence, and what
 * families are told of it (decision 100). Read by the server, the pages and the PDF alike.
 */
import { formatSingaporeDay } from "./format";
import { m } from "./i18n/compiled/messages.js";

/** The unique index that keeps a licence to one account, on its normalised value. */
export const LICENCE_INDEX = "user_ea_licence_number_unique";

/** MOM's public directory of employment agencies, where anyone can look a licence up. */
export const MOM_EA_DIRECTORY_URL = "https://service2.mom.gov.sg/eadirectory/";

/** A licence as stored and compared: no spaces, capitals ("19c 9871" is 19C9871). */
export function normaliseLicence(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/**
 * What families see of a supplier's licence: "checked" (with the number and the day of the
 * check), "unchecked" (a licence is claimed, but neither it nor its number is shown yet) or
 * "none" (an overseas supplier).
 */
export type LicenceStatus = "checked" | "unchecked" | "none";

export function licenceStatusOf(row: { eaLicenceNumber: string | null; licenceCheckedAt: Date | null }): LicenceStatus {
  if (!row.eaLicenceNumber) return "none";
  return row.licenceCheckedAt ? "checked" : "unchecked";
}

/** The words for a status, the check's day in Singapore time, in the page's (or the PDF's) language. */
export function licenceCheckText(supplier: { licenceStatus: LicenceStatus; licenceCheckedAt: string | null }, siteName: string): string {
  if (supplier.licenceStatus === "none") return m.suppliers_overseas();
  if (supplier.licenceStatus === "checked" && supplier.licenceCheckedAt) {
    return m.suppliers_licence_checked({ site: siteName, date: formatSingaporeDay(supplier.licenceCheckedAt) });
  }
  return m.suppliers_licence_unchecked();
}

/** "EA licence 19C9871", as families read a checked licence's number. */
export function licenceNumberText(number: string): string {
  return m.suppliers_ea_licence({ number });
}
