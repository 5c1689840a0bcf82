import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError, TextField } from "../components/form-field";
import { loginSchema, formValues } from "../lib/auth-schemas";
import { assertSameOrigin, callAuth, redirectWithCookies, safeRedirect, tooManyAttempts } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Login — ${siteName(matches)}` },
  { name: "description", content: "Log in to manage your helpers' biodata." },
];

/** Messages a page may leave for the login screen (after sign-up, a reset, a sign-out). */
const NOTICES: Record<string, string> = {
  registered: "Your account is ready. Please log in.",
  reset: "Your password has been changed. Please log in with the new one.",
  "signed-out": "You are logged out.",
};

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  const notice = [...url.searchParams.keys()].map((key) => NOTICES[key]).find(Boolean) ?? null;
  return { redirectTo: url.searchParams.has("redirectTo") ? redirectTo : null, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request, context);
  const values = formValues(await request.formData());
  const redirectTo = safeRedirect(values.redirectTo ?? new URL(request.url).searchParams.get("redirectTo"));
  const parsed = loginSchema.safeParse(values);
  if (!parsed.success) {
    return data({ error: "Enter your email and password.", email: values.email }, { status: 400 });
  }
  const result = await callAuth(context, "/sign-in/email", {
    body: { email: parsed.data.email, password: parsed.data.password, rememberMe: true },
  });
  if (result.ok) return redirectWithCookies(redirectTo, result.cookies);
  if (result.status === 429) return data({ error: tooManyAttempts(result), email: values.email }, { status: 429 });
  if (result.status === 401 || result.status === 400) {
    return data({ error: "Wrong email or password.", email: values.email }, { status: 401 });
  }
  return data({ error: "We could not log you in just now. Please try again.", email: values.email }, { status: 500 });
}

export default function Login() {
  const { redirectTo, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Login</h1>
      {notice && !result ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <FormError message={result?.error} />
      <Form method="post" className="form">
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          defaultValue={result?.email}
        />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
        <div className="form-actions account-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Logging in…" : "Login"}
          </button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </Form>
      <p className="form-links">
        Don&apos;t have an account? <Link to="/register">Sign up</Link>
      </p>
    </section>
  );
}
