import { Link, useActionData, useLoaderData } from "react-router";
import { BiodataForm } from "../components/biodata-form";
import { biodataValues } from "../components/biodata-form-values";
import { BiodataErrorBoundary } from "../../../ui/error-screen";
import { savedMessage } from "../../../ui/action-messages";
import { biodataForEditing, updateFromForm } from "./biodata.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/edit";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  unlistedPageMeta(loaded ? m.helpers_supplier_edit_name({ name: loaded.helper.name }) : m.helpers_supplier_edit_title(), matches);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const helper = await biodataForEditing(request, context, params.id);
  // The owner's EA personnel, one to be named on the biodata (decision 163), also when an operator edits.
  return { helper, personnel: await context.services.suppliers.personnelToName(helper.supplier.id) };
}

/** A save refused for coming too fast says when to save again, as an HTTP client reads it too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const result = await updateFromForm(request, context, params.id);
  if ("answer" in result) return result.answer;
  // The status the save found tells publishing apart from saving an edit.
  const { record, statusBefore } = result.saved;
  return redirectWithMessage(context, paths.helper(record.id), savedMessage(record, statusBefore));
}

export default function HelperEdit() {
  const { helper, personnel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="form-card wide biodata-editor" aria-labelledby="edit-heading">
      <nav className="breadcrumbs" aria-label={m.helpers_supplier_breadcrumb()}>
        <Link to={paths.dashboard()}>{m.helpers_supplier_dashboard_title()}</Link> / <Link to={paths.helper(helper.id)}>{helper.name}</Link>{" "}
        / {m.helpers_supplier_edit()}
      </nav>
      <h1 id="edit-heading">
        {m.helpers_supplier_edit_name({ name: helper.name })} <span className="ref">({helper.ref})</span>
      </h1>
      <BiodataForm
        key={helper.id}
        defaultValue={biodataValues(helper)}
        lastResult={answer?.result}
        listedNow={helper.status === "available"}
        isNew={false}
        personnel={personnel}
        direct={helper.hire === "direct"}
      />
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
