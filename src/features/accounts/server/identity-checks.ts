/**
 * An operator's check of a helper's identity (decision 197): who checked, when, and which kind of
 * document was seen; never its number nor a copy. The account's row is touched in the same
 * transaction, so its trigger tells every instance that pages showing her must be read again.
 */
import { and, eq, sql } from "drizzle-orm";
import { isIdentityDocument, type IdentityCheck } from "../../../shared/identity-documents";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Database } from "../../../server/db/connect";
import { badRequest, notFound } from "../../../server/http/errors";
import { requireOperator } from "./guards";
import { identityChecks, user } from "./tables";
import type { Viewer } from "./viewer";

export async function findIdentityCheck(db: Database, userId: string): Promise<IdentityCheck | null> {
  const [row] = await db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).limit(1);
  if (!row || !isIdentityDocument(row.documentKind)) return null;
  return { documentKind: row.documentKind, checkedAt: row.checkedAt.toISOString() };
}

/** Records (or replaces) the check of a helper's identity; anything but a helper's account is a 404. */
export async function checkIdentity(
  db: Database,
  viewer: Viewer | null | undefined,
  userId: string,
  body: unknown,
): Promise<IdentityCheck> {
  const operator = requireOperator(viewer);
  const kind = body && typeof body === "object" ? (body as { documentKind?: unknown }).documentKind : undefined;
  if (!isIdentityDocument(kind)) {
    throw badRequest(m.shared_error_identity_document(), { documentKind: m.shared_error_identity_document() });
  }
  return db.transaction(async (tx) => {
    const [helper] = await tx
      .update(user)
      .set({ updatedAt: new Date() })
      .where(and(eq(user.id, userId), eq(user.role, "helper")))
      .returning({ id: user.id });
    if (!helper) throw notFound(m.server_error_not_found());
    const values = { userId, documentKind: kind, checkedBy: operator.id, checkedAt: new Date() };
    const [row] = await tx
      .insert(identityChecks)
      .values(values)
      .onConflictDoUpdate({ target: identityChecks.userId, set: { documentKind: kind, checkedBy: operator.id, checkedAt: sql`now()` } })
      .returning();
    return { documentKind: kind, checkedAt: row!.checkedAt.toISOString() };
  });
}

/** The helpers' accounts, for the operators' page: name, e-mail and their identity check if any. */
export async function listHelperAccounts(db: Database, viewer: Viewer | null | undefined) {
  requireOperator(viewer);
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
