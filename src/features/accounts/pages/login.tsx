import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { loginSchema, type LoginInput } from "../auth-schemas";
import { parseWithZod, refuse } from "../../../ui/forms.server";
import { callAuth, tooManyAttempts } from "./auth.server";
import { redirectWithCookies, safeRedirect } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import { LanguageChoice } from "../components/language-choice";
import type { Route } from "./+types/login";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.accounts_login_title()} — ${siteName(matches)}` },
  { name: "description", content: m.accounts_login_description() },
];

/**
 * After sign-up, the same words whether the address was new or already had an account (decision
 * 085): with mail, a link to confirm the address is on its way either way.
 */
const registered = (confirmByMail: boolean) => (confirmByMail ? m.accounts_registered_confirm_by_mail() : m.accounts_registered_at_once());

/** Messages a page may leave for the login screen (after a reset, a sign-out). */
const notices = () =>
  new Map([
    ["reset", m.accounts_notice_reset()],
    ["signed-out", m.accounts_notice_signed_out()],
  ]);

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  const signedUp = registered(context.services.accounts.emailNeedsConfirming);
  const said = notices();
  const notice = [...url.searchParams.keys()].map((key) => (key === "registered" ? signedUp : said.get(key))).find(Boolean) ?? null;
  return { redirectTo: url.searchParams.has("redirectTo") ? redirectTo : null, notice };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const redirectTo = safeRedirect(formData.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: loginSchema });
  // A sign-in says what is wrong with the whole form, never which half: no message per field.
  const refused = (formError: string, status: number) =>
    refuse(submission, { formError, status, hideFields: ["password"], formErrorOnly: true });
  if (submission.status !== "success") return refused(m.accounts_login_enter_both(), 400);
  const result = await callAuth(context, "/sign-in/email", {
    body: { email: submission.value.email, password: submission.value.password, rememberMe: true },
  });
  if (result.ok) return redirectWithCookies(redirectTo, result.cookies);
  if (result.status === 429) return refused(tooManyAttempts(result), 429);
  if (result.status === 401 || result.status === 400) return refused(m.accounts_login_wrong(), 401);
  return refused(m.accounts_login_failed(), 500);
}

export default function Login() {
  const { redirectTo, notice } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [form, fields] = useForm<LoginInput>({ lastResult: result });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="login-heading">
      <h1 id="login-heading">{m.accounts_login_title()}</h1>
      <LanguageChoice />
      {notice && !result ? (
        <p className="form-success" role="status">
          {notice}
        </p>
      ) : null}
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={fields.email} label={m.accounts_field_email()} type="email" autoComplete="username" inputMode="email" required />
        <Field field={fields.password} label={m.accounts_field_password()} type="password" autoComplete="current-password" required />
        <div className="form-actions account-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? m.accounts_logging_in() : m.accounts_login_title()}
          </button>
          <Link to="/forgot-password">{m.accounts_forgot_title()}</Link>
        </div>
      </Form>
      <p className="form-links">
        {m.accounts_no_account()} <Link to="/register">{m.accounts_register_title()}</Link>
      </p>
    </section>
  );
}
