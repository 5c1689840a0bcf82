import { Form, Link, redirect, useLoaderData } from "react-router";
import { catalogue } from "../../../shared/catalogue";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatSingaporeDay } from "../../../shared/format";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { ViewEditLinks } from "../../helpers/components/biodata-links";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { Pagination } from "../../../ui/pagination";

import { unlistedPageMeta } from "../../../ui/meta";
import type { Route } from "./+types/helpers";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("All biodata", matches);

const STATUSES: readonly string[] = catalogue.status.map((entry) => entry.slug);

/** The filters as asked for; anything not understood is left out rather than refused. */
function filtersOf(url: URL) {
  const status = url.searchParams.get("status") ?? "";
  const supplier = (url.searchParams.get("supplier") ?? "").trim();
  const pageParam = Number(url.searchParams.get("page"));
  return {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
    status: STATUSES.includes(status) ? status : "",
    supplier: supplier.length <= 64 ? supplier : "",
    page: Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1,
  };
}

type Filters = ReturnType<typeof filtersOf>;

function hrefFor(filters: Filters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.supplier) params.set("supplier", filters.supplier);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return `/admin/helpers${text ? `?${text}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url));
  const biodata = context.services.operator.as(context.viewer).helpers;
  const [result, suppliers] = await Promise.all([
    biodata.list({
      q: filters.q || undefined,
      status: filters.status || undefined,
      supplierId: filters.supplier || undefined,
      page: filters.page,
    }),
    biodata.suppliers(),
  ]);
  const last = Math.max(1, Math.ceil(result.total / result.pageSize));
  if (filters.page > last) throw redirect(hrefFor(filters, last));
  return {
    filters,
    suppliers,
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
    helpers: result.items.map((helper) => ({ ...helper, updated: formatSingaporeDay(helper.updatedAt) })),
  };
}

type Row = Awaited<ReturnType<typeof loader>>["helpers"][number];

const columns: DataColumn<Row>[] = [
  { label: "Name", rowHeader: true, cell: (helper) => helper.name },
  { label: "Ref", cell: (helper) => helper.ref },
  { label: "Status", cell: (helper) => labelOf("status", helper.status) },
  { label: "Supplier", cell: (helper) => helper.supplier.name },
  { label: "Updated", cell: (helper) => <time dateTime={helper.updatedAt}>{helper.updated}</time> },
  {
    label: "Actions",
    hideLabel: true,
    cell: (helper) => (
      <span className="operator-row-actions">
        <ViewEditLinks helper={helper} />
      </span>
    ),
  },
];

export default function OperatorHelpers() {
  const { filters, suppliers, total, page, pageSize, helpers } = useLoaderData<typeof loader>();
  const narrowed = Boolean(filters.q || filters.status || filters.supplier);
  return (
    <section className="operator-screen" aria-labelledby="helpers-heading">
      <div className="operator-head">
        <h1 id="helpers-heading">All biodata</h1>
      </div>
      <Form method="get" className="operator-filters" role="search" aria-label="Biodata">
        <div className="operator-search">
          <label htmlFor="helper-search">Search by name or reference</label>
          <input id="helper-search" type="search" name="q" defaultValue={filters.q} maxLength={100} />
        </div>
        <div className="operator-filter">
          <label htmlFor="helper-status">Status</label>
          <select id="helper-status" name="status" defaultValue={filters.status}>
            <option value="">Any status</option>
            {catalogue.status.map((entry) => (
              <option key={entry.slug} value={entry.slug}>
                {entry.label}
              </option>
            ))}
          </select>
        </div>
        <div className="operator-filter">
          <label htmlFor="helper-supplier">Supplier</label>
          <select id="helper-supplier" name="supplier" defaultValue={filters.supplier}>
            <option value="">Every supplier</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button primary">
          Show
        </button>
        {narrowed ? <Link to="/admin/helpers">Clear filters</Link> : null}
      </Form>
      <p className="listing-total" role="status">
        {`${total.toLocaleString("en-SG")} biodata${narrowed ? (total === 1 ? " matches these filters" : " match these filters") : ""}`}
      </p>
      {helpers.length === 0 ? (
        <p className="empty">{narrowed ? "No biodata matches these filters." : "No biodata yet."}</p>
      ) : (
        <DataTable
          caption="Every supplier's biodata, most recently changed first"
          columns={columns}
          rows={helpers}
          rowKey={(helper) => helper.id}
        />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} hrefFor={(p) => hrefFor(filters, p)} />
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
