/**
 * What the public may see of biodata, decided in one place (decision 085). A biodata is shown
 * (its page, the API, its PDF and link preview, a shortlist) when it is not a draft, and listed
 * (the listing, search, the sitemap, supplier pages) when it is available; in both cases only
 * while its owner's account may show anything. When the site confirms e-mail addresses (real
 * mail is sent), that is once the owner has opened the link mailed to them: until then nothing
 * of an account is public, whatever the status of its biodata; nor is it while an operator
 * refuses the account's licence (decision 164). Operators' accounts are trusted
 * as they are, as when they publish.
 *
 * The SQL conditions join `user` on the helper's supplier; the predicates below them say the same
 * of a row already read (a save deciding what it changed for the public), so no other module
 * spells out a status or an account check of its own (decision 094).
 */
import { and, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { helpers, user } from "../../../server/db/schema";

export interface PublicRule {
  /** True when mail is really sent: an account's biodata are public once its e-mail is confirmed. */
  confirmedOwnersOnly: boolean;
}

/** The rule of a site that sends real mail (`channels.email`) or keeps mails as files. */
export const publicRule = (ground: { site: { channels: { email: boolean } } }): PublicRule => ({
  confirmedOwnersOnly: ground.site.channels.email,
});

/** The one status nobody but its owner and operators sees. */
const HIDDEN_STATUS = "draft";
/** The one status that puts a biodata on the listing. */
const LISTED_STATUS = "available";
const OPERATOR_ROLE = "operator";

/**
 * Whether the joined account may show anything publicly: never while an operator refuses its
 * licence (decision 164), and with real mail only once its address is confirmed.
 */
export function ownerMayShow(rule: PublicRule): SQL {
  const notRefused = isNull(user.licenceRefusedAt);
  return rule.confirmedOwnersOnly ? and(notRefused, or(eq(user.emailVerified, true), eq(user.role, OPERATOR_ROLE)))! : notRefused;
}

/** Biodata anyone may open: any status but draft, of an account that may show them. */
export function shownHelpers(rule: PublicRule): SQL {
  return and(ne(helpers.status, HIDDEN_STATUS), ownerMayShow(rule))!;
}

/** Biodata on the listing and in search: available, of an account that may show them. */
export function listedHelpers(rule: PublicRule): SQL {
  return and(eq(helpers.status, LISTED_STATUS), ownerMayShow(rule))!;
}

/** `ownerMayShow` for an account already read. */
export function accountMayShow(rule: PublicRule, account: { emailVerified: boolean; role: string }): boolean {
  return !rule.confirmedOwnersOnly || account.emailVerified || account.role === OPERATOR_ROLE;
}

/** The status part of `shownHelpers`, for a row already read. */
export function isShownStatus(status: string): boolean {
  return status !== HIDDEN_STATUS;
}

/** The status part of `listedHelpers`, for a row already read. */
export function isListedStatus(status: string): boolean {
  return status === LISTED_STATUS;
}
