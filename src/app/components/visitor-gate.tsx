import { Form, Link, useNavigation } from "react-router";
import { LEAD_LIMITS } from "../../shared/lead-limits";
import { paths } from "../lib/paths";
import { FormError, TextField } from "./form-field";

export interface GateProblem {
  values: { name: string; phone: string };
  fields: Partial<Record<"name" | "phone", string>>;
  message?: string;
}

/**
 * "Simply login with your name and phone number": a real form posted to the route's action,
 * so it works before the page's script has loaded (and, once it has, without a reload).
 */
export function VisitorGate({ problem }: { problem?: GateProblem }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <section className="form-card gate-card" aria-labelledby="gate-heading">
      <h1 id="gate-heading">Simply login with your name and phone number</h1>
      <p className="gate-intro">Tell us who you are once, then choose your criteria and see the helpers who match.</p>
      <FormError message={problem?.message} />
      <Form method="post" className="form" replace>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={LEAD_LIMITS.name.max}
          defaultValue={problem?.values.name}
          error={problem?.fields.name}
        />
        <TextField
          label="Phone Number"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          maxLength={LEAD_LIMITS.phone.max}
          hint="A Singapore number as it is (9123 4567); another country's with + and its code."
          defaultValue={problem?.values.phone}
          error={problem?.fields.phone}
        />
        <p className="consent">
          By submitting you agree that we keep your name and number to help you find a helper and may contact you
          about it, as our <Link to={paths.privacy()}>privacy policy</Link> explains.
        </p>
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={sending}>
            {sending ? "Submitting…" : "Submit"}
          </button>
        </div>
      </Form>
    </section>
  );
}
