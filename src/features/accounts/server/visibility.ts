/**
 * Whether the public may see anything of an account (decisions 085, 164): never while an
 * operator refuses its licence, and, when the site confirms e-mail addresses (real mail is sent),
 * only once the owner has opened the link mailed to them. Operators' accounts are trusted as they
 * are. The helpers feature puts this beside its statuses (helpers/server/visibility.ts); the
 * supplier pages use it as it is. In SQL it reads the read model (`account_profiles`), which
 * says both in a column each.
 */
import { and, eq, type SQL } from "drizzle-orm";
import { accountProfiles } from "./tables";

export interface PublicRule {
  /** True when mail is really sent: an account's biodata are public once its e-mail is confirmed. */
  confirmedOwnersOnly: boolean;
}

const OPERATOR_ROLE = "operator";

/** The rule of a site that sends real mail (`channels.email`) or keeps mails as files. */
export const publicRule = (ground: { site: { channels: { email: boolean } } }): PublicRule => ({
  confirmedOwnersOnly: ground.site.channels.email,
});

/** Whether the account joined in the same query (`account_profiles`) may show anything publicly. */
export function ownerMayShow(rule: PublicRule): SQL {
  const notRefused = eq(accountProfiles.licenceRefused, false);
  return rule.confirmedOwnersOnly ? and(notRefused, eq(accountProfiles.emailConfirmed, true))! : notRefused;
}

/** The e-mail part of `ownerMayShow`, for an account already read (publishing waits for it). */
export function accountMayShow(rule: PublicRule, account: { emailVerified: boolean; role: string }): boolean {
  return !rule.confirmedOwnersOnly || account.emailVerified || account.role === OPERATOR_ROLE;
}
