/**
 * Part C of the form: employment rows added and removed in place. With the page's script the
 * buttons change the rows at once; without it they post the form, and the server answers it
 * again with a row more or less (nothing is saved until Save).
 */
import { useState } from "react";
import { BIODATA_LIMITS, employmentCountries } from "../../shared/biodata-catalogue";
import { ADD_JOB, employmentRowNumbers, REMOVE_JOB, type BiodataValues } from "../lib/biodata-form-values";
import { SelectField, TextField } from "./form-field";

const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

function JobRow({ number, position, values, errors, onRemove }: { number: number; position: number; values: BiodataValues; errors: Record<string, string>; onRemove: (event: React.MouseEvent, number: number) => void }) {
  const name = (field: string) => `employment[${number}].${field}`;
  const field = (key: string) => {
    const value = values[name(key)];
    return { name: name(key), defaultValue: typeof value === "string" ? value : "", error: errors[name(key)] };
  };
  const { short, medium } = BIODATA_LIMITS.text;
  return (
    <fieldset className="job-row">
      <legend>Job {position + 1}</legend>
      <div className="form-grid">
        <TextField label="From (month and year)" type="month" placeholder="YYYY-MM" {...field("from")} />
        <TextField label="To (month and year)" type="month" placeholder="YYYY-MM" {...field("to")} />
        <TextField label="Country" list="employment-countries" maxLength={short} {...field("country")} />
        <TextField label="Employer" maxLength={short} {...field("employer")} />
        <TextField label="Main duties" maxLength={medium} {...field("duties")} />
        <TextField label="Remarks" maxLength={medium} {...field("remarks")} />
        <TextField label="Feedback from this employer" maxLength={medium} {...field("feedback")} />
      </div>
      <button type="submit" name="intent" value={`${REMOVE_JOB}${number}`} formNoValidate className="button small" onClick={(event) => onRemove(event, number)}>
        Remove job {position + 1}
      </button>
    </fieldset>
  );
}

export function EmploymentFields({ values, errors }: { values: BiodataValues; errors: Record<string, string> }) {
  const [rows, setRows] = useState(() => employmentRowNumbers(values));
  const max = BIODATA_LIMITS.employmentRows.max;
  const add = (event: React.MouseEvent) => {
    event.preventDefault();
    setRows((current) => [...current, Math.max(-1, ...current) + 1]);
  };
  const remove = (event: React.MouseEvent, number: number) => {
    event.preventDefault();
    setRows((current) => current.filter((n) => n !== number));
  };
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <>
      <datalist id="employment-countries">
        {employmentCountries.map((country) => (
          <option key={country} value={country} />
        ))}
      </datalist>
      {errors.employment ? (
        <p className="field-error" role="alert">
          {errors.employment}
        </p>
      ) : null}
      {rows.length === 0 ? <p className="hint">No previous jobs: add one for each employer, newest first.</p> : null}
      {rows.map((number, position) => (
        <JobRow key={number} number={number} position={position} values={values} errors={errors} onRemove={remove} />
      ))}
      {rows.length < max ? (
        <button type="submit" name="intent" value={ADD_JOB} formNoValidate className="button small" onClick={add}>
          Add a job
        </button>
      ) : (
        <p className="hint">{max} jobs is the most a biodata holds.</p>
      )}
      <SelectField label="Has she worked in Singapore before?" name="workedInSingapore" defaultValue={text("workedInSingapore")} error={errors.workedInSingapore} options={YES_NO} placeholder="Not given" />
    </>
  );
}
