/**
 * How a browser proves a phone number is its own (decision 082). The gate lets anyone through
 * with any number, so a signed visitor cookie alone proves nothing; the browser that first gave
 * a number is handed a random key whose hash is kept on the lead, and only a cookie with that key
 * sees the lead's data or withdraws it at once. A cookie whose lead is gone (withdrawn, carried
 * out, past retention) no longer passes the gate at all.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { visitors } from "./tables";
import type { Visitor } from "../../../server/http/visitor-cookie";

/** A visitor whose cookie names a lead that still exists, and whether it holds that lead's key. */
export interface RecognisedVisitor extends Visitor {
  owner: boolean;
}

/** A new owner key and the hash the lead keeps of it (a copy of the database proves nothing). */
export function newOwnerKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString("base64url");
  return { key, hash: hashOwnerKey(key) };
}

function hashOwnerKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether `key` is the one whose hash the lead keeps; leads stored before keys have no owner. */
export function holdsOwnerKey(key: string | null, storedHash: string | null): boolean {
  if (!key || !storedHash) return false;
  const given = Buffer.from(hashOwnerKey(key), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The cookie's visitor if its lead still exists for its number; null otherwise (the gate asks again). */
export async function recogniseVisitor(db: Database, visitor: Visitor | null): Promise<RecognisedVisitor | null> {
  if (!visitor) return null;
  const [row] = await db
    .select({ phone: visitors.phone, ownerKeyHash: visitors.ownerKeyHash })
    .from(visitors)
    .where(eq(visitors.id, visitor.leadId));
  if (!row || row.phone !== visitor.phone) return null;
  return { ...visitor, owner: holdsOwnerKey(visitor.key, row.ownerKeyHash) };
}
