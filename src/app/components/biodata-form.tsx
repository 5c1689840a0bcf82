import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { BIODATA_LIMITS, FULL_FORM_FIELD, illnesses, interviewModes } from "../../shared/biodata-catalogue";
import { catalogue, type CatalogueName } from "../../shared/catalogue";
import { HELPER_LIMITS } from "../../shared/helper-limits";
import type { BiodataValues } from "../lib/biodata-form-values";
import { EmploymentFields } from "./biodata-employment-fields";
import { SkillsFields } from "./biodata-skills-fields";
import { FormError, SelectField, TextField } from "./form-field";
import { PhotoUpload, type PhotoValue } from "./photo-upload";
import { RichTextEditor } from "./rich-text-editor";

const options = (name: CatalogueName) => catalogue[name].map((entry) => ({ value: entry.slug, label: entry.label }));
const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

function CheckboxGroup({
  legend,
  name,
  choices,
  checked,
  error,
  hint,
}: {
  legend: string;
  name: string;
  choices: readonly { slug: string; label: string }[];
  checked: string[];
  error?: string;
  hint?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className="checkbox-fieldset" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      <div className="checkbox-group">
        {choices.map((entry, i) => (
          <label key={entry.slug}>
            {/* The first box carries the group's error, so a refused save can focus it. */}
            <input type="checkbox" name={name} value={entry.slug} defaultChecked={checked.includes(entry.slug)} aria-invalid={error && i === 0 ? true : undefined} />
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

function TextArea({ label, name, defaultValue, error, maxLength }: { label: string; name: string; defaultValue: string; error?: string; maxLength: number }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name={name} defaultValue={defaultValue} maxLength={maxLength} rows={3} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Every field of a helper's biodata, in the standard form's sections. It posts as a plain form
 * to its route's action, which checks it with the shared schema; the editor and the uploader
 * enhance it, and the job rows change in place when the page's script runs.
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
  const { text: lengths, siblings, restDays } = BIODATA_LIMITS;
  return (
    <Form method="post" encType="multipart/form-data" className="form biodata-form" noValidate ref={formRef} preventScrollReset>
      <FormError message={message} />
      <input type="hidden" name={FULL_FORM_FIELD} value="1" />
      <fieldset>
        <legend>Personal</legend>
        <div className="form-grid">
          <TextField label="Name" {...field("name")} required maxLength={HELPER_LIMITS.name.max} autoComplete="off" />
          <SelectField label="Nationality" {...field("nationality")} options={options("nationality")} placeholder="Select…" required />
          <TextField label="Date of birth" {...field("dateOfBirth")} type="date" required />
          <TextField label="Place of birth" {...field("placeOfBirth")} maxLength={lengths.short} />
          <TextField label="Height (cm)" {...field("heightCm")} type="number" inputMode="numeric" min={heightCm.min} max={heightCm.max} step={1} />
          <TextField label="Weight (kg)" {...field("weightKg")} type="number" inputMode="numeric" min={weightKg.min} max={weightKg.max} step={1} />
          <SelectField label="Marital status" {...field("marital")} options={options("marital")} placeholder="Select…" required />
          <TextField label="Children's ages" {...field("childrenAges")} placeholder="For example: 5, 9" maxLength={HELPER_LIMITS.shortText.max} />
          <TextField label="Number of siblings" {...field("siblings")} type="number" inputMode="numeric" min={siblings.min} max={siblings.max} step={1} />
          <SelectField label="Religion" {...field("religion")} options={options("religion")} placeholder="Select…" required />
          <SelectField label="Education" {...field("education")} options={options("education")} placeholder="Not given" />
          <SelectField label="Mother tongue" {...field("motherTongue")} options={options("motherTongue")} placeholder="Select…" required />
          <SelectField label="English" {...field("english")} options={options("english")} placeholder="Not given" />
        </div>
        <CheckboxGroup legend="Other languages" name="otherLanguages" choices={catalogue.language} checked={list("otherLanguages")} error={errors.otherLanguages} />
        <fieldset className="private-fields">
          <legend>Private details</legend>
          <p className="hint">Shown only to you and the site's operators, and in your copy of the PDF; never to families.</p>
          <div className="form-grid">
            <TextField label="Home address" {...field("homeAddress")} maxLength={lengths.medium} autoComplete="off" />
            <TextField label="Repatriation port or airport" {...field("repatriationPort")} maxLength={lengths.short} autoComplete="off" />
            <TextField label="Home contact number" {...field("homePhone")} type="tel" maxLength={BIODATA_LIMITS.phone.max} autoComplete="off" />
            <TextField label="Passport number" {...field("passportNumber")} maxLength={BIODATA_LIMITS.passport.max} autoComplete="off" />
          </div>
        </fieldset>
      </fieldset>

      <fieldset>
        <legend>Medical and diet</legend>
        <div className="form-grid">
          <TextField label="Allergies" {...field("allergies")} maxLength={lengths.medium} />
          <TextField label="Physical disabilities" {...field("disabilities")} maxLength={lengths.medium} />
          <TextField label="Dietary restrictions" {...field("dietaryRestrictions")} maxLength={lengths.medium} />
        </div>
        <CheckboxGroup legend="Past and existing illnesses" name="illnesses" choices={illnesses} checked={list("illnesses")} error={errors.illnesses} />
        <div className="form-grid">
          <TextField label="Other illness (if Other)" {...field("illnessOther")} maxLength={lengths.medium} />
          <SelectField label="Willing to handle pork" {...field("handlesPork")} options={YES_NO} placeholder="Not given" />
          <SelectField label="Willing to handle beef" {...field("handlesBeef")} options={YES_NO} placeholder="Not given" />
          <TextField label="Other food handling" {...field("foodHandlingOther")} maxLength={lengths.medium} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Skills</legend>
        <div className="form-grid">
          <SelectField label="Experience" {...field("experience")} options={options("experience")} placeholder="Select…" required />
          <TextField label="Singapore experience" {...field("singaporeExperience")} placeholder="For example: 4 years with a family of five" maxLength={HELPER_LIMITS.shortText.max} />
        </div>
        <CheckboxGroup legend="Can care for" name="cares" choices={catalogue.care} checked={list("cares")} error={errors.cares} />
        <SkillsFields values={values} errors={errors} />
      </fieldset>

      <fieldset id="employment">
        <legend>Employment history</legend>
        <EmploymentFields values={values} errors={errors} />
      </fieldset>

      <fieldset>
        <legend>Availability</legend>
        <div className="form-grid">
          <TextField label="Available from" {...field("availableFrom")} type="date" hint="Leave empty if she can start now." />
          <TextField label="Salary ($ a month)" {...field("salary")} type="number" inputMode="numeric" min={salary.min} max={salary.max} step={1} required />
          <TextField label="Days off (a month)" {...field("offDays")} type="number" inputMode="numeric" min={offDays.min} max={offDays.max} step={1} required />
          <TextField label="Preferred rest days (a month)" {...field("restDays")} type="number" inputMode="numeric" min={restDays.min} max={restDays.max} step={1} />
        </div>
        <CheckboxGroup legend="Interview" name="interview" choices={interviewModes} checked={list("interview")} error={errors.interview} hint="Tick none if she is not available for interview." />
        <SelectField label="Status" {...field("status")} options={options("status")} hint="Only available helpers are listed; a draft is seen by you alone." />
      </fieldset>

      <fieldset>
        <legend>Notes and photo</legend>
        <TextArea label="Other remarks" {...field("otherRemarks")} defaultValue={text("otherRemarks")} maxLength={lengths.long} />
        <RichTextEditor
          name="specialNotes"
          label="Special notes"
          defaultValue={text("specialNotes")}
          error={errors.specialNotes}
          hint="Anything else a family should know."
        />
        <PhotoUpload name="photo" fileName="photoFile" label="Photo" initial={photo} error={errors.photo} onBusyChange={setUploading} />
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
