import type { ReactNode } from "react";
import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatSingaporeDay } from "../../../shared/format";
import { formatPhone } from "../../../shared/phone";
import { AccountAvatar } from "../components/account-avatar";
import { EaPersonnelSection, type PersonnelAnswer } from "../components/ea-personnel-section";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { Field, FormError } from "../../../ui/field";
import { SubmitButton } from "../../../ui/submit-button";
import { NewPasswordFields } from "../components/account-password-fields";
import { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX, TELEGRAM_MAX } from "../auth-limits";
import { languageSchema, profileSchema, type ProfileFormInput } from "../profile-schema";
import { changePasswordSchema, type ChangePasswordInput } from "../auth-schemas";
import { isHttpError, parseWithZod, replyWith, type Refusal } from "../../../ui/forms.server";
import { authMessage, callAuth, tooManyAttempts } from "./auth.server";
import { viewerOf } from "../../../ui/page-guards.server";
import { unlistedPageMeta } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/profile";
import { pagePolicy } from "../../../shared/page-policy";
import { LOCALE_NAMES, SUPPLIER_LOCALES, type SupplierLocale } from "../../../shared/i18n/locales";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.accounts_profile_title(), matches);

/** A refusal for too many tries says when to try again, as an HTTP client reads it too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

/** Only one's own profile: another id is refused even to operators. */
function requireOwnProfile(request: Request, context: Route.LoaderArgs["context"], id: string | undefined) {
  const viewer = viewerOf(context);
  if (viewer.id !== id) throw data(m.accounts_profile_not_yours(), { status: 403 });
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
    locale: profile.locale,
    // A licensed agency's registered EA personnel (decision 162); an overseas supplier has none.
    personnel: profile.eaLicenceNumber ? await context.services.suppliers.personnel(viewer.id) : null,
    // A helper's own account (a direct hire): no company, licence or Telegram; her phone is never shown.
    helperAccount: profile.role === "helper",
  };
}

const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireOwnProfile(request, context, params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "personnel-add" || intent === "personnel-remove") {
    try {
      if (intent === "personnel-add") {
        await context.services.suppliers.addPersonnel(viewer, Object.fromEntries(formData));
      } else {
        await context.services.suppliers.removePersonnel(viewer, String(formData.get("id") ?? ""));
      }
    } catch (error) {
      if (!isHttpError(error) || ![400, 404].includes(error.statusCode)) throw error;
      const answer: PersonnelAnswer = { intent: "personnel", ok: false, fields: error.fields, message: error.message };
      return data(answer, { status: error.statusCode });
    }
    return data({ intent: "personnel", ok: true } satisfies PersonnelAnswer);
  }

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

  if (intent === "language") {
    const submission = parseWithZod(formData, { schema: languageSchema(m.accounts_language_invalid()) });
    if (submission.status !== "success") {
      return data({ intent: "language" as const, result: replyWith(submission), saved: null }, { status: 400 });
    }
    await context.services.accounts.setLocale(viewer, submission.value.locale);
    // The root loader runs again after this answer: the page comes back in the chosen language.
    return data({ intent: "language" as const, result: undefined, saved: submission.value.locale });
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
    if (result.code === "INVALID_PASSWORD") return fail({ fields: { currentPassword: m.accounts_password_not_current() } });
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ fields: { newPassword: authMessage(result) ?? m.accounts_password_too_common() } });
    }
    if (!result.ok) return fail({ formError: m.accounts_password_change_failed(), status: 500 });
    // Every session was ended, this one too; better-auth's new cookie keeps this device signed in.
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("set-cookie", cookie);
    return data({ intent: "password" as const, done: m.accounts_password_changed() }, { headers });
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
    saved = await context.services.accounts.update(viewer, submission.value, context.ip);
  } catch (error) {
    if (!isHttpError(error) || ![400, 409, 429].includes(error.statusCode)) throw error;
    const headers = error.retryAfter ? { "retry-after": String(error.retryAfter) } : undefined;
    return fail({ fields: error.fields, formError: error.fields?.form, status: error.statusCode }, headers);
  }
  return data({
    intent: "details" as const,
    done: saved.emailPending
      ? m.accounts_details_saved_email_pending({ pending: saved.emailPending, current: viewer.email })
      : saved.emailChanged
        ? m.accounts_details_saved_email_changed()
        : m.accounts_details_saved(),
  });
}

/** Whether families see the licence yet: only once the site checked it (decision 100). */
function licenceHint(checkedOn: string | null): string {
  const format = m.accounts_licence_hint();
  return checkedOn
    ? `${format} ${m.accounts_licence_hint_checked({ date: checkedOn })}`
    : `${format} ${m.accounts_licence_hint_unchecked()}`;
}

