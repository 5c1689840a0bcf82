import { data, Form } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { isHttpError } from "../../../ui/forms.server";
import type { Route } from "./+types/unsubscribe";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.alerts_unsubscribe_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** An alert's unsubscribe link: opening it shows a button (a mail scanner's visit changes nothing). */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await context.services.alerts.unsubscribeOpen(params.token))) throw data(m.alerts_unsubscribe_unknown(), { status: 404 });
  return { done: false };
}

/**
 * The button, and a mail client's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`):
 * no sign-in, in effect at once.
 */
export async function action({ params, context }: Route.ActionArgs) {
  try {
    await context.services.alerts.unsubscribe(params.token);
  } catch (error) {
    if (isHttpError(error)) throw data(error.message, { status: error.statusCode });
    throw error;
  }
  return { done: true };
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <section className="form-card" aria-labelledby="alerts-unsubscribe-heading">
      <h1 id="alerts-unsubscribe-heading">{m.alerts_unsubscribe_heading()}</h1>
      {actionData?.done ? (
        <p className="form-success" role="status">
          {m.alerts_unsubscribed()}
        </p>
      ) : (
        <>
          <p>{m.alerts_unsubscribe_intro()}</p>
          <Form method="post">
            <button type="submit" className="button primary">
              {m.alerts_unsubscribe_button()}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
