import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { formatSingaporeDay, formatSingaporeTime } from "../../../shared/format";
import { MOM_EA_DIRECTORY_URL } from "../../../shared/licence";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { isHttpError } from "../../../ui/forms.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { pagePolicy } from "../../../shared/page-policy";
import {
  LICENCE_NOTE_MAX,
  LICENCE_REASON_MAX,
  licenceCheckSchema,
  licenceRefusalSchema,
  type LicenceCheckInput,
  type LicenceRefusalInput,
} from "../licence-check-schema";
import { OperatorConfirm } from "../components/operator-confirm";
import { OperatorSearch } from "../components/operator-search";
import type { Route } from "./+types/suppliers";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Suppliers — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const suppliers = await context.services.operator.as(context.viewer).suppliers.list(q || undefined);
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
      refused: supplier.refusedAt
        ? {
            at: formatSingaporeTime(supplier.refusedAt),
            by: supplier.refusedBy ?? "an operator",
            number: supplier.refusedNumber ?? "",
            reason: supplier.refusalReason ?? "",
          }
        : null,
      joined: formatSingaporeDay(supplier.joinedAt),
    })),
  };
}

const idSchema = z.string().min(1).max(64);

type FormKind = "check" | "refuse";

/** A form's values refused at its row: which supplier, which form, the messages and what was typed. */
const refusedAt = (id: string, form: FormKind, fields: Record<string, string>, text: string) => ({ refused: { id, form, fields, text } });

