import type { ReactNode } from "react";
import { getFormProps, useForm, type FormMetadata } from "@conform-to/react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatSingaporeDay } from "../../../shared/format";
import { formatPhone } from "../../../shared/phone";
import { AccountAvatar } from "../components/account-avatar";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { Field, FormError } from "../../../ui/field";
import { SubmitButton } from "../../../ui/submit-button";
import { NewPasswordFields } from "../components/account-password-fields";
import { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX, TELEGRAM_MAX } from "../auth-limits";
import { profileSchema, type ProfileFormInput } from "../profile-schema";
import { changePasswordSchema, type ChangePasswordInput } from "../auth-schemas";
import { isHttpError, parseWithZod, replyWith, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";
import { viewerOf } from "../../../ui/page-guards.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/profile";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta("Your profile", matches);

/** A refusal for too many tries says when to try again, as an HTTP client reads it too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

/** Only one's own profile: another id is refused even to operators. */
function requireOwnProfile(request: Request, context: Route.LoaderArgs["context"], id: string | undefined) {
  const viewer = viewerOf(context);
  if (viewer.id !== id) throw data("You may only open your own profile.", { status: 403 });
  return viewer;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireOwnProfile(request, context, params.id);
  const profile = await context.services.accounts.find(viewer.id);
  if (!profile) throw data(null, { status: 404 });
  return {
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      companyName: profile.companyName ?? "",
      eaLicenceNumber: profile.eaLicenceNumber ?? "",
      licenceCheckedOn: profile.licenceCheckedAt ? formatSingaporeDay(profile.licenceCheckedAt) : null,
      phone: profile.phone ? formatPhone(profile.phone) : "",
      telegram: profile.telegram ? `@${profile.telegram}` : "",
      avatar: profile.avatar?.thumbUrl ?? null,
    },
  };
}

const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireOwnProfile(request, context, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "avatar") {
    const key = formData.get("key");
    try {
      await context.services.accounts.setAvatar(viewer, typeof key === "string" ? key : "");
    } catch (error) {
      if (!isHttpError(error) || error.statusCode !== 400) throw error;
      return data({ intent: "avatar" as const, ok: false, fields: error.fields }, { status: 400 });
    }
    return data({ intent: "avatar" as const, ok: true, fields: undefined });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const fail = (refusal: Omit<Refusal, "hideFields">, headers?: HeadersInit) =>
      data(
        { intent: "password" as const, result: replyWith(submission, { ...refusal, hideFields: PASSWORDS }) },
        { status: refusal.status ?? 400, headers },
      );
    if (submission.status !== "success") return fail({});
    const result = await callAuth(context, "/change-password", {
      cookie: request.headers.get("cookie"),
      body: { currentPassword: submission.value.currentPassword, newPassword: submission.value.newPassword, revokeOtherSessions: true },
    });
    if (result.status === 429) {
      const headers = result.retryAfter ? { "retry-after": String(result.retryAfter) } : undefined;
      const message = result.code === "TOO_MANY_PASSWORD_CHECKS" ? authMessage(result) : undefined;
      return fail({ formError: message ?? tooManyAttempts(result), status: 429 }, headers);
    }
    if (result.code === "INVALID_PASSWORD") return fail({ fields: { currentPassword: "This is not your current password" } });
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ fields: { newPassword: authMessage(result) ?? "Choose a less common password" } });
    }
    if (!result.ok) return fail({ formError: "We could not change your password just now. Please try again.", status: 500 });
    // Every session was ended, this one too; better-auth's new cookie keeps this device signed in.
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("set-cookie", cookie);
    return data({ intent: "password" as const, done: "Your password is changed. Your other devices have been logged out." }, { headers });
  }

  const submission = parseWithZod(formData, { schema: profileSchema });
  const fail = (refusal: Omit<Refusal, "hideFields">, headers?: HeadersInit) =>
    data(
      { intent: "details" as const, result: replyWith(submission, { ...refusal, hideFields: PASSWORDS }) },
      { status: refusal.status ?? 400, headers },
    );
  if (submission.status !== "success") return fail({});
  let saved;
  try {
    saved = await context.services.accounts.update(viewer.id, submission.value, context.ip);
  } catch (error) {
    if (!isHttpError(error) || ![400, 409, 429].includes(error.statusCode)) throw error;
    const headers = error.retryAfter ? { "retry-after": String(error.retryAfter) } : undefined;
    return fail({ fields: error.fields, formError: error.fields?.form, status: error.statusCode }, headers);
  }
  return data({
    intent: "details" as const,
    done: saved.emailPending
      ? `Your details are saved. We sent a link to ${saved.emailPending}: your email changes when you open it. Until then, log in with ${viewer.email}.`
      : saved.emailChanged
        ? "Your details are saved. Log in with your new email from now on."
        : "Your details are saved.",
  });
}

