/**
 * Helpers' own accounts (direct hire, decision 197) and the check of their identity: the operator
 * records which kind of document it saw, never its number nor a copy.
 */
import { data, Form, useLoaderData, useNavigation } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { identityDocumentLabel, identityDocuments } from "../../../shared/identity-documents";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { DataTable, type DataColumn } from "../../../ui/data-table";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { redirectWithMessage } from "../../../ui/flash.server";
import { isHttpError } from "../../../ui/forms.server";
import { siteName } from "../../../ui/meta";
import { pagePolicy } from "../../../shared/page-policy";
import type { Route } from "./+types/helper-accounts";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.operator_helper_accounts_title()} — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const accounts = await context.services.operator.as(context.viewer).helperAccounts.list();
  return {
    accounts: accounts.map((one) => ({
      id: one.id,
      name: one.name,
      email: one.email,
      checked: one.checkedAt && one.documentKind ? { at: formatSingaporeTime(one.checkedAt), kind: one.documentKind } : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  try {
    await context.services.operator.as(context.viewer).helperAccounts.checkIdentity(id, { documentKind: form.get("documentKind") });
  } catch (error) {
    if (isHttpError(error) && [400, 404].includes(error.statusCode)) throw data(error.message, { status: error.statusCode });
    throw error;
  }
  return redirectWithMessage(context, "/admin/helper-accounts", m.operator_helper_accounts_checked());
}

type Row = Awaited<ReturnType<typeof loader>>["accounts"][number];

const columns = (busyId: unknown): DataColumn<Row>[] => [
  { label: m.operator_helper_accounts_helper(), rowHeader: true, cell: (one) => `${one.name} · ${one.email}` },
  {
    label: m.operator_helper_accounts_identity(),
    cell: (one) => (
      <Form method="post" className="licence-check-form">
        <p>
          {one.checked
            ? m.operator_helper_accounts_checked_on({ date: one.checked.at, document: identityDocumentLabel(one.checked.kind) })
            : m.operator_helper_accounts_unchecked()}
        </p>
        <input type="hidden" name="id" value={one.id} />
        <label>
          {m.operator_helper_accounts_document()}{" "}
          <select name="documentKind" required defaultValue="">
            <option value="" disabled>
              {m.operator_helper_accounts_choose()}
            </option>
            {identityDocuments.map((kind) => (
              <option key={kind} value={kind}>
                {identityDocumentLabel(kind)}
              </option>
            ))}
          </select>
        </label>{" "}
        <button type="submit" className="button primary" disabled={busyId === one.id}>
          {m.operator_helper_accounts_record()}
        </button>
      </Form>
    ),
  },
];

export default function OperatorHelperAccounts() {
  const { accounts } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busyId = navigation.state === "submitting" ? navigation.formData?.get("id") : null;
  return (
    <section className="operator-screen" aria-labelledby="helper-accounts-heading">
      <div className="operator-head">
        <h1 id="helper-accounts-heading">{m.operator_helper_accounts_title()}</h1>
      </div>
      <p className="operator-intro">{m.operator_helper_accounts_intro()}</p>
      {accounts.length === 0 ? (
        <p className="empty">{m.operator_helper_accounts_none()}</p>
      ) : (
        <DataTable caption={m.operator_helper_accounts_title()} columns={columns(busyId)} rows={accounts} rowKey={(one) => one.id} />
      )}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
