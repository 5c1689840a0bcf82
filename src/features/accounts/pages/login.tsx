import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { loginSchema, type LoginInput } from "../auth-schemas";
import { parseWithZod, refuse } from "../../../ui/forms.server";
import { callAuth, tooManyAttempts } from "./auth.server";
import { redirectWithCookies, safeRedirect } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/login";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Log in — ${siteName(matches)}` },
  { name: "description", content: "Log in to manage your helpers' biodata." },
];

/**
 * After sign-up, the same words whether the address was new or already had an account (decision
 * 085): with mail, a link to confirm the address is on its way either way.
 */
const REGISTERED = {
  confirmByMail:
    "Thank you for signing up. Check your inbox for a link to confirm your email (look in the spam folder too). You can log in meanwhile and save drafts; families see your biodata once your email is confirmed.",
  atOnce: "Your account is ready. Please log in. If this email already had an account, log in with its password, or reset it.",
};

/** Messages a page may leave for the login screen (after a reset, a sign-out). */
const NOTICES = new Map([
  ["reset", "Your password has been changed. Please log in with the new one."],
  ["signed-out", "You are logged out."],
]);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  const registered = context.services.accounts.emailNeedsConfirming ? REGISTERED.confirmByMail : REGISTERED.atOnce;
  const notice = [...url.searchParams.keys()].map((key) => (key === "registered" ? registered : NOTICES.get(key))).find(Boolean) ?? null;
  return { redirectTo: url.searchParams.has("redirectTo") ? redirectTo : null, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: loginSchema });
  // A sign-in says what is wrong with the whole form, never which half: no message per field.
  const refused = (formError: string, status: number) =>
    refuse(submission, { formError, status, hideFields: ["password"], formErrorOnly: true });
  if (submission.status !== "success") return refused("Enter your email and password.", 400);
  const result = await callAuth(context, "/sign-in/email", {
    body: { email: submission.value.email, password: submission.value.password, rememberMe: true },
  });
  if (result.ok) return redirectWithCookies(redirectTo, result.cookies);
  if (result.status === 429) return refused(tooManyAttempts(result), 429);
  if (result.status === 401 || result.status === 400) return refused("Wrong email or password.", 401);
  return refused("We could not log you in just now. Please try again.", 500);
}

export default function Login() {
  const { redirectTo, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<LoginInput>({ lastResult: result });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="login-heading">
      <h1 id="login-heading">Log in</h1>
      {notice && !result ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={fields.email} label="Email" type="email" autoComplete="username" inputMode="email" required />
        <Field field={fields.password} label="Password" type="password" autoComplete="current-password" required />
        <div className="form-actions account-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? "Logging in…" : "Log in"}
          </button>
          <Link to="/forgot-password">Forgot your password?</Link>
        </div>
      </Form>
      <p className="form-links">
        Don't have an account? <Link to="/register">Sign up</Link>
      </p>
    </section>
  );
}