export default function Profile() {
  const { profile, locale, personnel, helperAccount } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const details = answer?.intent === "details" ? answer : undefined;
  const language = answer?.intent === "language" ? answer : undefined;
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
            {m.accounts_profile_my_biodatas()}
          </Link>
        </div>
        <AccountAvatar name={profile.name} thumbUrl={profile.avatar} />
        <h2 className="account-section-heading">{m.accounts_profile_details()}</h2>
        <IntentForm
          intent="details"
          form={detailsForm}
          answer={details}
          sending={sending}
          busyLabel={m.accounts_saving()}
          submitLabel={m.accounts_profile_update_details()}
        >
          <Field field={detailFields.name} label={m.accounts_field_full_name()} autoComplete="name" required maxLength={NAME_MAX} />
          <Field field={detailFields.email} label={m.accounts_field_email()} type="email" autoComplete="email" inputMode="email" required />
          {helperAccount ? null : (
            <>
              <Field
                field={detailFields.companyName}
                label={m.accounts_field_company()}
                autoComplete="organization"
                maxLength={COMPANY_MAX}
              />
              <Field
                field={detailFields.eaLicenceNumber}
                label={m.accounts_field_licence()}
                maxLength={EA_LICENCE_MAX}
                hint={licenceHint(profile.licenceCheckedOn)}
              />
            </>
          )}
          <Field
            field={detailFields.phone}
            label={helperAccount ? m.accounts_field_phone_optional() : m.accounts_field_phone()}
            type="tel"
            autoComplete="tel"
            hint={helperAccount ? m.accounts_field_phone_never_shown() : m.accounts_field_phone_hint()}
          />
          {helperAccount ? null : (
            <Field
              field={detailFields.telegram}
              label={m.accounts_field_telegram()}
              maxLength={TELEGRAM_MAX}
              autoComplete="off"
              hint={m.accounts_field_telegram_hint()}
            />
          )}
          <Field
            field={detailFields.currentPassword}
            label={m.accounts_field_current_password_for_email()}
            type="password"
            autoComplete="current-password"
          />
        </IntentForm>
      </section>

      {personnel ? <EaPersonnelSection personnel={personnel} answer={answer?.intent === "personnel" ? answer : undefined} /> : null}

      <LanguageSection locale={locale} answer={language} sending={sending} />

      <section className="form-card account-card" aria-labelledby="password-heading">
        <h2 id="password-heading" className="account-section-heading">
          {m.accounts_profile_change_password()}
        </h2>
        <IntentForm
          intent="password"
          form={passwordForm}
          answer={password}
          sending={sending}
          busyLabel={m.accounts_changing()}
          submitLabel={m.accounts_profile_change_password()}
        >
          <Field
            field={passwordFields.currentPassword}
            label={m.accounts_field_current_password()}
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            password={passwordFields.newPassword}
            confirm={passwordFields.confirmPassword}
            label={m.accounts_field_new_password()}
            confirmLabel={m.accounts_field_confirm_new_password()}
          />
        </IntentForm>
      </section>
    </div>
  );
}

const LANGUAGES = SUPPLIER_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/** The language of the supplier's own pages: saved, the page comes back in it at once. */
function LanguageSection({
  locale,
  answer,
  sending,
}: {
  locale: SupplierLocale;
  answer: { result: SubmissionResult<string[]> | undefined; saved: SupplierLocale | null } | undefined;
  sending: FormDataEntryValue | null | undefined;
}) {
  const [form, fields] = useForm<{ locale: string }>({
    id: "profile-language",
    lastResult: answer?.result,
    defaultValue: { locale },
  });
  return (
    <section className="form-card account-card" aria-labelledby="language-heading">
      <h2 id="language-heading" className="account-section-heading">
        {m.accounts_language_heading()}
      </h2>
      {/* Said in the language just chosen: the page is drawn again in it. */}
      <IntentForm
        intent="language"
        form={form}
        answer={answer?.saved ? { done: m.accounts_language_saved({ language: LOCALE_NAMES[answer.saved] }) } : answer}
        sending={sending}
        busyLabel={m.accounts_saving()}
        submitLabel={m.accounts_language_save()}
      >
        <Field
          kind="select"
          field={fields.locale}
          label={m.accounts_language_label()}
          options={LANGUAGES}
          hint={m.accounts_language_hint()}
        />
      </IntentForm>
    </section>
  );
}

/**
 * One of the page's forms: what its last save said (done, or what to fix), its fields, and
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
  intent: "details" | "password" | "language";
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
        <FormError message={form.errors?.[0] ?? (answer ? m.accounts_check_fields() : null)} />
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
