import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { BiodataForm } from "../components/biodata-form";
import { NEW_BIODATA } from "../components/biodata-form-values";
import { BiodataErrorBoundary } from "../../../ui/error-screen";
import { savedMessage } from "../../../ui/action-messages";
import { createFromForm } from "./biodata.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/create";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.helpers_supplier_new_title(), matches);

/** The writer's EA personnel, one to be named on the biodata (decision 163); the policy's guard runs first. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = context.viewer;
  // A helper's own account owns one biodata (decision 197): once written, she edits it.
  if (viewer?.role === "helper") {
    const [own] = await context.services.helpers.listOwn(viewer);
    if (own) throw redirect(paths.editHelper(own.id));
  }
  return {
    personnel: viewer ? await context.services.suppliers.personnelToName(viewer.id) : [],
    // A helper's own biodata (a direct hire) says why she is free to be hired directly.
    direct: viewer?.role === "helper",
  };
}

/** A save refused for coming too fast says when to save again, as an HTTP client reads it too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

export async function action({ request, context }: Route.ActionArgs) {
  const result = await createFromForm(request, context);
  if ("answer" in result) return result.answer;
  return redirectWithMessage(context, paths.helper(result.saved.id), savedMessage(result.saved));
}

export default function HelperCreate() {
  const answer = useActionData<typeof action>();
  const { personnel, direct } = useLoaderData<typeof loader>();
  return (
    <section className="form-card wide biodata-editor" aria-labelledby="create-heading">
      <nav className="breadcrumbs" aria-label={m.helpers_supplier_breadcrumb()}>
        <Link to={paths.dashboard()}>{m.helpers_supplier_dashboard_title()}</Link> / {m.helpers_supplier_new()}
      </nav>
      <h1 id="create-heading">{m.helpers_supplier_new_title()}</h1>
      <BiodataForm defaultValue={NEW_BIODATA} lastResult={answer?.result} listedNow={false} isNew personnel={personnel} direct={direct} />
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
