import { Link, useActionData } from "react-router";
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

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("New biodata", matches);

/** Nothing to read: the loader is where the policy's guard runs before the form is shown. */
export function loader() {
  return null;
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
  return (
    <section className="form-card wide biodata-editor" aria-labelledby="create-heading">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={paths.dashboard()}>Your biodata</Link> / New
      </nav>
      <h1 id="create-heading">New biodata</h1>
      <BiodataForm defaultValue={NEW_BIODATA} lastResult={answer?.result} submitLabel="create" />
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
