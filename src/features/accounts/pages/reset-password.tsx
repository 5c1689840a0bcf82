import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { FormError } from "../../../ui/field";
import { NewPasswordFields } from "../components/account-password-fields";
import { PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { resetPasswordSchema, type ResetPasswordInput } from "../auth-schemas";
import { parseWithZod, refuse, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";

import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/reset-password";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `Choose a new password — ${siteName(matches)}` }];

const INVALID_LINK = "This link is invalid or has expired. Please ask for a new one.";

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
    return fail({ formError: submission.error?.token ? INVALID_LINK : undefined });
  }
  const result = await callAuth(context, "/reset-password", {
    body: { token: submission.value.token, newPassword: submission.value.password },
  });
  if (result.ok) return redirect("/login?reset=1");
  if (result.status === 429) return fail({ formError: tooManyAttempts(result), status: 429 });
  if (result.code === "INVALID_TOKEN" || result.code === "USER_NOT_FOUND") return fail({ formError: INVALID_LINK });
  if (result.code === "PASSWORD_TOO_COMMON") {
    return fail({ fields: { password: authMessage(result) ?? "Choose a less common password" } });
  }
  if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
    return fail({ fields: { password: `New password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters` } });
  }
  return fail({ formError: "We could not change your password just now. Please try again.", status: 500 });
}

export default function ResetPassword() {
  const { token } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<ResetPasswordInput>({ lastResult: useActionData<typeof action>()?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <section className="form-card account-card" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      {token ? (
        <>
          <FormError message={form.errors?.[0]} />
          <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields
              password={fields.password}
              confirm={fields.confirmPassword}
              label="New password"
              confirmLabel="Confirm new password"
            />
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save the new password
            </SubmitButton>
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
