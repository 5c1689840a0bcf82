import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "../../../ui/field";
import { NewPasswordFields } from "../components/account-password-fields";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { resetPasswordSchema, type ResetPasswordInput } from "../auth-schemas";
import { parseWithZod, refuse, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";

import { siteName } from "../../../ui/meta";
import { LanguageChoice } from "../components/language-choice";
import type { Route } from "./+types/reset-password";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${m.accounts_reset_title()} — ${siteName(matches)}` }];

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && !url.searchParams.has("error") ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const fail = (refusal: Omit<Refusal, "hideFields"> = {}) =>
    refuse(submission, { ...refusal, hideFields: ["password", "confirmPassword"] });
  if (submission.status !== "success") {
    return fail({ formError: submission.error?.token ? m.accounts_reset_invalid_link() : undefined });
  }
  const result = await callAuth(context, "/reset-password", {
    body: { token: submission.value.token, newPassword: submission.value.password },
  });
  if (result.ok) return redirect("/login?reset=1");
  if (result.status === 429) return fail({ formError: tooManyAttempts(result), status: 429 });
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") return fail({ formError: m.accounts_reset_invalid_link() });
  if (result.code === "PASSWORD_TOO_COMMON") {
    return fail({ fields: { password: authMessage(result) ?? m.accounts_password_too_common() } });
  }
  if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
    return fail({ fields: { password: m.accounts_new_password_length({ min: PASSWORD_MIN, max: PASSWORD_MAX }) } });
  }
  return fail({ formError: m.accounts_password_change_failed(), status: 500 });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<ResetPasswordInput>({ lastResult: useActionData<typeof action>()?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{m.accounts_reset_title()}</h1>
      <LanguageChoice />
      {token ? (
        <>
          <FormError message={form.errors?.[0]} />
          <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields
              password={fields.password}
              confirm={fields.confirmPassword}
              label={m.accounts_field_new_password()}
              confirmLabel={m.accounts_field_confirm_new_password()}
            />
            <SubmitButton busy={busy} busyLabel={m.accounts_saving()}>
              {m.accounts_reset_save()}
            </SubmitButton>
          </Form>
        </>
      ) : (
        <p className="form-error" role="alert">
          {m.accounts_reset_invalid_link()}
        </p>
      )}
      <p className="form-links">
        <Link to="/forgot-password">{m.accounts_reset_ask_again()}</Link> · <Link to="/login">{m.accounts_back_to_login()}</Link>
      </p>
    </section>
  );
}
