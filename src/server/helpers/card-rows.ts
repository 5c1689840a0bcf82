/**
 * The card columns of recently shown helpers, by id, for searches answered from the index: a new
 * term's page is then mostly read from memory, and the database is asked only for the cards it
 * does not hold, by primary key. Bounded (least recently used out) and dropped with the index on
 * every change, so a card is never older than the last notification.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { HelperCard } from "../../shared/helper-types";
import type { Database } from "../db/connect";
import { helpers, user } from "../db/schema";
import { cardColumns, supplierColumns, toCard, type CardRow } from "./helper-service";

export class CardRows {
  private readonly rows = new Map<string, CardRow>();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly maxEntries = 20_000,
  ) {}

  /** Available helpers' cards by id, in the order of the ids; ids no longer available are left out. */
  async cards(ids: readonly string[], now: Date): Promise<HelperCard[]> {
    const missing = ids.filter((id) => !this.rows.has(id));
    if (missing.length > 0) {
      const generation = this.generation;
      const fetched = await this.db
        .select({ ...cardColumns, ...supplierColumns })
        .from(helpers)
        .innerJoin(user, eq(user.id, helpers.supplierId))
        .where(and(inArray(helpers.id, missing), eq(helpers.status, "available")));
      // Rows read before a change are used for this answer only, not kept.
      const keep = generation === this.generation;
      const byId = new Map(fetched.map((row) => [row.id, row]));
      const found = ids.flatMap((id) => {
        const row = this.rows.get(id) ?? byId.get(id);
        return row ? [row] : [];
      });
      if (keep) for (const row of fetched) this.store(row);
      return found.map((row) => toCard(row, now));
    }
    return ids.map((id) => {
      const row = this.rows.get(id)!;
      this.store(row);
      return toCard(row, now);
    });
  }

  invalidate(): void {
    this.generation += 1;
    this.rows.clear();
  }

  get size(): number {
    return this.rows.size;
  }

  private store(row: CardRow): void {
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > this.maxEntries) {
      const oldest = this.rows.keys().next().value;
      if (oldest !== undefined) this.rows.delete(oldest);
    }
  }
}
