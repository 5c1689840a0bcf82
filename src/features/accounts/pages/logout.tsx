import { Form, redirect } from "react-router";
import { callAuth } from "./auth.server";
import { redirectWithCookies } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/logout";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${m.accounts_logout()} — ${siteName(matches)}` }];

async function signOut(request: Request, context: Route.LoaderArgs["context"]) {
  const result = await callAuth(context, "/sign-out", { cookie: request.headers.get("cookie") });
  return redirectWithCookies("/login?signed-out=1", result.cookies);
}

/**
 * Visiting /logout signs out at once when the visit comes from this site (the menu's link) or
 * from the address bar, as the browser tells through Sec-Fetch-Site. A link on another site
 * only gets a confirm button: the SameSite=Lax session cookie rides along on such a visit, and
 * a stranger's page must not be able to sign anyone out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect("/login");
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return signOut(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return signOut(request, context);
}

export default function Logout() {
  return (
    <section className="form-card account-card" aria-labelledby="logout-heading">
      <h1 id="logout-heading">{m.accounts_logout()}</h1>
      <p>{m.accounts_logout_question()}</p>
      <Form method="post" className="form-actions">
        <button type="submit" className="button primary">
          {m.accounts_logout()}
        </button>
      </Form>
    </section>
  );
}
