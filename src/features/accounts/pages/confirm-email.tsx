import { Link, useLoaderData } from "react-router";
import { isHttpError } from "../../../ui/forms.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/confirm-email";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.accounts_confirm_title(), matches);

/** The link mailed to a new address: opening it is what makes the change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const email = await context.services.accounts.confirmEmailChange(token);
    return { ok: true, message: m.accounts_confirm_done({ email }) };
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return {
      ok: false,
      message: error.code === "email_taken" ? m.accounts_confirm_taken() : m.accounts_confirm_expired(),
    };
  }
}

export default function ConfirmEmail() {
  const { ok, message } = useLoaderData<typeof loader>();
  return (
    <section className="form-card account-card" aria-labelledby="confirm-email-heading">
      <h1 id="confirm-email-heading">{ok ? m.accounts_confirm_changed() : m.accounts_confirm_not_changed()}</h1>
      <p className={ok ? "form-success" : "form-error"} role={ok ? "status" : "alert"}>
        {message}
      </p>
      <p className="form-links">
        <Link to={paths.dashboard()}>{m.accounts_go_to_biodatas()}</Link>
      </p>
    </section>
  );
}
