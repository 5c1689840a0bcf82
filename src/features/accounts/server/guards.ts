/**
 * The server's permission checks, used by every write, API and page alike. The browser's
 * checks are for convenience only.
 */
import { forbidden, unauthorized } from "../../../server/http/errors";
import type { Viewer } from "./viewer";
import { m } from "../../../shared/i18n/compiled/messages.js";

export function requireUser(viewer: Viewer | null | undefined): Viewer {
  if (!viewer) throw unauthorized();
  return viewer;
}

/** The owner of a thing, or an operator. */
export function requireOwnerOrOperator(viewer: Viewer | null | undefined, ownerId: string): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "operator" && user.id !== ownerId) {
    throw forbidden("Only the supplier who published this biodata, or an operator, may change it.");
  }
  return user;
}

/** A supplier's (or an operator's) account: a helper's own (a direct hire) has no licence nor personnel. */
export function requireSupplier(viewer: Viewer | null | undefined): Viewer {
  const user = requireUser(viewer);
  if (user.role === "helper") throw forbidden(m.server_error_suppliers_only());
  return user;
}

export function requireOperator(viewer: Viewer | null | undefined): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "operator") throw forbidden("Only operators may see this.");
  return user;
}
