import { Link, useLoaderData } from "react-router";
import { isHttpError } from "../../../ui/forms.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/confirm-email";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("Confirm your new email", matches);

/** The link mailed to a new address: opening it is what makes the change. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  try {
    const email = await context.services.accounts.confirmEmailChange(token);
    return { ok: true, message: `Your email is now ${email}. Log in with it from now on.` };
  } catch (error) {
    if (!isHttpError(error)) throw error;
    return {
      ok: false,
      message:
        error.code === "email_taken"
          ? "Another account already uses this email, so yours was not changed."
          : "This link does not work any more: it was used, replaced by a newer one, or is over a day old. Change your email on your profile again to get a new link.",
    };
  }
}

export default function ConfirmEmail() {
  const { ok, message } = useLoaderData<typeof loader>();
  return (
    <section className="form-card account-card" aria-labelledby="confirm-email-heading">
      <h1 id="confirm-email-heading">{ok ? "Email changed" : "Email not changed"}</h1>
      <p className={ok ? "form-success" : "form-error"} role={ok ? "status" : "alert"}>
        {message}
      </p>
      <p className="form-links">
        <Link to={paths.dashboard()}>Go to my biodatas</Link>
      </p>
    </section>
  );
}
