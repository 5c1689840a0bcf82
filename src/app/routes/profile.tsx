import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { formatPhone } from "../../shared/phone";
import { AccountAvatar } from "../components/account-avatar";
import { AccountErrorBoundary } from "../components/account-error";
import { FormError, TextField } from "../components/form-field";
import { NewPasswordFields } from "../components/account-password-fields";
import { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX } from "../lib/auth-limits";
import { profileSchema } from "../lib/auth-profile-schema";
import { changePasswordSchema, fieldErrors, formValues } from "../lib/auth-schemas";
import { assertSameOrigin, authMessage, callAuth, requireViewer, tooManyAttempts } from "../lib/auth.server";
import { siteName } from "../lib/meta";
import { paths } from "../lib/paths";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your profile — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

/** A refusal for too many tries says when to try again, as an HTTP client reads it too. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("retry-after");
  return retryAfter ? { "retry-after": retryAfter } : new Headers();
};

/** Only one's own profile: another id is refused even to operators. */
function requireOwnProfile(request: Request, context: Route.LoaderArgs["context"], id: string | undefined) {
  const viewer = requireViewer(request, context);
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
      phone: profile.phone ? formatPhone(profile.phone) : "",
      avatar: profile.avatar?.thumbUrl ?? null,
    },
  };
}

type Intent = "details" | "password" | "avatar";
interface Result {
  intent: Intent;
  ok: boolean;
  message?: string;
  fields?: Record<string, string>;
}

const fail = (result: Omit<Result, "ok">, status = 400) => data<Result>({ ...result, ok: false }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireOwnProfile(request, context, params.id);
  assertSameOrigin(request, context);
  const values = formValues(await request.formData());

  if (values.intent === "avatar") {
    const saved = await context.services.accounts.setAvatar(viewer, values.key ?? "");
    return saved.ok ? data<Result>({ intent: "avatar", ok: true }) : fail({ intent: "avatar", fields: saved.fields });
  }

  if (values.intent === "password") {
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) return fail({ intent: "password", fields: fieldErrors(parsed.error) });
    const result = await callAuth(context, "/change-password", {
      cookie: request.headers.get("cookie"),
      body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword, revokeOtherSessions: true },
    });
    if (result.status === 429) {
      const headers = result.retryAfter ? { "retry-after": String(result.retryAfter) } : undefined;
      const message = result.code === "TOO_MANY_PASSWORD_CHECKS" ? authMessage(result) : undefined;
      return data<Result>({ intent: "password", ok: false, message: message ?? tooManyAttempts(result) }, { status: 429, headers });
    }
    if (result.code === "PASSWORD_TOO_COMMON") {
      return fail({ intent: "password", fields: { newPassword: authMessage(result) ?? "Choose a less common password" } });
    }
    if (result.code === "INVALID_PASSWORD") {
      return fail({ intent: "password", fields: { currentPassword: "This is not your current password" } });
    }
    if (!result.ok) return fail({ intent: "password", message: "We could not change your password just now. Please try again." }, 500);
    // Every session was ended, this one too; better-auth's new cookie keeps this device signed in.
    const headers = new Headers();
    for (const cookie of result.cookies) headers.append("set-cookie", cookie);
    return data<Result>(
      { intent: "password", ok: true, message: "Your password is changed. Your other devices have been logged out." },
      { headers },
    );
  }

  const parsed = profileSchema.safeParse(values);
  if (!parsed.success) return fail({ intent: "details", fields: fieldErrors(parsed.error) });
  const saved = await context.services.accounts.update(viewer.id, parsed.data, context.ip);
  if (!saved.ok && saved.retryAfter) {
    const result: Result = { intent: "details", ok: false, fields: saved.fields, message: saved.fields.form };
    return data(result, { status: 429, headers: { "retry-after": String(saved.retryAfter) } });
  }
  if (!saved.ok) return fail({ intent: "details", fields: saved.fields, message: saved.fields.form });
  return data<Result>({
    intent: "details",
    ok: true,
    message: saved.emailPending
      ? `Your details are saved. We sent a link to ${saved.emailPending}: your email changes when you open it. Until then, log in with ${viewer.email}.`
      : saved.emailChanged
        ? "Your details are saved. Log in with your new email from now on."
        : "Your details are saved.",
  });
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const details = result?.intent === "details" ? result : undefined;
  const password = result?.intent === "password" ? result : undefined;
  const detailErrors = details?.fields ?? {};
  const passwordErrors = password?.fields ?? {};

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
        {details?.ok ? (
          <p className="form-success" role="status">
            {details.message}
          </p>
        ) : (
          <FormError message={details?.message ?? (details ? "Please check the fields marked below." : null)} />
        )}
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="details" />
          <TextField label="Full name" name="name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={profile.name} error={detailErrors.name} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={profile.email}
            error={detailErrors.email}
          />
          <TextField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            maxLength={COMPANY_MAX}
            defaultValue={profile.companyName}
            error={detailErrors.companyName}
          />
          <TextField
            label="EA licence number"
            name="eaLicenceNumber"
            maxLength={EA_LICENCE_MAX}
            defaultValue={profile.eaLicenceNumber}
            hint="Your employment agency licence from MOM, e.g. 19C9871."
            error={detailErrors.eaLicenceNumber}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            defaultValue={profile.phone}
            hint="A Singapore number, or + and the country code for another country."
            error={detailErrors.phone}
          />
          <TextField
            label="Current password (only to change your email)"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            error={detailErrors.currentPassword}
          />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={sending === "details"}>
              {sending === "details" ? "Saving…" : "Update details"}
            </button>
          </div>
        </Form>
      </section>

      <section className="form-card account-card" aria-labelledby="password-heading">
        <h2 id="password-heading" className="account-section-heading">
          Change password
        </h2>
        {password?.ok ? (
          <p className="form-success" role="status">
            {password.message}
          </p>
        ) : (
          <FormError message={password?.message} />
        )}
        <Form method="post" className="form" noValidate>
          <input type="hidden" name="intent" value="password" />
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={passwordErrors.currentPassword}
          />
          <NewPasswordFields name="newPassword" label="New password" confirmLabel="Confirm new password" errors={passwordErrors} />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={sending === "password"}>
              {sending === "password" ? "Changing…" : "Change password"}
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
