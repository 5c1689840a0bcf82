/**
 * An operator's check of a helper's identity (decision 197): who checked, when, and which kind of
 * document was seen; never its number nor a copy. The table's trigger (migration 0032) tells every
 * instance that pages showing her must be read again.
 */
import { and, eq, sql } from "drizzle-orm";
import { isIdentityDocument, type IdentityCheck } from "../../../shared/identity-documents";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Database } from "../../../server/db/connect";
import { badRequest, notFound } from "../../../server/http/errors";
import { identityChecks, user } from "./tables";

export async function findIdentityCheck(db: Database, userId: string): Promise<IdentityCheck | null> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).limit(1);
  if (!row || !isIdentityDocument(row.documentKind)) return null;
  return { documentKind: row.documentKind, checkedAt: row.checkedAt.toISOString() };
}

/**
 * Records (or replaces) an operator's check of a helper's identity; anything but a helper's
 * account is a 404. The operators' desk (operator feature) calls it for an operator it checked.
 */
export async function checkIdentity(db: Database, operatorId: string, userId: string, body: unknown): Promise<IdentityCheck> {
  const kind = body && typeof body === "object" ? (body as { documentKind?: unknown }).documentKind : undefined;
  if (!isIdentityDocument(kind)) {
    throw badRequest(m.shared_error_identity_document(), { documentKind: m.shared_error_identity_document() });
  }
  return db.transaction(async (tx) => {
    const [helper] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.id, userId), eq(user.role, "helper")))
      .for("update");
    if (!helper) throw notFound(m.server_error_not_found());
    const [row] = await tx
      .insert(identityChecks)
      .values({ userId, documentKind: kind, checkedBy: operatorId })
      .onConflictDoUpdate({ target: identityChecks.userId, set: { documentKind: kind, checkedBy: operatorId, checkedAt: sql`now()` } })
      .returning();
    return { documentKind: kind, checkedAt: row!.checkedAt.toISOString() };
  });
}

/** The helpers' own accounts, for the operators: name, e-mail and the check of their identity, if any. */
export async function listHelperAccounts(db: Database) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      createdAt: user.createdAt,
      documentKind: identityChecks.documentKind,
      checkedAt: identityChecks.checkedAt,
    })
    .from(user)
    .leftJoin(identityChecks, eq(identityChecks.userId, user.id))
    .where(eq(user.role, "helper"))
    .orderBy(user.createdAt);
}
