import { Form, Link } from "react-router";
import { MAX_QUERY_LENGTH, type SortOrder } from "../../../shared/listing-query";
import type { FilterChip } from "./listing-chips";

export const SORT_LABELS: Record<SortOrder, string> = {
  newest: "Newest",
  salary: "Salary low to high",
  age: "Age young to old",
};

/** Parameters the form writes itself; every other one rides along in hidden fields. */
const OWN_PARAMS = new Set(["q", "sort", "page"]);

/**
 * Search by name or reference, the order, and the active filters as removable chips. A plain GET
 * form, so it works before (or without) JavaScript; with it, choosing an order applies at once.
 */
export function ListingControls({
  pathname,
  search,
  q,
  sort,
  chips,
  clearHref,
}: {
  pathname: string;
  search: string;
  q: string;
  sort: SortOrder;
  chips: FilterChip[];
  clearHref: string;
}) {
  const kept = [...new URLSearchParams(search)].filter(([name]) => !OWN_PARAMS.has(name));
  return (
    <div className="listing-controls">
      <Form method="get" action={pathname} className="listing-search" role="search" aria-label="Search helpers">
        {kept.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <div className="search-row">
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            aria-label="Search by name or reference"
            placeholder="Name or reference (DH1042)"
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
          />
          <button type="submit" className="button primary">
            Search
          </button>
        </div>
        <label className="sort-control">
          Sort
          <select name="sort" defaultValue={sort} key={sort} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            {(Object.keys(SORT_LABELS) as SortOrder[]).map((order) => (
              <option key={order} value={order}>
                {SORT_LABELS[order]}
              </option>
            ))}
          </select>
        </label>
      </Form>
      {chips.length > 0 ? (
        <div className="active-filters">
          <ul aria-label="Active filters" className="filter-chips">
            {chips.map((chip) => (
              <li key={chip.label}>
                <Link to={chip.href} aria-label={`Remove ${chip.label}`}>
                  {chip.label} <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
          <Link to={clearHref} className="clear-all">
            Clear all
          </Link>
        </div>
      ) : null}
    </div>
  );
}
