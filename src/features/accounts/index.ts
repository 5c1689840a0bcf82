/** The auth feature as other features see it: who is asking, and the checks on them. */
export { requireOperator, requireOwnerOrOperator, requireUser } from "./server/guards";
export type { Viewer } from "./server/viewer";
export { actor, type Access } from "./server/access";
export { checkIdentity, listHelperAccounts } from "./server/identity-checks";
export { setRole, UnknownUserError, type Role, type RoleChange } from "./server/roles";
export { hasSessionCookie } from "./server/session";
export { isLicenceTaken } from "./server/licence-claims";
export { accountMayShow, ownerMayShow, publicRule, type PublicRule } from "./server/visibility";
export { account, accountProfiles, user, type AccountProfile } from "./server/tables";
export { accountName, accountProfile, avatarUsesImage } from "./server/account-reads";
export {
  checkLicence,
  findSupplierLicence,
  listSupplierLicences,
  refuseLicence,
  uncheckLicence,
  type LicenceCheckInput,
  type LicenceRefusalInput,
  type SupplierLicence,
} from "./server/licence-checks";
