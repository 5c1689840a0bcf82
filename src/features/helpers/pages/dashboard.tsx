import { data, Link, useActionData, useFetcher, useLoaderData } from "react-router";
import { catalogueOptions, labelOf } from "../../../shared/catalogue-labels";
import { ViewEditLinks } from "../components/biodata-links";
import { HelperPhoto } from "../components/helper-card";
import { viewerOf } from "../../../ui/page-guards.server";
import { formatSingaporeDay } from "../../../shared/format";
import { statusMessage } from "../../../ui/action-messages";
import { changeStatus, ownBiodata } from "./biodata.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { COUNTED_DAYS } from "../../contacts/components/contact-beacon";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/dashboard";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.helpers_supplier_dashboard_title(), matches);

/**
 * Where an agency's licence stands, as its dashboard says it (decision 164): waiting for a
 * check, refused (its biodata hidden from families), or corrected since a refusal and waiting;
 * null when checked or for an overseas supplier.
 */
function licenceState(
  profile: {
    eaLicenceNumber: string | null;
    licenceCheckedAt: Date | null;
    licenceRefusal: { number: string; reason: string } | null;
  } | null,
) {
  const licence = profile?.eaLicenceNumber;
  if (!licence || profile.licenceCheckedAt) return null;
  const refusal = profile.licenceRefusal && { ...profile.licenceRefusal, reason: sentence(profile.licenceRefusal.reason) };
  if (!refusal) return { kind: "waiting" as const, licence };
  if (refusal.number === licence) return { kind: "refused" as const, licence, reason: refusal.reason };
  return { kind: "corrected" as const, licence, refused: refusal.number, reason: refusal.reason };
}

