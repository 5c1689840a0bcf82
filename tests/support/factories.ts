/**
 * Test data, made per test: a supplier and helpers with sensible values that a test overrides.
 */
import { randomBytes, randomInt, randomUUID } from "node:crypto";
import type { Database } from "../../src/server/db/connect";
import { helpers, type NewHelperRow } from "../../src/features/helpers/server/tables";
import { user } from "../../src/features/accounts/server/tables";
import type { TestApp } from "./test-app";

export function uniqueEmail(prefix = "supplier"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/** An EA licence number no other test (nor the demo data) holds: one account per licence. */
export function uniqueLicence(): string {
  const digits = (n: number) => String(randomInt(10 ** n)).padStart(n, "0");
  return `${digits(2)}${String.fromCharCode(65 + randomInt(26))}${digits(4)}`;
}

export async function createSupplier(db: Database, values: Partial<typeof user.$inferInsert> = {}): Promise<typeof user.$inferSelect> {
  const [row] = await db
    .insert(user)
    .values({ id: randomUUID(), name: "Test Supplier", email: uniqueEmail(), role: "supplier", ...values })
    .returning();
  return row!;
}

export function helperValues(supplierId: string, values: Partial<NewHelperRow> = {}): NewHelperRow {
  return {
    name: "Test Helper",
    nationality: "philippines",
    experience: "transfer",
    salary: 700,
    offDays: 2,
    dateOfBirth: "1990-05-15",
    heightCm: 155,
    weightKg: 52,
    marital: "single",
    religion: "catholic",
    english: "good",
    motherTongue: "tagalog",
    otherLanguages: ["english"],
    education: "high-school",
    cares: ["child"],
    specialNotes: "<p>Test notes</p>",
    status: "available",
    supplierId,
    ...values,
  };
}

/** Inserts a helper straight into the database and drops the app's cached listing pages. */
export async function createHelper(t: TestApp, supplierId: string, values: Partial<NewHelperRow> = {}) {
  const [row] = await t.db.insert(helpers).values(helperValues(supplierId, values)).returning();
  t.app.services.listingChanged();
  return row!;
}
