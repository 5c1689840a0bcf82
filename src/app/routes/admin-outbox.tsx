import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { AccountErrorBoundary } from "../components/error-screen";
import { FormError } from "../components/form-field";
import { formatSingaporeTime } from "../../shared/format";
import { assertSameOrigin, requireOperator } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import type { Route } from "./+types/admin-outbox";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Outbox — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireOperator(request, context);
  const { items, failing, pending } = await context.services.admin.outbox.failing();
  return {
    failing,
    pending,
    deliveries: items.map((item) => ({
      id: item.id,
      kind: item.kind,
      channel: item.channel,
      subject: item.subject,
      attempts: item.attempts,
      lastError: item.lastError,
      nextAttempt: formatSingaporeTime(item.nextAttemptAt),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireOperator(request, context);
  assertSameOrigin(request, context);
  const id = (await request.formData()).get("id");
  const queued = typeof id === "string" && (await context.services.admin.outbox.retry(id));
  if (!queued) {
    return data({ ok: false, message: "This message is no longer waiting: it may have gone out already." }, { status: 404 });
  }
  return { ok: true, message: "Queued: the message will be sent again in a moment." };
}

export default function AdminOutbox() {
  const { failing, pending, deliveries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const retrying = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <section className="admin-screen" aria-labelledby="outbox-heading">
      <div className="admin-head">
        <h1 id="outbox-heading">Outbox</h1>
      </div>
      <p className="admin-counts" role="status">
        <span>
          <strong>{pending}</strong> waiting to be sent
        </span>
        <span>
          <strong>{failing}</strong> failing
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
        <p className="empty">No delivery is failing. Every message has gone out or is on its way.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Deliveries that keep failing, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Channel</th>
                <th scope="col">Subject</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last error</th>
                <th scope="col">Next attempt</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td data-label="Kind">{delivery.kind}</td>
                  <td data-label="Channel">{delivery.channel}</td>
                  <td data-label="Subject">{delivery.subject || "—"}</td>
                  <td data-label="Attempts">{delivery.attempts}</td>
                  <td data-label="Last error">
                    {delivery.lastError ? <span className="admin-error-text">{delivery.lastError}</span> : "—"}
                  </td>
                  <td data-label="Next attempt">{delivery.nextAttempt}</td>
                  <td>
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
