import { data, Form, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { keyCookie, orRefusal } from "./refusals.server";
import type { Route } from "./+types/sign-in";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.conversations_sign_in_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/**
 * A sign-in link (mailed) or code (a QR code in the space on another device). Opening it only
 * asks: mail scanners open links, and the pass works once. The button uses it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await context.services.conversations.signInOpen(params.token))) throw data(m.conversations_pass_unknown(), { status: 404 });
  return null;
}

/** Uses the pass: this browser gets its own key to the family's space and passes the gate as the family. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const signedIn = await orRefusal(() => context.services.conversations.signIn(params.token, request.headers.get("user-agent") ?? ""));
  const headers = new Headers();
  headers.append("Set-Cookie", keyCookie(signedIn.key, context));
  headers.append("Set-Cookie", await context.visitorCookie.write(signedIn.visitor));
  return redirect(localHref("/messages"), { headers });
}

export default function SignIn() {
  return (
    <section className="form-card" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{m.conversations_sign_in_page_heading()}</h1>
      <p>{m.conversations_sign_in_page_intro()}</p>
      <Form method="post">
        <button type="submit" className="button primary">
          {m.conversations_sign_in_page_button()}
        </button>
      </Form>
    </section>
  );
}
