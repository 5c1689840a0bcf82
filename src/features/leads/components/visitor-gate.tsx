import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { LEAD_LIMITS } from "../../../shared/lead-limits";
import { paths } from "../../../ui/paths";
import { Field, FormError } from "../../../ui/field";
import { PhoneField } from "../../../ui/phone-field";
import { SubmitButton } from "../../../ui/submit-button";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/**
 * "Simply log in with your name and phone number": a real form posted to the route's action,
 * so it works before the page's script has loaded (and, once it has, without a reload).
 * `lastResult` is the action's answer to a refused submission; `redirectTo`, where the visitor
 * goes once through (the page that sent them here).
 */
export function VisitorGate({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]>; redirectTo?: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm<{ name: string; phone: string }>({ id: "visitor-gate", lastResult });
  return (
    <section className="form-card gate-card" aria-labelledby="gate-heading">
      <h1 id="gate-heading">{m.leads_gate_heading()}</h1>
      <p className="gate-intro">{m.leads_gate_intro()}</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" replace {...getFormProps(form)} noValidate={false}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={fields.name} label={m.leads_name()} autoComplete="name" required maxLength={LEAD_LIMITS.name.max} />
        <PhoneField field={fields.phone} />
        <p className="consent">
          {m.leads_consent_before()}
          <Link to={localHref(paths.privacy())}>{m.leads_privacy_policy()}</Link>
          {m.leads_consent_after()}
        </p>
        <SubmitButton busy={sending} busyLabel={m.leads_submitting()}>
          {m.leads_submit()}
        </SubmitButton>
      </Form>
    </section>
  );
}
