import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { FormError, TextField } from "../components/form-field";
import { NewPasswordFields } from "../components/account-password-fields";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../lib/auth-limits";
import { fieldErrors, formValues, registerSchema, type FieldErrors } from "../lib/auth-schemas";
import { assertSameOrigin, authMessage, callAuth, tooManyAttempts } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Signup — ${siteName(matches)}` },
  { name: "description", content: "Create your supplier account to publish and manage your helpers' biodata." },
];

export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/dashboard");
  return null;
}

interface ActionResult {
  fields: FieldErrors;
  formError?: string;
  values: { name?: string; email?: string };
}

const fail = (result: ActionResult, status = 400) => data(result, { status });

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context);
  const values = formValues(await request.formData());
  const kept = { name: values.name, email: values.email };
  const parsed = registerSchema.safeParse(values);
  if (!parsed.success) return fail({ fields: fieldErrors(parsed.error), values: kept });

  const { name, email, password } = parsed.data;
  const result = await callAuth(context, "/sign-up/email", { body: { name, email, password } });
  if (!result.ok) {
    if (result.status === 429) return fail({ fields: {}, formError: tooManyAttempts(result), values: kept }, 429);
    if (result.code?.startsWith("USER_ALREADY_EXISTS")) {
      return fail({ fields: { email: "An account with this email already exists. Sign in instead?" }, values: kept }, 409);
    }
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ fields: { password: authMessage(result) ?? "Choose a less common password" }, values: kept });
    }
    if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
      return fail({ fields: { password: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` }, values: kept });
    }
    return fail({ fields: {}, formError: "We could not create your account just now. Please try again.", values: kept }, result.status >= 500 ? 500 : 400);
  }
  // The sign-up signed the new user in; as on the original site they log in next, so that
  // session is ended at once rather than left unused in the database.
  const cookie = result.cookies.map((c) => c.split(";")[0]).join("; ");
  if (cookie) await callAuth(context, "/sign-out", { cookie });
  return redirect("/login?registered=1");
}

export default function Register() {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = result?.fields ?? {};
  return (
    <section className="form-card account-card" aria-labelledby="register-heading">
      <h1 id="register-heading">Signup</h1>
      <p className="account-lead">Create your supplier account to publish your helpers&apos; biodata.</p>
      <FormError message={result?.formError} />
      <Form method="post" className="form" noValidate>
        <TextField
          label="Full name"
          name="name"
          autoComplete="name"
          required
          maxLength={NAME_MAX}
          defaultValue={result?.values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={result?.values.email}
          error={errors.email}
        />
        <NewPasswordFields name="password" label="Password" confirmLabel="Confirm password" errors={errors} />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Registering…" : "Register"}
          </button>
        </div>
      </Form>
      <p className="form-links">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}
