import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { forgotPasswordSchema, type ForgotPasswordInput } from "../auth-schemas";
import { parseWithZod, refuse } from "../../../ui/forms.server";
import { callAuth, tooManyAttempts } from "./auth.server";

import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/forgot-password";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Forgot your password? — ${siteName(matches)}` }];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return refuse(submission);
  // better-auth's link goes to its own endpoint, which checks the token and then sends the
  // browser to /reset-password?token=… (or ?error=INVALID_TOKEN).
  const result = await callAuth(context, "/request-password-reset", {
    body: { email: submission.value.email, redirectTo: "/reset-password" },
  });
  if (result.status === 429) return refuse(submission, { formError: tooManyAttempts(result), status: 429 });
  if (!result.ok) return refuse(submission, { formError: "We could not send the link just now. Please try again.", status: 500 });
  // The same answer whether or not the address has an account: nobody learns who is registered.
  return { sent: true as const };
}

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const [form, fields] = useForm<ForgotPasswordInput>({ lastResult: answer && "result" in answer ? answer.result : undefined });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading">Forgot your password?</h1>
      {answer && "sent" in answer ? (
        <p className="form-success" role="status">
          If an account exists for this email, we have sent a link to choose a new password. It works for one hour.
        </p>
      ) : (
        <>
          <p className="account-lead">Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <FormError message={form.errors?.[0]} />
          <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
            <Field field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
            <SubmitButton busy={busy} busyLabel="Sending…">
              Send the link
            </SubmitButton>
          </Form>
        </>
      )}
      <p className="form-links">
        <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
