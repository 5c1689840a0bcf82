import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { NewPasswordFields } from "../components/account-password-fields";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { registerSchema, type RegisterInput } from "../auth-schemas";
import { parseWithZod, refuse, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";

import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/register";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Signup — ${siteName(matches)}` },
  { name: "description", content: "Create your supplier account to publish and manage your helpers' biodata." },
];

export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: registerSchema });
  const fail = (refusal: Omit<Refusal, "hideFields"> = {}) =>
    refuse(submission, { ...refusal, hideFields: ["password", "confirmPassword"] });
  if (submission.status !== "success") return fail();

  const { name, email, password } = submission.value;
  const result = await callAuth(context, "/sign-up/email", { body: { name, email, password } });
  if (!result.ok) {
    if (result.status === 429) return fail({ formError: tooManyAttempts(result), status: 429 });
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ fields: { password: authMessage(result) ?? "Choose a less common password" } });
    }
    if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
      return fail({ fields: { password: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` } });
    }
    return fail({ formError: "We could not create your account just now. Please try again.", status: result.status >= 500 ? 500 : 400 });
  }
  // The same answer whether the address was new or already had an account (whose owner is told
  // by mail): sign-up never says who has an account here (decision 085). As on the original
  // site, the supplier logs in next.
  return redirect("/login?registered=1");
}

export default function Register() {
  const [form, fields] = useForm<RegisterInput>({ lastResult: useActionData<typeof action>()?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="register-heading">
      <h1 id="register-heading">Signup</h1>
      <p className="account-lead">Create your supplier account to publish your helpers&apos; biodata.</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <Field field={fields.name} label="Full name" autoComplete="name" required maxLength={NAME_MAX} />
        <Field field={fields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
        <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} label="Password" confirmLabel="Confirm password" />
        <SubmitButton busy={busy} busyLabel="Registering…">
          Register
        </SubmitButton>
      </Form>
      <p className="form-links">
        Already have an account? <Link to="/login">Sign in</Link>
      </p>
    </section>
  );
}
