import { data, Link, useActionData } from "react-router";
import { photoUrls } from "../../shared/media";
import { BiodataForm } from "../components/biodata-form";
import { NEW_BIODATA } from "../lib/biodata-form-values";
import { BiodataErrorBoundary } from "../components/error-screen";
import { requireViewer } from "../lib/auth.server";
import { savedMessage } from "../lib/action-messages";
import { createFromForm } from "../lib/biodata.server";
import { redirectWithMessage } from "../lib/flash.server";
import { siteName } from "../lib/meta";
import { paths } from "../lib/paths";
import type { Route } from "./+types/helper-create";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `New biodata — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  const result = await createFromForm(request, context);
  if ("failed" in result) return data(result.failed, { status: 400 });
  if ("edited" in result) return result.edited;
  return redirectWithMessage(context, paths.helper(result.saved.id), savedMessage(result.saved));
}

export default function HelperCreate() {
  const failed = useActionData<typeof action>();
  const photoKey = typeof failed?.values.photo === "string" ? failed.values.photo : "";
  const photo = photoKey ? { key: photoKey, url: photoUrls(photoKey)!.thumbUrl } : null;
  return (
    <section className="form-card wide biodata-editor" aria-labelledby="create-heading">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to={paths.dashboard()}>Your biodata</Link> / New
      </nav>
      <h1 id="create-heading">New biodata</h1>
      <BiodataForm
        values={failed?.values ?? NEW_BIODATA}
        photo={photo}
        errors={failed?.fields}
        message={failed?.message}
        submitLabel="create"
      />
    </section>
  );
}

export const ErrorBoundary = BiodataErrorBoundary;
