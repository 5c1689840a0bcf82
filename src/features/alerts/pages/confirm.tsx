import { data, Form, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { formRefusal } from "./answers.server";
import type { Route } from "./+types/confirm";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.alerts_confirm_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The link that confirms a search's address: opening it asks (mail scanners open links); the button confirms. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await context.services.alerts.confirmationOpen(params.token))) throw data(m.alerts_pass_unknown(), { status: 404 });
  return null;
}

export async function action({ params, context }: Route.ActionArgs) {
  const outcome = await formRefusal(() => context.services.alerts.confirm(params.token));
  if (!outcome.ok) return outcome.answer;
  return redirect(`${localHref("/messages")}?search-confirmed#saved-searches`);
}

export default function ConfirmAlerts() {
  return (
    <section className="form-card" aria-labelledby="alerts-confirm-heading">
      <h1 id="alerts-confirm-heading">{m.alerts_confirm_heading()}</h1>
      <p>{m.alerts_confirm_intro()}</p>
      <Form method="post">
        <button type="submit" className="button primary">
          {m.alerts_confirm_button()}
        </button>
      </Form>
    </section>
  );
}