/**
 * Marks a licence checked (with how), refuses it (with the reason the agency reads, decision
 * 164), or takes a check back in two steps that work without script: the first press asks in
 * the page, the second (confirm=yes) takes it back. A refused form stays at its row.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) throw data("Choose a supplier from the list.", { status: 400 });
  const suppliers = context.services.operator.as(context.viewer).suppliers;
  const back = `/admin/suppliers${new URL(request.url).search}`;
  const intent = form.get("intent");
  if (intent === "uncheck") {
    if (form.get("confirm") !== "yes") {
      const shown = await suppliers.find(id.data);
      return { confirm: { id: shown.id, name: shown.companyName || shown.name, licence: shown.eaLicenceNumber ?? "" } };
    }
    const supplier = await suppliers.uncheckLicence(id.data);
    return redirectWithMessage(
      context,
      back,
      `The check of ${supplier.eaLicenceNumber ?? "the licence"} is taken back: families see “Licence not yet checked”.`,
    );
  }
  const kind: FormKind = intent === "refuse" ? "refuse" : "check";
  const text = String(form.get(kind === "refuse" ? "reason" : "note") ?? "");
  const input =
    kind === "refuse"
      ? licenceRefusalSchema.safeParse({ licence: form.get("licence"), reason: form.get("reason") })
      : licenceCheckSchema.safeParse({ licence: form.get("licence"), note: form.get("note") });
  if (!input.success) {
    const fields = Object.fromEntries(input.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    return data(refusedAt(id.data, kind, fields, text), { status: 400 });
  }
  try {
    if (kind === "refuse") {
      const supplier = await suppliers.refuseLicence(id.data, input.data as LicenceRefusalInput);
      return redirectWithMessage(
        context,
        back,
        `Licence ${supplier.refusedNumber} of ${supplier.companyName || supplier.name} is refused: its biodata leave the families' pages, and it reads why on its dashboard.`,
      );
    }
    const supplier = await suppliers.checkLicence(id.data, input.data as LicenceCheckInput);
    return redirectWithMessage(
      context,
      back,
      `Licence ${supplier.eaLicenceNumber} of ${supplier.companyName || supplier.name} is marked checked.`,
    );
  } catch (error) {
    if (!isHttpError(error) || error.statusCode !== 409) throw error;
    return data(refusedAt(id.data, kind, { licence: error.message }, text), { status: 409 });
  }
}

type SupplierRow = Awaited<ReturnType<typeof loader>>["suppliers"][number];
type Refused = { id: string; form: FormKind; fields: Record<string, string>; text: string } | undefined;

const FORMS: Record<FormKind, { field: string; label: (licence: string) => string; placeholder: string; max: number; button: string }> = {
  check: {
    field: "note",
    label: (licence) => `How you checked ${licence}`,
    placeholder: "Checked MOM EA directory, 25 Nov",
    max: LICENCE_NOTE_MAX,
    button: "Mark licence checked",
  },
  refuse: {
    field: "reason",
    label: (licence) => `Why ${licence} is refused (the agency reads it)`,
    placeholder: "MOM's directory has no agency with this licence",
    max: LICENCE_REASON_MAX,
    button: "Refuse licence",
  },
};

/** Marking the licence shown checked, or refusing it: one field saying how or why, refused at its row. */
function LicenceForm({ kind, supplier, refused, busy }: { kind: FormKind; supplier: SupplierRow; refused: Refused; busy: boolean }) {
  const spec = FORMS[kind];
  const mine = refused?.id === supplier.id && refused.form === kind ? refused : undefined;
  const fieldId = `${spec.field}-${supplier.id}`;
  const problem = mine?.fields[spec.field] ?? mine?.fields.licence;
  return (
    <Form method="post" className="licence-check-form">
      <input type="hidden" name="id" value={supplier.id} />
      <input type="hidden" name="licence" value={supplier.licence ?? ""} />
      <label htmlFor={fieldId}>{spec.label(supplier.licence ?? "")}</label>
      <input
        id={fieldId}
        name={spec.field}
        required
        maxLength={spec.max}
        placeholder={spec.placeholder}
        defaultValue={mine?.text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-error` : undefined}
      />
      {problem ? (
        <p id={`${fieldId}-error`} className="field-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={kind === "check" ? "button primary" : "button danger"} name="intent" value={kind} disabled={busy}>
        {busy ? "Saving…" : spec.button}
      </button>
    </Form>
  );
}

function CheckCell({ supplier, refused, busy }: { supplier: SupplierRow; refused: Refused; busy: boolean }) {
  if (!supplier.licence) return <>—</>;
  if (supplier.checked) {
    return (
      <Form method="post" className="licence-check-form">
        <p>
          Checked {supplier.checked.at} by {supplier.checked.by}: {supplier.checked.note}
        </p>
        <input type="hidden" name="id" value={supplier.id} />
        <button type="submit" className="button" name="intent" value="uncheck" disabled={busy}>
          Take back the check
        </button>
      </Form>
    );
  }
  const refusal = supplier.refused;
  const stillRefused = refusal !== null && refusal.number === supplier.licence;
  return (
    <div className="licence-check-forms">
      {refusal ? (
        <p className="licence-refusal">
          {stillRefused ? "Refused" : `${refusal.number} refused`} {refusal.at} by {refusal.by}: {refusal.reason}
          {stillRefused
            ? ". Families see none of its biodata."
            : `. It now gives ${supplier.licence}, waiting for a check; families see none of its biodata until it is checked.`}
        </p>
      ) : null}
      <LicenceForm kind="check" supplier={supplier} refused={refused} busy={busy} />
      {stillRefused ? null : <LicenceForm kind="refuse" supplier={supplier} refused={refused} busy={busy} />}
    </div>
  );
}

const columns = (refused: Refused, busyId: unknown): DataColumn<SupplierRow>[] => [
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
  { label: "Check", cell: (supplier) => <CheckCell supplier={supplier} refused={refused} busy={busyId === supplier.id} /> },
];

export default function OperatorSuppliers() {
  const { q, suppliers } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && "refused" in answer ? answer.refused : undefined;
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const waiting = suppliers.filter(
    (supplier) => supplier.licence && !supplier.checked && supplier.refused?.number !== supplier.licence,
  ).length;
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
        and check that the agency&apos;s name matches. Until a licence is checked, families see “Licence not yet checked” and no number. A
        licence the directory does not bear out is refused with a reason the agency reads: its biodata leave the families&apos; pages until
        it gives a number an operator checks.
      </p>
      {confirm ? (
        <OperatorConfirm
          heading={`Take back the check of ${confirm.licence} (${confirm.name})?`}
          fields={{ id: confirm.id, intent: "uncheck" }}
          yes="Yes, take back the check"
          cancelHref={`/admin/suppliers${q ? `?q=${encodeURIComponent(q)}` : ""}`}
        >
          <p>
            Families see “Licence not yet checked” and no number on its biodata again, until an operator checks it again. To hide its
            biodata, refuse the licence after taking the check back.
          </p>
        </OperatorConfirm>
      ) : null}
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
          columns={columns(refused, busyId)}
          rows={suppliers}
          rowKey={(supplier) => supplier.id}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
