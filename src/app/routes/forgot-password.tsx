import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { FormError, TextField } from "../components/form-field";
import { fieldErrors, forgotPasswordSchema, formValues } from "../lib/auth-schemas";
import { assertSameOrigin, callAuth, tooManyAttempts } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Forgot your password? — ${siteName(matches)}` }];

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context);
  const values = formValues(await request.formData());
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return data({ sent: false, fields: fieldErrors(parsed.error), error: null }, { status: 400 });
  // better-auth's link goes to its own endpoint, which checks the token and then sends the
  // browser to /reset-password?token=… (or ?error=INVALID_TOKEN).
  const result = await callAuth(context, "/request-password-reset", {
    body: { email: parsed.data.email, redirectTo: "/reset-password" },
  });
  if (result.status === 429) return data({ sent: false, fields: {}, error: tooManyAttempts(result) }, { status: 429 });
  if (!result.ok) {
    return data({ sent: false, fields: {}, error: "We could not send the link just now. Please try again." }, { status: 500 });
  }
  // The same answer whether or not the address has an account: nobody learns who is registered.
  return { sent: true, fields: {}, error: null };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fields: Record<string, string> = result?.fields ?? {};
  return (
    <section className="form-card account-card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">Forgot your password?</h1>
      {result?.sent ? (
        <p className="form-success" role="status">
          If an account exists for this email, we have sent a link to choose a new password. It works for one hour.
        </p>
      ) : (
        <>
          <p className="account-lead">Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <FormError message={result?.error} />
          <Form method="post" className="form">
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              error={fields.email}
            />
            <div className="form-actions">
              <button type="submit" className="button primary" disabled={busy}>
                {busy ? "Sending…" : "Send the link"}
              </button>
            </div>
          </Form>
        </>
      )}
      <p className="form-links">
        <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
