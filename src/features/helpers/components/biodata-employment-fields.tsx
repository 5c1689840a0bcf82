/**
 * Part C of the form: employment rows added and removed in place. The buttons are Conform's
 * insert and remove intents: with the page's script the rows change at once in the browser;
 * without it they post the form, and the server answers it again with a row more or less
 * (nothing is saved until Save).
 */
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { BIODATA_LIMITS, employmentCountries } from "../../../shared/biodata-catalogue";
import type { BiodataFormValues, JobFormRow } from "./biodata-form-values";
import { Field } from "../../../ui/field";
import type { BiodataFields } from "./biodata-form-section";
import { m } from "../../../shared/i18n/compiled/messages.js";

function JobRow({
  job,
  position,
  remove,
}: {
  job: FieldMetadata<JobFormRow>;
  position: number;
  remove: React.ButtonHTMLAttributes<HTMLButtonElement>;
}) {
  const row = job.getFieldset();
  const { short, medium } = BIODATA_LIMITS.text;
  return (
    <fieldset className="job-row">
      <legend>{m.helpers_supplier_job({ number: position + 1 })}</legend>
      <div className="form-grid">
        <Field field={row.from} label={m.helpers_supplier_job_from()} type="month" />
        <Field field={row.to} label={m.helpers_supplier_job_to()} type="month" />
        <Field field={row.country} label={m.helpers_supplier_job_country()} list="employment-countries" maxLength={short} />
        <Field field={row.employer} label={m.helpers_supplier_job_employer()} maxLength={short} />
        <Field field={row.duties} label={m.helpers_supplier_job_duties()} maxLength={medium} />
        <Field field={row.remarks} label={m.helpers_supplier_job_remarks()} maxLength={medium} />
        <Field field={row.feedback} label={m.helpers_supplier_job_feedback()} maxLength={medium} />
      </div>
      <button {...remove} className="button small">
        {m.helpers_supplier_job_remove({ number: position + 1 })}
      </button>
    </fieldset>
  );
}

export function EmploymentFields({ form, fields }: { form: FormMetadata<BiodataFormValues>; fields: BiodataFields }) {
  const jobs = fields.employment.getFieldList();
  const max = BIODATA_LIMITS.employmentRows.max;
  const error = fields.employment.errors?.[0];
  return (
    <>
      <datalist id="employment-countries">
        {employmentCountries.map((country) => (
          <option key={country} value={country} />
        ))}
      </datalist>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {jobs.length === 0 ? <p className="hint">{m.helpers_supplier_no_jobs()}</p> : null}
      {jobs.map((job, position) => (
        <JobRow
          key={job.key ?? job.name}
          job={job}
          position={position}
          remove={form.remove.getButtonProps({ name: fields.employment.name, index: position })}
        />
      ))}
      {jobs.length < max ? (
        <button {...form.insert.getButtonProps({ name: fields.employment.name })} className="button small">
          {m.helpers_supplier_add_job()}
        </button>
      ) : (
        <p className="hint">{m.helpers_supplier_jobs_max({ max })}</p>
      )}
    </>
  );
}
