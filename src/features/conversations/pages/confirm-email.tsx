import { data, Form, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { orRefusal } from "./refusals.server";
import type { Route } from "./+types/confirm-email";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.conversations_confirm_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The link that confirms a family's e-mail: opening it asks (mail scanners open links); the button confirms. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await context.services.conversations.confirmationOpen(params.token))) throw data(m.conversations_pass_unknown(), { status: 404 });
  return null;
}

/** Confirms, then the space says so (the link is used: this page would open nothing more). */
export async function action({ params, context }: Route.ActionArgs) {
  await orRefusal(() => context.services.conversations.confirmEmail(params.token));
  return redirect(`${localHref("/messages")}?confirmed`);
}

export default function ConfirmEmail() {
  return (
    <section className="form-card" aria-labelledby="confirm-heading">
      <h1 id="confirm-heading">{m.conversations_confirm_heading()}</h1>
      <p>{m.conversations_confirm_intro()}</p>
      <Form method="post">
        <button type="submit" className="button primary">
          {m.conversations_confirm_button()}
        </button>
      </Form>
    </section>
  );
}
