/**
 * Operators are made from the command line only (`npm run operator -- promote <email>`): no
 * request can give anyone a role.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { roleOf, type Role } from "../../../shared/roles";
import { user } from "./tables";

export type { Role };

export class UnknownUserError extends Error {
  override name = "UnknownUserError";
  constructor(readonly email: string) {
    super(`No account has the email ${email}`);
  }
}

export interface RoleChange {
  id: string;
  email: string;
  name: string;
  before: Role;
  after: Role;
}

export async function setRole(db: Database, email: string, role: Role): Promise<RoleChange> {
  const wanted = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: user.id, email: user.email, name: user.name, role: user.role })
      .from(user)
      .where(sql`lower(${user.email}) = ${wanted}`)
      .for("update")
      .limit(1);
    if (!row) throw new UnknownUserError(email);
    if (row.role !== role) await tx.update(user).set({ role }).where(eq(user.id, row.id));
    return { id: row.id, email: row.email, name: row.name, before: roleOf(row.role), after: role };
  });
}
