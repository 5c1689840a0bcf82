import { Form, Link } from "react-router";
import type { ReactNode } from "react";
import type { SortOrder } from "../../../shared/listing-query";
import type { FilterChip } from "./listing-chips";
import { SearchRow } from "./search-row";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

const SORT_ORDERS: readonly SortOrder[] = ["newest", "salary", "age"];

/** The filter form, starting from this listing's choices (its order and page are the listing's own). */
function editFiltersHref(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("sort");
  return localHref(paths.editFilters(params));
}

/** Parameters the form writes itself; every other one rides along in hidden fields. */
const OWN_PARAMS = new Set(["q", "sort", "page"]);

/**
 * Search by name, reference or skill, the order, the active filters as removable chips, "Edit
 * filters" (the form, starting from them), "Clear" (back to every helper) and what the listing
 * adds on that row (`more`). A plain GET form, so it works before (or without) JavaScript; with
 * it, choosing an order applies at once.
 */
export function ListingControls({
  pathname,
  search,
  q,
  sort,
  chips,
  clearHref,
  more,
}: {
  pathname: string;
  search: string;
  q: string;
  sort: SortOrder;
  chips: FilterChip[];
  clearHref: string;
  more?: ReactNode;
}) {
  const kept = [...new URLSearchParams(search)].filter(([name]) => !OWN_PARAMS.has(name));
  return (
    <div className="listing-controls">
      <Form method="get" action={pathname} className="listing-search" role="search" aria-label={m.helpers_search_helpers()}>
        {kept.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <SearchRow q={q} />
        <label className="sort-control">
          {m.helpers_sort()}
          <select name="sort" defaultValue={sort} key={sort} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
            {SORT_ORDERS.map((order) => (
              <option key={order} value={order}>
                {m.helpers_sort_order({ order })}
              </option>
            ))}
          </select>
        </label>
      </Form>
      <div className="active-filters">
        {chips.length > 0 ? (
          <ul aria-label={m.helpers_active_filters()} className="filter-chips">
            {chips.map((chip) => (
              <li key={chip.label}>
                <Link to={chip.href} aria-label={m.helpers_remove_chip({ label: chip.label })}>
                  {chip.label} <span aria-hidden="true">×</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <Link to={editFiltersHref(search)} className="edit-filters">
          {m.helpers_edit_filters()}
        </Link>
        {chips.length > 0 ? (
          <Link to={clearHref} className="clear-all">
            {m.helpers_clear()}
          </Link>
        ) : null}
        {more}
      </div>
    </div>
  );
}
