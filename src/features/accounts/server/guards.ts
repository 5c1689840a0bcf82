/**
 * The server's permission checks, used by every write, API and page alike. The browser's
 * checks are for convenience only.
 */
import { forbidden, unauthorized } from "../../../server/http/errors";
import type { Viewer } from "./viewer";

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

export function requireOperator(viewer: Viewer | null | undefined): Viewer {
  const user = requireUser(viewer);
  if (user.role !== "operator") throw forbidden("Only operators may see this.");
  return user;
}
