import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { FormError } from "../../../ui/field";
import { formatSingaporeTime } from "../../../shared/format";

import { unlistedPageMeta } from "../../../ui/meta";
import type { Route } from "./+types/outbox";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("Outbox", matches);

export async function loader({ context }: Route.LoaderArgs) {
  const outbox = context.services.operator.as(context.viewer).outbox;
  const [{ items, pending, retrying }, kept] = await Promise.all([outbox.failing(), outbox.kept()]);
  return {
    retrying,
    pending,
    kept: kept.map((mail) => ({ ...mail, createdAt: formatSingaporeTime(mail.createdAt) })),
    deliveries: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      channel: item.channel,
      subject: item.subject,
      attempts: item.attempts,
      problem: item.problem,
      lastError: item.lastError,
      nextAttempt: formatSingaporeTime(item.nextAttemptAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const id = (await request.formData()).get("id");
  const queued = typeof id === "string" && (await context.services.operator.as(context.viewer).outbox.retry(id));
  if (!queued) {
    return data({ ok: false, message: "This message is no longer waiting: it may have gone out already." }, { status: 404 });
  }
  return { ok: true, message: "Queued: the message will be sent again in a moment." };
}

type DeliveryRow = Awaited<ReturnType<typeof loader>>["deliveries"][number];

/** The columns, with the Retry button of the delivery being retried (`retrying`) turned off. */
const deliveryColumns = (retrying: unknown): DataColumn<DeliveryRow>[] => [
  { label: "Kind", cell: (delivery) => delivery.kind },
  { label: "Channel", cell: (delivery) => delivery.channel },
  { label: "Subject", cell: (delivery) => delivery.subject || "—" },
  {
    label: "What is happening",
    cell: (delivery) => (
      <>
        <p className="operator-delivery-state">
          {delivery.problem}. Retrying: {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`} so far, next try at{" "}
          {delivery.nextAttempt}.
        </p>
        {/* The error as the channel gave it, for whoever wants to look further. */}
        {delivery.lastError ? (
          <details>
            <summary>Technical detail</summary>
            <span className="operator-error-text">{delivery.lastError}</span>
          </details>
        ) : null}
      </>
    ),
  },
  {
    label: "Action",
    hideLabel: true,
    cell: (delivery) => (
      <Form method="post">
        <input type="hidden" name="id" value={delivery.id} />
        <button
          type="submit"
          className="button"
          disabled={retrying === delivery.id}
          aria-label={`Retry ${delivery.kind} by ${delivery.channel}: ${delivery.subject}`}
        >
          {retrying === delivery.id ? "Retrying…" : "Retry"}
        </button>
      </Form>
    ),
  },
];

export default function OperatorOutbox() {
  const { retrying: retryingCount, pending, deliveries, kept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const retrying = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <section className="operator-screen" aria-labelledby="outbox-heading">
      <div className="operator-head">
        <h1 id="outbox-heading">Outbox</h1>
      </div>
      <p className="operator-counts" role="status">
        <span>
          <strong>{pending}</strong> waiting to be sent
        </span>
        <span>
          <strong>{retryingCount}</strong> being retried after a failed attempt
        </span>
      </p>
      {result?.ok ? (
        <p className="form-success" role="status">
          {result.message}
        </p>
      ) : (
        <FormError message={result?.message} />
      )}
      {deliveries.length === 0 ? (
        <p className="empty">No delivery has failed. Every message has gone out or is on its way.</p>
      ) : (
        <DataTable
          caption="Messages being sent again after a failed attempt, newest first"
          columns={deliveryColumns(retrying)}
          rows={deliveries}
          rowKey={(delivery) => delivery.id}
        />
      )}
      {kept.length > 0 ? <KeptMails mails={kept} /> : null}
    </section>
  );
}

/** With no mail server set, mails are written to the data folder: the operator reads them here. */
function KeptMails({ mails }: { mails: Awaited<ReturnType<typeof loader>>["kept"] }) {
  return (
    <section aria-labelledby="kept-mail-heading" className="operator-kept-mail">
      <h2 id="kept-mail-heading">Mail kept on the server</h2>
      <p>
        No mail server is set (<code>SMTP_URL</code>), so these mails were written as files to the data folder&apos;s <code>outbox</code>{" "}
        folder instead of being sent. Newest first; open one to read it.
      </p>
      <ul className="operator-kept-list">
        {mails.map((mail) => (
          <li key={mail.id}>
            <details>
              <summary>
                <strong>{mail.subject || "(no subject)"}</strong> — to {mail.to === "support" ? "support (the operators)" : mail.to},{" "}
                {mail.createdAt}
              </summary>
              <pre className="operator-kept-text">{mail.text}</pre>
              <p className="operator-kept-file">
                File: <code>{mail.fileName}</code>
              </p>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
