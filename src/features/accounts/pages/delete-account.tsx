/**
 * A helper deletes her own account at once (a direct hire, PDPA; decision 197): her biodata and
 * its photos, her conversations and her sessions go with it. Agencies' accounts are not deleted
 * here (their biodata and licences are the operators' to wind up).
 */
import { data, Form, redirect, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { isHttpError } from "../../../ui/forms.server";
import { viewerOf } from "../../../ui/page-guards.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Route } from "./+types/delete-account";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.accounts_delete_title(), matches);

function requireOwnHelperAccount(context: Route.LoaderArgs["context"], id: string | undefined) {
  const viewer = viewerOf(context);
  if (viewer.id !== id) throw data(m.accounts_profile_not_yours(), { status: 403 });
  if (viewer.role !== "helper") throw data(m.accounts_delete_helpers_only(), { status: 403 });
  return viewer;
}

export function loader({ params, context }: Route.LoaderArgs) {
  requireOwnHelperAccount(context, params.id);
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireOwnHelperAccount(context, params.id);
  const password = (await request.formData()).get("currentPassword");
  if (typeof password !== "string" || password === "") {
    const message = m.accounts_delete_password_needed();
    return data({ message, fields: { currentPassword: message } }, { status: 400 });
  }
  try {
    await context.services.accounts.deleteOwnAccount(
      viewer,
      password,
      // Her biodata through its own service first, so its photos go with it.
      async () => {
        for (const own of await context.services.helpers.listOwn(viewer)) await context.services.helpers.remove(viewer, own.id);
      },
      context.ip,
    );
  } catch (error) {
    if (!isHttpError(error) || ![400, 429].includes(error.statusCode)) throw error;
    return data({ message: error.message, fields: error.fields }, { status: error.statusCode });
  }
  // Her sessions went with the account: the cookie opens nothing any more.
  return redirect("/");
}

export default function DeleteAccount() {
  const answer = useActionData<{ fields?: Record<string, string>; message?: string }>();
  const busy = useNavigation().state === "submitting";
  const field = {
    id: "current-password",
    name: "currentPassword",
    errorId: "current-password-error",
    descriptionId: "current-password-hint",
  };
  return (
    <section className="form-card account-card" aria-labelledby="delete-account-heading">
      <h1 id="delete-account-heading">{m.accounts_delete_title()}</h1>
      <p className="account-lead">{m.accounts_delete_lead()}</p>
      <FormError message={answer?.message} />
      <Form method="post" className="form">
        <Field
          field={{ ...field, errors: answer?.fields?.currentPassword ? [answer.fields.currentPassword] : undefined }}
          label={m.accounts_field_current_password()}
          type="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={busy} busyLabel={m.accounts_deleting()}>
          {m.accounts_delete_button()}
        </SubmitButton>
      </Form>
    </section>
  );
}
