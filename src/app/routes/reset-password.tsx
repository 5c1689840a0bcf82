import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "../components/form-field";
import { NewPasswordFields } from "../components/account-password-fields";
import { PASSWORD_MAX, PASSWORD_MIN } from "../lib/auth-limits";
import { fieldErrors, formValues, resetPasswordSchema } from "../lib/auth-schemas";
import { assertSameOrigin, authMessage, callAuth, tooManyAttempts } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Choose a new password — ${siteName(matches)}` }];

const INVALID_LINK = "This link is invalid or has expired. Please ask for a new one.";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && !url.searchParams.has("error") ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context);
  const values = formValues(await request.formData());
  const parsed = resetPasswordSchema.safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ fields, error: fields.token ? INVALID_LINK : null }, { status: 400 });
  }
  const result = await callAuth(context, "/reset-password", {
    body: { token: parsed.data.token, newPassword: parsed.data.password },
  });
  if (result.ok) return redirect("/login?reset=1");
  if (result.status === 429) return data({ fields: {}, error: tooManyAttempts(result) }, { status: 429 });
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") {
    return data({ fields: {}, error: INVALID_LINK }, { status: 400 });
  }
  if (result.code === "PASSWORD_TOO_COMMON") {
    return data({ fields: { password: authMessage(result) ?? "Choose a less common password" }, error: null }, { status: 400 });
  }
  if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
    return data({ fields: { password: `New password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }, error: null }, { status: 400 });
  }
  return data({ fields: {}, error: "We could not change your password just now. Please try again." }, { status: 500 });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string> = result?.fields ?? {};
  return (
    <section className="form-card account-card" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      {token ? (
        <>
          <FormError message={result?.error} />
          <Form method="post" className="form">
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields name="password" label="New password" confirmLabel="Confirm new password" errors={fields} />
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={busy}>
                {busy ? "Saving…" : "Save the new password"}
              </button>
            </div>
          </Form>
        </>
      ) : (
        <p className="form-error" role="alert">
          {INVALID_LINK}
        </p>
      )}
      <p className="form-links">
        <Link to="/forgot-password">Ask for a new link</Link> · <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