/** Whether families see the licence yet: only once the site checked it (decision 100). */
function licenceHint(checkedOn: string | null): string {
  const format = "Your employment agency licence from MOM, e.g. 19C9871. Overseas suppliers leave it empty.";
  return checkedOn
    ? `${format} Checked by us on ${checkedOn}; changing it means it is checked again.`
    : `${format} Families see it once we have checked it in MOM's directory.`;
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const details = answer?.intent === "details" ? answer : undefined;
  const password = answer?.intent === "password" ? answer : undefined;
  const [detailsForm, detailFields] = useForm<ProfileFormInput>({
    id: "profile-details",
    lastResult: details && "result" in details ? details.result : undefined,
    defaultValue: profile,
  });
  const [passwordForm, passwordFields] = useForm<ChangePasswordInput>({
    id: "profile-password",
    lastResult: password && "result" in password ? password.result : undefined,
  });

  return (
    <div className="account-profile">
      <section className="form-card account-card" aria-labelledby="profile-heading">
        <div className="account-profile-head">
          <h1 id="profile-heading">{profile.name}</h1>
          <Link className="button" to={paths.dashboard()}>
            My biodatas
          </Link>
        </div>
        <AccountAvatar name={profile.name} thumbUrl={profile.avatar} />
        <h2 className="account-section-heading">Your details</h2>
        <IntentForm intent="details" form={detailsForm} answer={details} sending={sending} busyLabel="Saving…" submitLabel="Update details">
          <Field field={detailFields.name} label="Full name" autoComplete="name" required maxLength={NAME_MAX} />
          <Field field={detailFields.email} label="Email" type="email" autoComplete="email" inputMode="email" required />
          <Field field={detailFields.companyName} label="Company name" autoComplete="organization" maxLength={COMPANY_MAX} />
          <Field
            field={detailFields.eaLicenceNumber}
            label="EA licence number"
            maxLength={EA_LICENCE_MAX}
            hint={licenceHint(profile.licenceCheckedOn)}
          />
          <Field
            field={detailFields.phone}
            label="Phone"
            type="tel"
            autoComplete="tel"
            hint="A Singapore number, or + and the country code for another country. Families' WhatsApp buttons message it."
          />
          <Field
            field={detailFields.telegram}
            label="Telegram (optional)"
            maxLength={TELEGRAM_MAX}
            autoComplete="off"
            hint="Your Telegram user name, e.g. @goldenbridge_sg: families can then message you on Telegram too."
          />
          <Field
            field={detailFields.currentPassword}
            label="Current password (only to change your email)"
            type="password"
            autoComplete="current-password"
          />
        </IntentForm>
      </section>

      <section className="form-card account-card" aria-labelledby="password-heading">
        <h2 id="password-heading" className="account-section-heading">
          Change password
        </h2>
        <IntentForm
          intent="password"
          form={passwordForm}
          answer={password}
          sending={sending}
          busyLabel="Changing…"
          submitLabel="Change password"
        >
          <Field field={passwordFields.currentPassword} label="Current password" type="password" autoComplete="current-password" required />
          <NewPasswordFields
            password={passwordFields.newPassword}
            confirm={passwordFields.confirmPassword}
            label="New password"
            confirmLabel="Confirm new password"
          />
        </IntentForm>
      </section>
    </div>
  );
}

/**
 * One of the page's two forms: what its last save said (done, or what to fix), its fields, and
 * its button; `intent` tells the action which form was sent.
 */
function IntentForm<Schema extends Record<string, unknown>>({
  intent,
  form,
  answer,
  sending,
  busyLabel,
  submitLabel,
  children,
}: {
  intent: "details" | "password";
  form: FormMetadata<Schema, string[]>;
  answer: { done: string } | object | undefined;
  sending: FormDataEntryValue | null | undefined;
  busyLabel: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {answer && "done" in answer ? (
        <p className="form-success" role="status">
          {answer.done}
        </p>
      ) : (
        <FormError message={form.errors?.[0] ?? (answer ? "Please check the fields marked below." : null)} />
      )}
      <Form method="post" className="form" {...getFormProps(form)}>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <SubmitButton busy={sending === intent} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      </Form>
    </>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
