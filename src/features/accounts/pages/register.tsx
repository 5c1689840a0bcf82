import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import { Field, FormError } from "../../../ui/field";
import { NewPasswordFields } from "../components/account-password-fields";
import { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { helperRegisterSchema, registerSchema, type HelperRegisterInput, type RegisterInput } from "../auth-schemas";
import type { SignUpRole } from "../../../shared/roles";
import { parseWithZod, refuse, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";
import { redirectWithCookies } from "../../../ui/page-guards.server";

import { siteName } from "../../../ui/meta";
import { LanguageChoice } from "../components/language-choice";
import type { Route } from "./+types/register";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.accounts_register_title()} — ${siteName(matches)}` },
  { name: "description", content: m.accounts_register_description() },
];

export function loader({ context, request }: Route.LoaderArgs) {
  if (context.viewer) throw redirect("/dashboard");
  return { as: signsUpAs(request.url) };
}

/** Which sign-up the page shows: an agency's (the default) or a helper's own (`?as=helper`). */
function signsUpAs(url: string): SignUpRole {
  return new URL(url).searchParams.get("as") === "helper" ? "helper" : "supplier";
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const role: SignUpRole = formData.get("as") === "helper" || signsUpAs(request.url) === "helper" ? "helper" : "supplier";
  const submission =
    role === "helper" ? parseWithZod(formData, { schema: helperRegisterSchema }) : parseWithZod(formData, { schema: registerSchema });
  const fail = (refusal: Omit<Refusal, "hideFields"> = {}) =>
    refuse(submission, { ...refusal, hideFields: ["password", "confirmPassword"] });
  if (submission.status !== "success") return fail();

  const { name, email, password } = submission.value;
  const details =
    "companyName" in submission.value
      ? {
          companyName: submission.value.companyName,
          ...(submission.value.eaLicenceNumber ? { eaLicenceNumber: submission.value.eaLicenceNumber } : {}),
        }
      : { ...("phone" in submission.value && submission.value.phone ? { phone: submission.value.phone } : {}) };
  const result = await callAuth(context, "/sign-up/email", { body: { name, email, password, ...details }, signUpAs: role });
  if (!result.ok) {
    if (result.status === 429) return fail({ formError: tooManyAttempts(result), status: 429 });
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ fields: { password: authMessage(result) ?? m.accounts_password_too_common() } });
    }
    if (result.code === "PASSWORD_TOO_SHORT" || result.code === "PASSWORD_TOO_LONG") {
      return fail({ fields: { password: m.accounts_password_length({ min: PASSWORD_MIN, max: PASSWORD_MAX }) } });
    }
    // The licence another account holds, or a detail the account guard refused: at its field.
    const fields = fieldsOf(result.body);
    if (fields) return fail({ fields, status: result.status });
    return fail({ formError: m.accounts_register_failed(), status: result.status >= 500 ? 500 : 400 });
  }
  // The new supplier lands signed in (decision 101). Sign-up answers a taken address as a new
  // one (decision 085), so signing in is a separate, rate-limited step: with the password just
  // chosen it works for a new account; for an address that already had one it fails, and the
  // same notice as before says to log in or reset the password.
  const signedIn = await callAuth(context, "/sign-in/email", { body: { email, password, rememberMe: true } });
  if (signedIn.ok) return redirectWithCookies("/dashboard", signedIn.cookies);
  return redirect("/login?registered=1");
}

/** better-auth's refusals from the account guard carry a message per field. */
function fieldsOf(body: unknown): Record<string, string> | undefined {
  if (!body || typeof body !== "object" || !("fields" in body) || !body.fields || typeof body.fields !== "object") return undefined;
  const fields = Object.fromEntries(Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return Object.keys(fields).length > 0 ? fields : undefined;
}

export default function Register() {
  const { as } = useLoaderData<typeof loader>();
  return (
    <section className="form-card account-card" aria-labelledby="register-heading">
      <h1 id="register-heading">{m.accounts_register_title()}</h1>
      <LanguageChoice />
      <nav className="sign-up-kinds" aria-label={m.accounts_register_kinds()}>
        <Link to="/register" aria-current={as === "supplier" ? "page" : undefined}>
          {m.accounts_register_as_agency()}
        </Link>
        <Link to="/register?as=helper" aria-current={as === "helper" ? "page" : undefined}>
          {m.accounts_register_as_helper()}
        </Link>
      </nav>
      {as === "helper" ? <HelperSignUp /> : <AgencySignUp />}
      <p className="form-links">
        {m.accounts_have_account()} <Link to="/login">{m.accounts_login_title()}</Link>
      </p>
    </section>
  );
}

function AgencySignUp() {
  const [form, fields] = useForm<RegisterInput>({ lastResult: useActionData<typeof action>()?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="account-lead">{m.accounts_register_lead()}</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)}>
        <Field field={fields.name} label={m.accounts_field_full_name()} autoComplete="name" required maxLength={NAME_MAX} />
        <Field
          field={fields.companyName}
          label={m.accounts_field_company()}
          autoComplete="organization"
          required
          maxLength={COMPANY_MAX}
          hint={m.accounts_field_company_hint()}
        />
        <Field
          field={fields.eaLicenceNumber}
          label={m.accounts_field_licence_optional()}
          maxLength={EA_LICENCE_MAX}
          autoCapitalize="characters"
          hint={`${m.accounts_licence_hint()} ${m.accounts_licence_hint_unchecked()}`}
        />
        <Field field={fields.email} label={m.accounts_field_email()} type="email" autoComplete="email" inputMode="email" required />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={m.accounts_field_password()}
          confirmLabel={m.accounts_field_confirm_password()}
        />
        <SubmitButton busy={busy} busyLabel={m.accounts_signing_up()}>
          {m.accounts_register_title()}
        </SubmitButton>
      </Form>
    </>
  );
}

/** A helper signing up herself: her name, e-mail and password; a phone only if she wishes, never shown. */
function HelperSignUp() {
  const [form, fields] = useForm<HelperRegisterInput>({ lastResult: useActionData<typeof action>()?.result });
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <p className="account-lead">{m.accounts_register_helper_lead()}</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" action="/register?as=helper" className="form" {...getFormProps(form)}>
        <input type="hidden" name="as" value="helper" />
        <Field field={fields.name} label={m.accounts_field_full_name()} autoComplete="name" required maxLength={NAME_MAX} />
        <Field field={fields.email} label={m.accounts_field_email()} type="email" autoComplete="email" inputMode="email" required />
        <Field
          field={fields.phone}
          label={m.accounts_field_phone_optional()}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint={m.accounts_field_phone_never_shown()}
        />
        <NewPasswordFields
          password={fields.password}
          confirm={fields.confirmPassword}
          label={m.accounts_field_password()}
          confirmLabel={m.accounts_field_confirm_password()}
        />
        <SubmitButton busy={busy} busyLabel={m.accounts_signing_up()}>
          {m.accounts_register_title()}
        </SubmitButton>
      </Form>
    </>
  );
}
