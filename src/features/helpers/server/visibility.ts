/**
 * What the public may see of biodata, decided in one place (decision 085). A biodata is shown
 * (its page, the API, its PDF and link preview, a shortlist) when it is not a draft, and listed
 * (the listing, search, the sitemap, supplier pages) when it is available; in both cases only
 * while its owner's account may show anything, which the accounts feature decides
 * (accounts/server/visibility.ts: a confirmed e-mail when mail is really sent, no refused
 * licence).
 *
 * The SQL conditions join the supplier's account; the predicates below them say the same of a
 * row already read (a save deciding what it changed for the public), so no other module spells
 * out a status or an account check of its own (decision 094).
 */
import { and, eq, ne, type SQL } from "drizzle-orm";
import { helpers } from "./tables";
import { accountMayShow, ownerMayShow, publicRule, type PublicRule } from "../../accounts";

export { accountMayShow, ownerMayShow, publicRule, type PublicRule };

/** The one status nobody but its owner and operators sees. */
const HIDDEN_STATUS = "draft";
/** The one status that puts a biodata on the listing. */
const LISTED_STATUS = "available";

/** Biodata anyone may open: any status but draft, of an account that may show them. */
export function shownHelpers(rule: PublicRule): SQL {
  return and(ne(helpers.status, HIDDEN_STATUS), ownerMayShow(rule))!;
}

/** Biodata on the listing and in search: available, of an account that may show them. */
export function listedHelpers(rule: PublicRule): SQL {
  return and(eq(helpers.status, LISTED_STATUS), ownerMayShow(rule))!;
}

/** The status part of `shownHelpers`, for a row already read. */
export function isShownStatus(status: string): boolean {
  return status !== HIDDEN_STATUS;
}

/** The status part of `listedHelpers`, for a row already read. */
export function isListedStatus(status: string): boolean {
  return status === LISTED_STATUS;
}
