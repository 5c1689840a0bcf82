import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { BiodataForm } from "../components/biodata-form";
import { biodataValues } from "../lib/biodata-form-values";
import { BiodataErrorBoundary } from "../components/error-screen";
import { biodataForEditing, updateFromForm } from "../lib/biodata.server";
import { siteName } from "../lib/meta";
import { paths } from "../lib/paths";
import type { Route } from "./+types/helper-edit";

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => [
  { title: `${loaded ? `Edit ${loaded.helper.name}` : "Edit biodata"} — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const helper = await biodataForEditing(request, context, params.id);
  return { helper };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const result = await updateFromForm(request, context, params.id);
  return "saved" in result ? redirect(paths.helper(result.saved.id)) : result.answer;
}

export default function HelperEdit() {
  const { helper } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <section className="form-card wide biodata-editor" aria-labelledby="edit-heading">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={paths.dashboard()}>Your biodata</Link> / <Link to={paths.helper(helper.id)}>{helper.name}</Link> / Edit
      </nav>
      <h1 id="edit-heading">
        Edit {helper.name} <span className="ref">({helper.ref})</span>
      </h1>
      <BiodataForm key={helper.id} defaultValue={biodataValues(helper)} lastResult={answer?.result} submitLabel="Save" />
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