/** An operator's reason as a sentence: a full stop added when it has none. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?。]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

type LicenceState = ReturnType<typeof licenceState>;

/** The dashboard's word on a licence an operator has not checked: what it means, what families see, what to do. */
function LicenceNotice({ state, viewerId }: { state: NonNullable<LicenceState>; viewerId: string }) {
  const text =
    state.kind === "waiting"
      ? m.helpers_supplier_licence_waiting({ licence: state.licence })
      : state.kind === "refused"
        ? m.helpers_supplier_licence_refused({ licence: state.licence, reason: state.reason })
        : m.helpers_supplier_licence_corrected({ licence: state.licence, refused: state.refused, reason: state.reason });
  return (
    <p className={`notice licence-notice licence-notice-${state.kind}`} role={state.kind === "refused" ? "alert" : undefined}>
      {text} {state.kind === "corrected" ? null : <Link to={paths.profile(viewerId)}>{m.helpers_supplier_licence_fix_link()}</Link>}
    </p>
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  const [helpers, profile, counts, personnel, fittingJobs] = await Promise.all([
    ownBiodata(request, context),
    context.services.accounts.find(viewer.id),
    context.services.contacts.countsFor(viewer.id),
    context.services.suppliers.personnel(viewer.id),
    // The families' job posts its available helpers fit (the jobs feature's).
    context.services.jobs.fittingFor(viewer),
  ]);
  // A licensed agency's biodata name its registered EA personnel (decision 162): one with none is told what to add.
  const needsPersonnel = Boolean(profile?.eaLicenceNumber) && personnel.length === 0;
  // Until the public may see the account's biodata (only when mail can really be sent is an
  // address confirmed first), the dashboard says so.
  const mustConfirm = !context.services.helpers.ownerMayShow({
    role: profile?.role ?? viewer.role,
    emailVerified: profile?.emailVerified ?? false,
  });
  const licence = licenceState(profile);
  const justConfirmed = new URL(request.url).searchParams.get("verified") === "1" && Boolean(profile?.emailVerified);
  return {
    // A helper's own account (a direct hire) owns one biodata: once she has it, she edits it.
    helperAccount: viewer.role === "helper",
    fittingJobs: fittingJobs.length,
    mustConfirm,
    needsPersonnel,
    licence,
    viewerId: viewer.id,
    emailNotice: mustConfirm
      ? m.helpers_supplier_confirm_email({ email: viewer.email })
      : justConfirmed
        ? m.helpers_supplier_email_confirmed()
        : null,
    helpers: helpers.map((helper) => ({
      id: helper.id,
      name: helper.name,
      ref: helper.ref,
      status: helper.status,
      photo: helper.photo,
      updated: formatSingaporeDay(helper.updatedAt),
      updatedAt: helper.updatedAt,
      views: counts.get(helper.id)?.views ?? 0,
      shortlists: counts.get(helper.id)?.shortlists ?? 0,
      contacts: counts.get(helper.id)?.contacts ?? 0,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = viewerOf(context);
  const form = await request.formData();
  if (form.get("intent") === "resend-confirmation") {
    const cookie = request.headers.get("cookie");
    const sent = await context.services.accounts.resendConfirmation(viewer.email, {
      cookie,
      ip: context.ip,
      origin: context.config.publicUrl,
    });
    return data({ id: "", ok: sent.ok, message: sent.message, resent: true as const }, { status: sent.status });
  }
  const id = String(form.get("id") ?? "");
  const result = await changeStatus(request, context, id, String(form.get("status") ?? ""));
  return data({ id, ...result, resent: false as const }, { status: result.ok ? 200 : 400 });
}

type Row = Awaited<ReturnType<typeof loader>>["helpers"][number];

/** The counts of the last 30 days, three small figures in one cell. */
const counts = () =>
  [
    { key: "views", label: m.helpers_supplier_views(), title: m.helpers_supplier_views_title({ days: COUNTED_DAYS }) },
    { key: "shortlists", label: m.helpers_supplier_shortlists(), title: m.helpers_supplier_shortlists_title({ days: COUNTED_DAYS }) },
    { key: "contacts", label: m.helpers_supplier_contacts(), title: m.helpers_supplier_contacts_title({ days: COUNTED_DAYS }) },
  ] as const satisfies readonly { key: keyof Row; label: string; title: string }[];

/** Asks for a new confirmation link; the answer (sent, or when to ask again) is said beside it. */
function ResendConfirmation() {
  const fetcher = useFetcher<typeof action>();
  const answer = fetcher.state === "idle" && fetcher.data?.resent ? fetcher.data : null;
  return (
    <fetcher.Form method="post" className="resend-form">
      <input type="hidden" name="intent" value="resend-confirmation" />
      <button type="submit" className="button small" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? m.helpers_supplier_sending() : m.helpers_supplier_send_link_again()}
      </button>
      <span className={answer && !answer.ok ? "form-error" : "form-success"} role="status">
        {answer?.message ?? ""}
      </span>
    </fetcher.Form>
  );
}

function StatusForm({ helper }: { helper: Row }) {
  const fetcher = useFetcher<typeof action>();
  const selectId = `status-${helper.id}`;
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  return (
    <fetcher.Form method="post" className="status-form">
      <input type="hidden" name="id" value={helper.id} />
      <label htmlFor={selectId} className="visually-hidden">
        {m.helpers_supplier_status_of({ name: helper.name })}
      </label>
      <select id={selectId} name="status" defaultValue={helper.status} key={helper.status}>
        {catalogueOptions("status").map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button small" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? m.helpers_supplier_changing() : m.helpers_supplier_change()}
        <span className="visually-hidden"> {m.helpers_supplier_change_status_of({ name: helper.name })}</span>
      </button>
      <span className="status-form-note" role="status">
        {refused ??
          (fetcher.state === "idle" && fetcher.data?.ok
            ? m.helpers_supplier_status_now({ status: labelOf("status", helper.status)?.toLowerCase() ?? helper.status })
            : "")}
      </span>
    </fetcher.Form>
  );
}

export default function Dashboard() {
  const { helpers, emailNotice, mustConfirm, needsPersonnel, licence, viewerId, fittingJobs, helperAccount } =
    useLoaderData<typeof loader>();
  // Without JavaScript the forms are posted as a page: their answer is said here, not in the row.
  const posted = useActionData<typeof action>();
  const changed = posted ? helpers.find((helper) => helper.id === posted.id) : undefined;
  const resent = posted?.resent ? posted.message : null;
  const postedText = resent ?? (posted && !posted.ok ? posted.message : changed ? statusMessage(changed) : null);
  const counted = m.helpers_supplier_last_days({ days: COUNTED_DAYS });
  const countList = counts();
  return (
    <section className="dashboard" aria-labelledby="dashboard-heading">
      <div className="dashboard-head">
        <h1 id="dashboard-heading">{m.helpers_supplier_dashboard_title()}</h1>
        {helperAccount && helpers.length > 0 ? null : (
          <Link className="button primary" to={paths.createHelper()}>
            {helperAccount ? m.helpers_supplier_create_own() : m.helpers_supplier_create()}
          </Link>
        )}
      </div>
      {helperAccount ? (
        <p className="hint">
          {m.helpers_supplier_direct_dashboard()} <Link to={`/profile/${viewerId}/delete`}>{m.helpers_supplier_delete_account()}</Link>
        </p>
      ) : null}
      {emailNotice ? (
        <div className="email-notice">
          <p className="form-success" role="status">
            {emailNotice}
          </p>
          {mustConfirm ? <ResendConfirmation /> : null}
        </div>
      ) : null}
      {licence ? <LicenceNotice state={licence} viewerId={viewerId} /> : null}
      {needsPersonnel ? (
        <p className="notice ea-personnel-notice">
          {m.helpers_supplier_no_ea_personnel()}{" "}
          <Link to={`${paths.profile(viewerId)}#ea-personnel`}>{m.helpers_supplier_no_ea_personnel_link()}</Link>
        </p>
      ) : null}
      {fittingJobs > 0 ? (
        <p className="notice fitting-jobs-notice">
          <Link to="/dashboard/jobs">{m.jobs_supplier_dashboard_link({ count: fittingJobs })}</Link>
        </p>
      ) : null}
      {postedText ? (
        <p className={posted?.ok ? "form-success" : "form-error"} role="status">
          {postedText}
        </p>
      ) : null}
      {helpers.length === 0 ? (
        <p className="empty">{m.helpers_supplier_none()}</p>
      ) : (
        <table className="dashboard-table">
          <caption className="visually-hidden">{m.helpers_supplier_table_caption()}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{m.helpers_supplier_photo()}</span>
              </th>
              <th scope="col">{m.helpers_supplier_name()}</th>
              <th scope="col">{m.helpers_supplier_ref()}</th>
              <th scope="col">{m.helpers_supplier_status()}</th>
              <th scope="col">{m.helpers_supplier_updated()}</th>
              <th scope="col">{counted}</th>
              <th scope="col">
                <span className="visually-hidden">{m.helpers_supplier_actions()}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {helpers.map((helper) => (
              <tr key={helper.id}>
                <td className="dashboard-photo">
                  <HelperPhoto helper={helper} size="thumb" noPhoto={m.helpers_supplier_no_photo_of({ name: helper.name })} />
                </td>
                <th scope="row" className="dashboard-name">
                  {helper.name}
                </th>
                <td data-label={m.helpers_supplier_ref()}>{helper.ref}</td>
                <td data-label={m.helpers_supplier_status()}>
                  <StatusForm helper={helper} />
                </td>
                <td data-label={m.helpers_supplier_updated()}>
                  <time dateTime={helper.updatedAt}>{helper.updated}</time>
                </td>
                <td data-label={counted} className="dashboard-counts">
                  <dl>
                    {countList.map((count) => (
                      <div key={count.key} title={count.title}>
                        <dt>{count.label}</dt>
                        <dd>{helper[count.key]}</dd>
                      </div>
                    ))}
                  </dl>
                </td>
                <td className="dashboard-actions">
                  <ViewEditLinks helper={helper} />
                  {/* The supplier's copy, with the private details: a file the browser opens itself. */}
                  <a href={paths.biodataPdf(helper.id)}>
                    {m.helpers_supplier_download_pdf()}
                    <span className="visually-hidden"> {m.helpers_supplier_of_name({ name: helper.name })}</span>
                  </a>
                  <Link to={paths.deleteHelper(helper.id)} className="danger-link">
                    {m.helpers_supplier_delete()}
                    <span className="visually-hidden"> {helper.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
