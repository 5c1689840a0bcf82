/** The auth feature as other features see it: who is asking, and the checks on them. */
export { requireAdmin, requireOwnerOrAdmin, requireUser } from "./guards";
export type { Viewer } from "./viewer";
export { setRole, UnknownUserError, type Role, type RoleChange } from "./roles";
export { hasSessionCookie } from "./session";
