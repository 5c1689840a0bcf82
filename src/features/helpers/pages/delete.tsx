import { Form, Link, useLoaderData, useNavigation } from "react-router";
import { HelperPhoto } from "../components/helper-card";
import { BiodataErrorBoundary } from "../../../ui/error-screen";
import { deletedMessage } from "../../../ui/action-messages";
import { biodataForEditing, deleteFromPage } from "./biodata.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/delete";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  unlistedPageMeta(loaded ? m.helpers_supplier_delete_name({ name: loaded.helper.name }) : m.helpers_supplier_delete_title(), matches);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const helper = await biodataForEditing(request, context, params.id);
  return { helper: { id: helper.id, name: helper.name, ref: helper.ref, photo: helper.photo } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const deleted = await deleteFromPage(request, context, params.id);
  return redirectWithMessage(context, paths.dashboard(), deletedMessage(deleted));
}

export default function HelperDelete() {
  const { helper } = useLoaderData<typeof loader>();
  const deleting = useNavigation().state === "submitting";
  return (
    <section className="form-card biodata-delete" aria-labelledby="delete-heading">
      <h1 id="delete-heading">{m.helpers_supplier_delete_title()}</h1>
      <div className="biodata-delete-body">
        <div className="biodata-delete-photo">
          <HelperPhoto helper={helper} size="thumb" eager noPhoto={m.helpers_supplier_no_photo_of({ name: helper.name })} />
        </div>
        <div>
          <p className="biodata-delete-question">
            {m.helpers_supplier_delete_question_before()}
            <strong>{helper.name}</strong>
            {m.helpers_supplier_delete_question_after()}
          </p>
          <p className="hint">{m.helpers_supplier_delete_hint({ ref: helper.ref })}</p>
        </div>
      </div>
      <Form method="post" className="form-actions">
        <button type="submit" className="button danger-solid" disabled={deleting}>
          {deleting ? m.helpers_supplier_deleting() : m.helpers_supplier_delete()}
        </button>
        <Link className="button" to={paths.helper(helper.id)}>
          {m.helpers_supplier_cancel()}
        </Link>
      </Form>
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
