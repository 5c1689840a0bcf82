import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { formatSingaporeDay, formatSingaporeTime } from "../../../shared/format";
import { MOM_EA_DIRECTORY_URL } from "../../../shared/licence";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { isHttpError } from "../../../ui/forms.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { siteName } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { paths } from "../../../ui/paths";
import { pagePolicy } from "../../../shared/page-policy";
import { LICENCE_NOTE_MAX, licenceCheckSchema } from "../licence-check-schema";
import { OperatorSearch } from "../components/operator-search";
import type { Route } from "./+types/suppliers";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Suppliers — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const suppliers = await context.services.operator.suppliers.list(q || undefined);
  return {
    q,
    suppliers: suppliers.map((supplier) => ({
      id: supplier.id,
      name: supplier.companyName || supplier.name,
      person: supplier.companyName ? supplier.name : null,
      email: supplier.email,
      licence: supplier.eaLicenceNumber,
      checked: supplier.checkedAt
        ? { at: formatSingaporeTime(supplier.checkedAt), by: supplier.checkedBy ?? "the demo data", note: supplier.note ?? "" }
        : null,
      joined: formatSingaporeDay(supplier.joinedAt),
    })),
  };
}

const idSchema = z.string().min(1).max(64);

/** Marks a licence checked (with how) or takes a check back; a refusal stays at its row's form. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) throw data("Choose a supplier from the list.", { status: 400 });
  const suppliers = context.services.operator.suppliers;
  const back = `/admin/suppliers${new URL(request.url).search}`;
  if (form.get("intent") === "uncheck") {
    const supplier = await suppliers.uncheckLicence(id.data);
    return redirectWithMessage(
      context,
      back,
      `The check of ${supplier.eaLicenceNumber ?? "the licence"} is taken back: families see “Licence not yet checked”.`,
    );
  }
  const input = licenceCheckSchema.safeParse({ licence: form.get("licence"), note: form.get("note") });
  if (!input.success) {
    const fields = Object.fromEntries(input.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return data({ id: id.data, fields, note: String(form.get("note") ?? "") }, { status: 400 });
  }
  try {
    const supplier = await suppliers.checkLicence(viewerOf(context).id, id.data, input.data);
    return redirectWithMessage(
      context,
      back,
      `Licence ${supplier.eaLicenceNumber} of ${supplier.companyName || supplier.name} is marked checked.`,
    );
  } catch (error) {
    if (!isHttpError(error) || error.statusCode !== 409) throw error;
    return data({ id: id.data, fields: { licence: error.message }, note: input.data.note }, { status: 409 });
  }
}

type SupplierRow = Awaited<ReturnType<typeof loader>>["suppliers"][number];
type Refusal = { id: string; fields: Record<string, string>; note: string } | undefined;

function CheckForm({ supplier, refusal, busy }: { supplier: SupplierRow; refusal: Refusal; busy: boolean }) {
  const mine = refusal?.id === supplier.id ? refusal : undefined;
  const noteId = `note-${supplier.id}`;
  const problem = mine?.fields.note ?? mine?.fields.licence;
  return (
    <Form method="post" className="licence-check-form">
      <input type="hidden" name="id" value={supplier.id} />
      <input type="hidden" name="licence" value={supplier.licence ?? ""} />
      <label htmlFor={noteId}>How you checked {supplier.licence}</label>
      <input
        id={noteId}
        name="note"
        required
        maxLength={LICENCE_NOTE_MAX}
        placeholder="Checked MOM EA directory, 25 Nov"
        defaultValue={mine?.note}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${noteId}-error` : undefined}
      />
      {problem ? (
        <p id={`${noteId}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button primary" name="intent" value="check" disabled={busy}>
        {busy ? "Saving…" : "Mark licence checked"}
      </button>
    </Form>
  );
}

const columns = (refusal: Refusal, busyId: unknown): DataColumn<SupplierRow>[] => [
  {
    label: "Supplier",
    rowHeader: true,
    cell: (supplier) => (
      <>
        <a href={paths.supplierListing(supplier.id)}>{supplier.name}</a>
        <span className="operator-supplier-detail">
          {supplier.person ? `${supplier.person} · ` : ""}
          {supplier.email} · joined {supplier.joined}
        </span>
      </>
    ),
  },
  { label: "Licence", cell: (supplier) => supplier.licence ?? "None (overseas supplier)" },
  {
    label: "Check",
    cell: (supplier) => {
      if (!supplier.licence) return "—";
      if (!supplier.checked) return <CheckForm supplier={supplier} refusal={refusal} busy={busyId === supplier.id} />;
      return (
        <Form method="post" className="licence-check-form">
          <p>
            Checked {supplier.checked.at} by {supplier.checked.by}: {supplier.checked.note}
          </p>
          <input type="hidden" name="id" value={supplier.id} />
          <button type="submit" className="button" name="intent" value="uncheck" disabled={busyId === supplier.id}>
            Take back the check
          </button>
        </Form>
      );
    },
  },
];

export default function OperatorSuppliers() {
  const { q, suppliers } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const waiting = suppliers.filter((supplier) => supplier.licence && !supplier.checked).length;
  return (
    <section className="operator-screen" aria-labelledby="suppliers-heading">
      <div className="operator-head">
        <h1 id="suppliers-heading">Suppliers</h1>
      </div>
      <p className="operator-intro">
        Look each licence up in{" "}
        <a href={MOM_EA_DIRECTORY_URL} target="_blank" rel="noopener noreferrer">
          MOM&apos;s directory of employment agencies
        </a>{" "}
        and check that the agency&apos;s name matches. Until a licence is checked, families see “Licence not yet checked” and no number.
      </p>
      <OperatorSearch id="supplier-search" label="Search by name, email or licence" q={q} />
      <p className="listing-total" role="status">
        {waiting === 0 ? "No licence waits" : waiting === 1 ? "1 licence waits" : `${waiting} licences wait`} for a check
        {q ? ` among the suppliers matching “${q}”` : ""}
      </p>
      {suppliers.length === 0 ? (
        <p className="empty">{q ? "No supplier matches this search." : "No suppliers yet."}</p>
      ) : (
        <DataTable
          caption="Suppliers and their licences, those waiting for a check first"
          columns={columns(refusal, busyId)}
          rows={suppliers}
          rowKey={(supplier) => supplier.id}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
