/**
 * One folding section of the biodata form: a native <details>, so it opens and closes without
 * any script (and the browser's find-in-page opens it too). Its summary says whether it is
 * complete or holds a refused field; its fields are drawn from their specs, one row each.
 */
import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, type FieldProps } from "../../../ui/field";
import { LanguagesField } from "./biodata-languages-field";
import type { BiodataFormValues } from "./biodata-form-values";
import type { FieldSpec, FormSectionSpec } from "./biodata-form-sections";
import { m } from "../../../shared/i18n/compiled/messages.js";

export type BiodataFields = ReturnType<FormMetadata<BiodataFormValues>["getFieldset"]>;

/** Groups and long text take the full width; the rest sit side by side in a grid. */
const fullWidth = (spec: FieldSpec) => spec.kind === "checkboxes" || spec.kind === "textarea";

export function FieldRow({ spec, fields }: { spec: FieldSpec; fields: BiodataFields }) {
  const { name, ...props } = spec;
  // The languages she speaks: a level beside each one ticked (decision 134).
  if (name === "otherLanguages" && spec.kind === "checkboxes") {
    const levels = fields.languageLevels.getFieldset();
    return (
      <LanguagesField
        field={fields.otherLanguages}
        levelOf={(language) => levels[language]!}
        label={String(spec.label)}
        options={spec.options}
      />
    );
  }
  return <Field {...({ ...props, field: fields[name] } as FieldProps)} />;
}

/** The specs in order, runs of short fields in a grid between the full-width ones. */
export function FieldRows({ specs, fields }: { specs: readonly FieldSpec[]; fields: BiodataFields }) {
  const runs: FieldSpec[][] = [];
  for (const spec of specs) {
    const last = runs.at(-1);
    if (last && !fullWidth(spec) && !fullWidth(last[0]!)) last.push(spec);
    else runs.push([spec]);
  }
  return runs.map((run) =>
    fullWidth(run[0]!) ? (
      <FieldRow key={run[0]!.name} spec={run[0]!} fields={fields} />
    ) : (
      <div className="form-grid" key={run[0]!.name}>
        {run.map((spec) => (
          <FieldRow key={spec.name} spec={spec} fields={fields} />
        ))}
      </div>
    ),
  );
}

export function FormSection({
  section,
  fields,
  open,
  complete,
  refused,
  children,
}: {
  section: FormSectionSpec;
  fields: BiodataFields;
  open: boolean;
  complete: boolean;
  refused: boolean;
  children?: ReactNode;
}) {
  const state = refused
    ? m.helpers_supplier_state_refused()
    : complete
      ? m.helpers_supplier_state_complete()
      : m.helpers_supplier_state_todo();
  return (
    <details
      className={`form-section form-section-${section.id}`}
      id={`section-${section.id}`}
      open={open}
      data-state={refused ? "refused" : complete ? "complete" : "todo"}
    >
      <summary>
        <span className="form-section-title">{section.title}</span>
        <span className="form-section-state">{state}</span>
      </summary>
      <div className="form-section-body">
        {section.intro ? <p className="hint">{section.intro}</p> : null}
        <FieldRows specs={section.fields} fields={fields} />
        {children}
      </div>
    </details>
  );
}
