import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { forgotPasswordSchema, type ForgotPasswordInput } from "../auth-schemas";
import { parseWithZod, refuse } from "../../../ui/forms.server";
import { callAuth, tooManyAttempts } from "./auth.server";

import { siteName } from "../../../ui/meta";
import { LanguageChoice } from "../components/language-choice";
import type { Route } from "./+types/forgot-password";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${m.accounts_forgot_title()} — ${siteName(matches)}` }];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return refuse(submission);
  // better-auth's link goes to its own endpoint, which checks the token and then sends the
  // browser to /reset-password?token=… (or ?error=INVALID_TOKEN).
  const result = await callAuth(context, "/request-password-reset", {
    body: { email: submission.value.email, redirectTo: "/reset-password" },
  });
  if (result.status === 429) return refuse(submission, { formError: tooManyAttempts(result), status: 429 });
  if (!result.ok) return refuse(submission, { formError: m.accounts_forgot_failed(), status: 500 });
  // The same answer whether or not the address has an account: nobody learns who is registered.
  return { sent: true as const };
}

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm<ForgotPasswordInput>({ lastResult: answer && "result" in answer ? answer.result : undefined });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">{m.accounts_forgot_title()}</h1>
      <LanguageChoice />
      {answer && "sent" in answer ? (
        <p className="form-success" role="status">
          {m.accounts_forgot_sent()}
        </p>
      ) : (
        <>
          <p className="account-lead">{m.accounts_forgot_lead()}</p>
          <FormError message={form.errors?.[0]} />
          <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
            <Field field={fields.email} label={m.accounts_field_email()} type="email" autoComplete="email" inputMode="email" required />
            <SubmitButton busy={busy} busyLabel={m.accounts_sending()}>
              {m.accounts_forgot_send()}
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="form-links">
        <Link to="/login">{m.accounts_back_to_login()}</Link>
      </p>
    </section>
  );
}
