import { LEAD_LIMITS } from "../shared/lead-limits";
import { Field, type FieldState } from "./field";
import { m } from "../shared/i18n/compiled/messages.js";

/**
 * A visitor's phone number, asked the same way wherever it is asked (the gate of /filters, and
 * /privacy/my-data to withdraw consent): a Singapore number as people write it, or another
 * country's with its code. The server reads both (shared/phone.ts).
 */
export function PhoneField({ field }: { field: FieldState }) {
  return (
    <Field
      field={field}
      label={m.ui_phone_number()}
      type="tel"
      autoComplete="tel"
      inputMode="tel"
      required
      maxLength={LEAD_LIMITS.phone.max}
      hint={m.ui_phone_hint()}
    />
  );
}
