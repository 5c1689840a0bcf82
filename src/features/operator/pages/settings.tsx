import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { z } from "zod";
import { FAMILY_LOCALES, LOCALE_NAMES, type FamilyLocale } from "../../../shared/i18n/locales";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { formatSingaporeTime } from "../../../shared/format";
import { AccountErrorBoundary } from "../../../ui/error-screen";
import { Field, FormError } from "../../../ui/field";
import { SubmitButton } from "../../../ui/submit-button";
import { parseWithZod, replyWith } from "../../../ui/forms.server";
import { viewerOf } from "../../../ui/page-guards.server";
import { unlistedPageMeta } from "../../../ui/meta";
import type { Route } from "./+types/settings";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.operator_settings_title(), matches);

const settingsSchema = () => z.object({ familyLocale: z.enum(FAMILY_LOCALES, { message: m.operator_settings_family_locale_invalid() }) });

export async function loader({ context }: Route.LoaderArgs) {
  const setting = await context.services.familyLocale.describe();
  return {
    familyLocale: setting.locale,
    changed: setting.updatedAt ? { at: formatSingaporeTime(setting.updatedAt), by: setting.updatedBy } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = viewerOf(context);
  const submission = parseWithZod(await request.formData(), { schema: settingsSchema() });
  if (submission.status !== "success") return data({ result: replyWith(submission), saved: null }, { status: 400 });
  await context.services.familyLocale.set(submission.value.familyLocale, viewer);
  return { result: undefined, saved: submission.value.familyLocale };
}

const choices = FAMILY_LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** An address as families read it in each language, the default one plain. */
function example(locale: FamilyLocale): string {
  const other = FAMILY_LOCALES.find((candidate) => candidate !== locale)!;
  return m.operator_settings_family_locale_hint({ plain: LOCALE_NAMES[locale], prefixed: LOCALE_NAMES[other], prefix: `/${other}/posts` });
}

export default function OperatorSettings() {
  const { familyLocale, changed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "site-settings", lastResult: answer?.result, defaultValue: { familyLocale } });
  return (
    <section className="form-card" aria-labelledby="settings-heading">
      <h1 id="settings-heading">{m.operator_settings_title()}</h1>
      {answer?.saved ? (
        <p className="form-success" role="status">
          {m.operator_settings_saved({ language: LOCALE_NAMES[answer.saved] })}
        </p>
      ) : (
        <FormError message={form.errors?.[0] ?? (answer?.result ? m.operator_settings_check_fields() : null)} />
      )}
      <Form method="post" className="form" {...getFormProps(form)}>
        <Field
          kind="select"
          field={fields.familyLocale}
          label={m.operator_settings_family_locale()}
          options={choices}
          hint={example(familyLocale)}
        />
        <SubmitButton busy={busy} busyLabel={m.operator_settings_saving()}>
          {m.operator_settings_save()}
        </SubmitButton>
      </Form>
      {changed ? (
        <p className="hint">
          {changed.by
            ? m.operator_settings_changed_by({ when: changed.at, name: changed.by })
            : m.operator_settings_changed({ when: changed.at })}
        </p>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = AccountErrorBoundary;
