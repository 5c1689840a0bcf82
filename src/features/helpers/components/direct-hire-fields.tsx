/**
 * A helper's own biodata (a direct hire, decision 197): why she is free to be hired directly, and
 * for a transfer her current employer's consent and her release date. The server checks them.
 */
import { directHireReasonLabel, directHireReasons } from "../../../shared/biodata-catalogue";
import { Field } from "../../../ui/field";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { BiodataFields } from "./biodata-form-section";

export function DirectHireFields({ fields }: { fields: BiodataFields }) {
  return (
    <fieldset className="direct-hire-fields">
      <legend>{m.helpers_supplier_direct_legend()}</legend>
      <p className="hint">{m.helpers_supplier_direct_hint()}</p>
      <Field
        kind="select"
        field={fields.directHireReason}
        label={m.helpers_supplier_direct_reason()}
        options={directHireReasons.map(({ slug }) => ({ value: slug, label: directHireReasonLabel(slug) }))}
        placeholder={m.helpers_supplier_select()}
        required
      />
      <div className="form-grid">
        <Field
          kind="select"
          field={fields.employerConsent}
          label={m.helpers_supplier_direct_consent()}
          options={[
            { value: "yes", label: m.helpers_supplier_yes() },
            { value: "no", label: m.helpers_supplier_no() },
          ]}
          placeholder={m.helpers_supplier_not_given()}
        />
        <Field field={fields.releaseDate} label={m.helpers_supplier_direct_release()} type="date" />
      </div>
    </fieldset>
  );
}
