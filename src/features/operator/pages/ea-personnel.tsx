import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { formatSingaporeTime } from "../../../shared/format";
import { MOM_EA_DIRECTORY_URL } from "../../../shared/licence";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { redirectWithMessage } from "../../../ui/flash.server";
import { isHttpError } from "../../../ui/forms.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { pagePolicy } from "../../../shared/page-policy";
import { OperatorConfirm } from "../components/operator-confirm";
import { OperatorSearch } from "../components/operator-search";
import type { Route } from "./+types/ea-personnel";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `EA personnel — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const personnel = await context.services.operator.as(context.viewer).personnel.list(q || undefined);
  return {
    q,
    personnel: personnel.map((one) => ({
      id: one.id,
      name: one.name,
      number: one.registrationNumber,
      supplierId: one.supplierId,
      agency: one.agency,
      licence: one.eaLicenceNumber,
      checked: one.checkedAt ? { at: formatSingaporeTime(one.checkedAt), by: one.checkedBy ?? "the demo data" } : null,
    })),
  };
}

const idSchema = z.uuid();

/**
 * Marks a personnel checked, or takes a check back in two steps that work without script: the
 * first press asks, the second (confirm=yes) takes it back and comes back with a message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = idSchema.safeParse(form.get("id"));
  if (!id.success) throw data("Choose an EA personnel from the list.", { status: 400 });
  const personnel = context.services.operator.as(context.viewer).personnel;
  const back = `/admin/ea-personnel${new URL(request.url).search}`;
  try {
    if (form.get("intent") === "uncheck") {
      if (form.get("confirm") !== "yes") {
        const one = await personnel.find(id.data);
        return { confirm: { id: one.id, name: one.name, number: one.registrationNumber, agency: one.agency } };
      }
      const one = await personnel.uncheck(id.data);
      return redirectWithMessage(
        context,
        back,
        `The check of ${one.name} (${one.registrationNumber}) is taken back: they wait for a check again.`,
      );
    }
    const one = await personnel.check(id.data);
    return redirectWithMessage(context, back, `${one.name} (${one.registrationNumber}) of ${one.agency} is marked checked.`);
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 404) throw data(error.message, { status: 404 });
    throw error;
  }
}

type PersonnelRow = Awaited<ReturnType<typeof loader>>["personnel"][number];

const columns = (busyId: unknown): DataColumn<PersonnelRow>[] => [
  { label: "EA personnel", rowHeader: true, cell: (one) => `${one.name} · ${one.number}` },
  {
    label: "Agency",
    cell: (one) => (
      <>
        <a href={paths.supplierListing(one.supplierId)}>{one.agency}</a>
        <span className="operator-supplier-detail">{one.licence ? `Licence ${one.licence}` : "No licence now"}</span>
      </>
    ),
  },
  {
    label: "Check",
    cell: (one) => (
      <Form method="post" className="licence-check-form">
        {one.checked ? (
          <p>
            Checked {one.checked.at} by {one.checked.by}
          </p>
        ) : null}
        <input type="hidden" name="id" value={one.id} />
        {one.checked ? (
          <button type="submit" className="button" name="intent" value="uncheck" disabled={busyId === one.id}>
            Take back the check
          </button>
        ) : (
          <button type="submit" className="button primary" name="intent" value="check" disabled={busyId === one.id}>
            {busyId === one.id ? "Saving…" : `Mark ${one.number} checked`}
          </button>
        )}
      </Form>
    ),
  },
];

export default function OperatorEaPersonnel() {
  const { q, personnel } = useLoaderData<typeof loader>();
  const asked = useActionData<typeof action>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  const waiting = personnel.filter((one) => !one.checked).length;
  return (
    <section className="operator-screen" aria-labelledby="personnel-heading">
      <div className="operator-head">
        <h1 id="personnel-heading">EA personnel</h1>
      </div>
      <p className="operator-intro">
        Look each registration number up in{" "}
        <a href={MOM_EA_DIRECTORY_URL} target="_blank" rel="noopener noreferrer">
          MOM&apos;s directory of employment agencies
        </a>{" "}
        and check that the person is registered with that agency. The agency&apos;s biodata name them; the agency sees whether they are
        checked on its profile.
      </p>
      {asked?.confirm ? (
        <OperatorConfirm
          heading={`Take back the check of ${asked.confirm.name} (${asked.confirm.number})?`}
          fields={{ id: asked.confirm.id, intent: "uncheck" }}
          yes="Yes, take back the check"
          cancelHref={`/admin/ea-personnel${q ? `?q=${encodeURIComponent(q)}` : ""}`}
        >
          <p>{asked.confirm.agency} is told on its profile that they wait for a check again.</p>
        </OperatorConfirm>
      ) : null}
      <OperatorSearch id="personnel-search" label="Search by name, registration number or agency" q={q} />
      <p className="listing-total" role="status">
        {waiting === 0 ? "Nobody waits" : waiting === 1 ? "1 personnel waits" : `${waiting} personnel wait`} for a check
        {q ? ` among those matching “${q}”` : ""}
      </p>
      {personnel.length === 0 ? (
        <p className="empty">{q ? "No EA personnel matches this search." : "No agency has registered EA personnel yet."}</p>
      ) : (
        <DataTable
          caption="Agencies' EA personnel, those waiting for a check first"
          columns={columns(busyId)}
          rows={personnel}
          rowKey={(one) => one.id}
        />
      )}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
