import { data, Form, useActionData, useLoaderData } from "react-router";
import { z } from "zod";
import { formatPhone } from "../../../shared/phone";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { Pagination } from "../../../ui/pagination";
import { PrivacyRequests } from "../../privacy/components/operator-privacy-requests";
import { formatSingaporeTime } from "../../../shared/format";

import { redirectWithMessage } from "../../../ui/flash.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { whatsappLink } from "../../../shared/whatsapp";
import { OperatorSearch } from "../components/operator-search";
import type { Route } from "./+types/leads";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("Leads", matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const pageParam = Number(url.searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  const [result, requests] = await Promise.all([
    context.services.leads.list(context.viewer, { q: q || undefined, page }),
    context.services.leads.privacy.openRequests(context.viewer),
  ]);
  const now = Date.now();
  return {
    withdrawals: requests.map((request) => ({
      id: request.id,
      phoneShown: formatPhone(request.phone),
      requested: formatSingaporeTime(request.requestedAt),
      dueBy: formatSingaporeTime(request.dueBy),
      overdue: Date.parse(request.dueBy) < now,
    })),
    q,
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
    leads: result.items.map((lead) => ({
      id: lead.id,
      name: lead.name,
      phone: lead.phone,
      phoneShown: formatPhone(lead.phone),
      visits: lead.visits,
      firstSeen: formatSingaporeTime(lead.firstSeenAt),
      lastSeen: formatSingaporeTime(lead.lastSeenAt),
      filters: lead.filters,
    })),
  };
}

const NOT_OPEN = "This withdrawal is no longer open: it may have been carried out already.";

/**
 * Carries out a recorded withdrawal of consent (the lead and its queued notifications go) in two
 * steps that work without scripts: the first submit asks to confirm, the second (confirm=yes)
 * deletes and comes back here with a message saying so.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = z.uuid().safeParse(form.get("id"));
  const privacy = context.services.leads.privacy;
  if (form.get("confirm") !== "yes") {
    const open = id.success ? await privacy.openRequest(context.viewer, id.data) : undefined;
    if (!open) throw data(NOT_OPEN, { status: 404 });
    return { confirm: { id: open.id, phoneShown: formatPhone(open.phone) } };
  }
  const phone = id.success ? await privacy.carryOut(context.viewer, id.data) : undefined;
  if (!phone) throw data(NOT_OPEN, { status: 404 });
  return redirectWithMessage(
    context,
    "/admin/leads",
    `Deleted the lead of ${formatPhone(phone)} and its notifications not yet sent: the withdrawal is carried out.`,
  );
}

/** The question before a lead is deleted, with the button that does it and a way back. */
function ConfirmDeletion({ id, phoneShown }: { id: string; phoneShown: string }) {
  return (
    <section className="operator-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">Delete the lead of {phoneShown}?</h2>
      <p>Their name, number and visits, and any notification about them not yet sent, are deleted. This cannot be undone.</p>
      <Form method="post" className="operator-confirm-actions">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="button danger">
          Yes, delete the lead
        </button>
        <a className="button" href="/admin/leads">
          Cancel
        </a>
      </Form>
    </section>
  );
}

type LeadRow = Awaited<ReturnType<typeof loader>>["leads"][number];

const leadColumns: DataColumn<LeadRow>[] = [
  { label: "Name", cell: (lead) => lead.name },
  {
    label: "Phone",
    cell: (lead) => (
      <a href={whatsappLink(lead.phone)} target="_blank" rel="noopener noreferrer">
        {lead.phoneShown}
      </a>
    ),
  },
  { label: "Visits", cell: (lead) => lead.visits },
  { label: "First seen", cell: (lead) => lead.firstSeen },
  { label: "Last seen", cell: (lead) => lead.lastSeen },
  {
    label: "Filtered for",
    cell: (lead) =>
      lead.filters.length === 0 ? (
        "—"
      ) : (
        <ul className="operator-lead-filters">
          {lead.filters.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      ),
  },
];

export default function OperatorLeads() {
  const { q, total, page, pageSize, leads, withdrawals } = useLoaderData<typeof loader>();
  const asked = useActionData<typeof action>();
  const query = (next: Record<string, string>) => {
    const params = new URLSearchParams({ ...(q ? { q } : {}), ...next });
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  return (
    <section className="operator-screen" aria-labelledby="leads-heading">
      <div className="operator-head">
        <h1 id="leads-heading">Leads</h1>
        {/* A plain link: the browser downloads the file instead of the router fetching it. */}
        <a className="button" href={`/api/admin/leads.csv${query({})}`} download>
          Export CSV
        </a>
      </div>
      {asked?.confirm ? <ConfirmDeletion {...asked.confirm} /> : null}
      <PrivacyRequests requests={withdrawals} />
      <OperatorSearch id="lead-search" label="Search by name or phone" q={q} />
      <p className="listing-total" role="status">
        {total === 1 ? "1 lead" : `${total} leads`}
        {q ? ` matching “${q}”` : ""}
      </p>
      {leads.length === 0 ? (
        <p className="empty">{q ? "No lead matches this search." : "No leads yet."}</p>
      ) : (
        <DataTable columns={leadColumns} rows={leads} rowKey={(lead) => lead.id} />
      )}
      <Pagination page={page} pageSize={pageSize} total={total} hrefFor={(p) => `/admin/leads${query({ page: String(p) })}`} />
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
