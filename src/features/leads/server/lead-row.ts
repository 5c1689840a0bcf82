/** A stored lead as the API and the operator's screens show it. */
import { describeStoredFilters } from "../../../shared/filter-labels";
import type { Lead } from "../../../shared/lead-schema";
import type { VisitorRow } from "./tables";

export function toLead(row: VisitorRow): Lead {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    visits: row.visits,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    filters: describeStoredFilters(row.filters),
  };
}
