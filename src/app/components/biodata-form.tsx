import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { catalogue, type CatalogueName } from "../../shared/catalogue";
import { HELPER_LIMITS } from "../../shared/helper-limits";
import type { HelperRecord } from "../../shared/helper-types";
import { FormError, SelectField, TextField } from "./form-field";
import { PhotoUpload, type PhotoValue } from "./photo-upload";
import { RichTextEditor } from "./rich-text-editor";

/** The form's values as text, the way a form posts them; lists for the check boxes. */
export type BiodataValues = Record<string, string | string[]>;

export function biodataValues(helper: HelperRecord): BiodataValues {
  const text = (value: string | number | null) => (value == null ? "" : String(value));
  return {
    name: helper.name,
    nationality: helper.nationality,
    experience: helper.experience,
    singaporeExperience: text(helper.singaporeExperience),
    salary: text(helper.salary),
    offDays: text(helper.offDays),
    dateOfBirth: helper.dateOfBirth,
    heightCm: text(helper.heightCm),
    weightKg: text(helper.weightKg),
    marital: helper.marital,
    childrenAges: text(helper.childrenAges),
    religion: helper.religion,
    english: text(helper.english),
    motherTongue: helper.motherTongue,
    otherLanguages: helper.otherLanguages,
    education: text(helper.education),
    cares: helper.cares,
    specialNotes: helper.specialNotes,
    status: helper.status,
  };
}

export const NEW_BIODATA: BiodataValues = { status: "available", offDays: "4", otherLanguages: [], cares: [] };

const options = (name: CatalogueName) => catalogue[name].map((entry) => ({ value: entry.slug, label: entry.label }));

function CheckboxGroup({
  legend,
  name,
  catalogueName,
  checked,
  error,
}: {
  legend: string;
  name: string;
  catalogueName: CatalogueName;
  checked: string[];
  error?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="checkbox-fieldset" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <div className="checkbox-group">
        {catalogue[catalogueName].map((entry) => (
          <label key={entry.slug}>
            <input type="checkbox" name={name} value={entry.slug} defaultChecked={checked.includes(entry.slug)} />
            {entry.label}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Every field of a helper's biodata, in sections. It posts as a plain form to its route's
 * action, which checks it with the shared schema; the editor and the uploader enhance it.
 */
export function BiodataForm({
  values,
  photo,
  errors = {},
  message,
  submitLabel,
}: {
  values: BiodataValues;
  photo: PhotoValue | null;
  errors?: Record<string, string>;
  message?: string;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = navigation.state === "submitting";
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  };
  const field = (name: string) => ({ name, defaultValue: text(name), error: errors[name] });

  // After a refused save, take the keyboard (and a screen reader) to the first field to fix.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const { salary, offDays, heightCm, weightKg } = HELPER_LIMITS;
  return (
    <Form method="post" encType="multipart/form-data" className="form biodata-form" noValidate ref={formRef}>
      <FormError message={message} />
      <fieldset>
        <legend>Personal</legend>
        <div className="form-grid">
          <TextField label="Name" {...field("name")} required maxLength={HELPER_LIMITS.name.max} autoComplete="off" />
          <SelectField label="Nationality" {...field("nationality")} options={options("nationality")} placeholder="Select…" required />
          <TextField label="Date of birth" {...field("dateOfBirth")} type="date" required />
          <TextField label="Height (cm)" {...field("heightCm")} type="number" inputMode="numeric" min={heightCm.min} max={heightCm.max} step={1} />
          <TextField label="Weight (kg)" {...field("weightKg")} type="number" inputMode="numeric" min={weightKg.min} max={weightKg.max} step={1} />
          <SelectField label="Marital status" {...field("marital")} options={options("marital")} placeholder="Select…" required />
          <TextField label="Children's ages" {...field("childrenAges")} placeholder="For example: 5, 9" maxLength={HELPER_LIMITS.shortText.max} />
          <SelectField label="Religion" {...field("religion")} options={options("religion")} placeholder="Select…" required />
          <SelectField label="Education" {...field("education")} options={options("education")} placeholder="Not given" />
        </div>
      </fieldset>

      <fieldset>
        <legend>Work &amp; skills</legend>
        <div className="form-grid">
          <SelectField label="Experience" {...field("experience")} options={options("experience")} placeholder="Select…" required />
          <TextField
            label="Singapore experience"
            {...field("singaporeExperience")}
            placeholder="For example: 4 years with a family of five"
            maxLength={HELPER_LIMITS.shortText.max}
          />
          <TextField
            label="Salary ($ a month)"
            {...field("salary")}
            type="number"
            inputMode="numeric"
            min={salary.min}
            max={salary.max}
            step={1}
            required
          />
          <TextField
            label="Days off (a month)"
            {...field("offDays")}
            type="number"
            inputMode="numeric"
            min={offDays.min}
            max={offDays.max}
            step={1}
            required
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Languages</legend>
        <div className="form-grid">
          <SelectField label="Mother tongue" {...field("motherTongue")} options={options("motherTongue")} placeholder="Select…" required />
          <SelectField label="English" {...field("english")} options={options("english")} placeholder="Not given" />
        </div>
        <CheckboxGroup legend="Other languages" name="otherLanguages" catalogueName="language" checked={list("otherLanguages")} error={errors.otherLanguages} />
      </fieldset>

      <fieldset>
        <legend>Care</legend>
        <CheckboxGroup legend="Can care for" name="cares" catalogueName="care" checked={list("cares")} error={errors.cares} />
      </fieldset>

      <fieldset>
        <legend>Notes</legend>
        <RichTextEditor
          name="specialNotes"
          label="Special notes"
          defaultValue={text("specialNotes")}
          error={errors.specialNotes}
          hint="Cooking, skills, work history: anything a family should know."
        />
      </fieldset>

      <fieldset>
        <legend>Photo</legend>
        <PhotoUpload name="photo" fileName="photoFile" label="Photo" initial={photo} error={errors.photo} onBusyChange={setUploading} />
      </fieldset>

      <fieldset>
        <legend>Status</legend>
        <SelectField
          label="Status"
          {...field("status")}
          options={options("status")}
          hint="Only available helpers are listed; a draft is seen by you alone."
        />
      </fieldset>

      <div className="form-actions">
        <button type="submit" className="button primary" disabled={saving || uploading}>
          {saving ? "Saving…" : submitLabel}
        </button>
        {uploading ? <span className="hint">Waiting for the photo to upload…</span> : null}
      </div>
    </Form>
  );
}
