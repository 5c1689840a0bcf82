import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { LEAD_LIMITS } from "../../../shared/lead-limits";
import { paths } from "../../../ui/paths";
import { Field, FormError } from "../../../ui/field";
import { PhoneField } from "../../../ui/phone-field";
import { SubmitButton } from "../../../ui/submit-button";

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
      <h1 id="gate-heading">Simply log in with your name and phone number</h1>
      <p className="gate-intro">Tell us who you are once, then choose your criteria and see the helpers who match.</p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" replace {...getFormProps(form)} noValidate={false}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <Field field={fields.name} label="Name" autoComplete="name" required maxLength={LEAD_LIMITS.name.max} />
        <PhoneField field={fields.phone} />
        <p className="consent">
          By submitting you agree that we keep your name and number to help you find a helper and may contact you about it, as our{" "}
          <Link to={paths.privacy()}>privacy policy</Link> explains.
        </p>
        <SubmitButton busy={sending} busyLabel="Submitting…">
          Submit
        </SubmitButton>
      </Form>
    </section>
  );
}
