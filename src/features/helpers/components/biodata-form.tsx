import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { BIODATA_LIMITS, illnesses, interviewModes } from "../../../shared/biodata-catalogue";
import { catalogue, type CatalogueName } from "../../../shared/catalogue";
import { HELPER_LIMITS } from "../../../shared/helper-limits";
import { photoUrls } from "../../../shared/media";
import { optionsOf } from "../../../shared/options";
import type { BiodataFormValues } from "./biodata-form-values";
import { EmploymentFields } from "./biodata-employment-fields";
import { SkillsFields } from "./biodata-skills-fields";
import { Field, FormError } from "../../../ui/field";
import { PHOTO_HINT, PhotoUpload } from "./photo-upload";
import { RichTextEditor } from "./rich-text-editor";

const options = (name: CatalogueName) => optionsOf(catalogue[name]);
const YES_NO = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/**
 * The browser's only work on the form: adding and removing job rows (Conform's list intents)
 * without a trip to the server. Checking stays on the server, so no schema reaches the page.
 */
const listIntentsOnly = ({ formData }: { formData: FormData }) =>
  parse<BiodataFormValues, string[]>(formData, { resolve: (value) => ({ value: value as BiodataFormValues }) });

/**
 * Every field of a helper's biodata, in the standard form's sections. It posts as a plain form
 * to its route's action, which reads it with the shared schema (parseWithZod); a refusal comes
 * back as Conform's reply, each message beside its field and every value as it was sent. The
 * editor and the uploader enhance it, and the job rows change in place when the script runs.
 */
export function BiodataForm({
  defaultValue,
  lastResult,
  submitLabel,
}: {
  defaultValue: BiodataFormValues;
  lastResult?: SubmissionResult<string[]>;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm<BiodataFormValues>({ id: "biodata", defaultValue, lastResult, onValidate: listIntentsOnly });
  const saving = navigation.state === "submitting";

  // Conform takes the focus to the first field refused; the photo's value is a hidden field,
  // so when the photo is what was refused, the focus goes to its file input instead.
  useEffect(() => {
    const refused = Object.keys(lastResult?.error ?? {}).filter((name) => name !== "");
    if (lastResult?.status === "error" && refused.length === 1 && refused[0] === "photo") {
      document.getElementById(fields.photo.id)?.focus();
    }
  }, [lastResult, fields.photo.id]);

  const photoKey = fields.photo.initialValue;
  const photoUrl = typeof photoKey === "string" && photoKey ? photoUrls(photoKey)?.thumbUrl : undefined;
  const { salary, offDays, heightCm, weightKg } = HELPER_LIMITS;
  const { text: lengths, siblings, restDays } = BIODATA_LIMITS;
  const formMessage = form.errors?.[0] ?? (lastResult?.status === "error" ? "Please correct the marked fields." : undefined);
  return (
    <Form method="post" encType="multipart/form-data" className="form biodata-form" preventScrollReset {...getFormProps(form)}>
      <FormError message={formMessage} />
      <fieldset>
        <legend>Personal</legend>
        <div className="form-grid">
          <Field field={fields.name} label="Name" required maxLength={HELPER_LIMITS.name.max} autoComplete="off" />
          <Field
            kind="select"
            field={fields.nationality}
            label="Nationality"
            options={options("nationality")}
            placeholder="Select…"
            required
          />
          <Field field={fields.dateOfBirth} label="Date of birth" type="date" required />
          <Field field={fields.placeOfBirth} label="Place of birth" maxLength={lengths.short} />
          <Field
            field={fields.heightCm}
            label="Height (cm)"
            type="number"
            inputMode="numeric"
            min={heightCm.min}
            max={heightCm.max}
            step={1}
          />
          <Field
            field={fields.weightKg}
            label="Weight (kg)"
            type="number"
            inputMode="numeric"
            min={weightKg.min}
            max={weightKg.max}
            step={1}
          />
          <Field kind="select" field={fields.marital} label="Marital status" options={options("marital")} placeholder="Select…" required />
          <Field
            field={fields.childrenAges}
            label="Children's ages"
            placeholder="For example: 5, 9"
            maxLength={HELPER_LIMITS.shortText.max}
          />
          <Field
            field={fields.siblings}
            label="Number of siblings"
            type="number"
            inputMode="numeric"
            min={siblings.min}
            max={siblings.max}
            step={1}
          />
          <Field kind="select" field={fields.religion} label="Religion" options={options("religion")} placeholder="Select…" required />
          <Field kind="select" field={fields.education} label="Education" options={options("education")} placeholder="Not given" />
          <Field
            kind="select"
            field={fields.motherTongue}
            label="Mother tongue"
            options={options("motherTongue")}
            placeholder="Select…"
            required
          />
          <Field kind="select" field={fields.english} label="English" options={options("english")} placeholder="Not given" />
        </div>
        <Field kind="checkboxes" field={fields.otherLanguages} label="Other languages" options={options("language")} />
        <fieldset className="private-fields">
          <legend>Private details</legend>
          <p className="hint">Shown only to you and the site's operators, and in your copy of the PDF; never to families.</p>
          <div className="form-grid">
            <Field field={fields.homeAddress} label="Home address" maxLength={lengths.medium} autoComplete="off" />
            <Field field={fields.repatriationPort} label="Repatriation port or airport" maxLength={lengths.short} autoComplete="off" />
            <Field
              field={fields.homePhone}
              label="Home contact number"
              type="tel"
              maxLength={BIODATA_LIMITS.phone.max}
              autoComplete="off"
            />
            <Field field={fields.passportNumber} label="Passport number" maxLength={BIODATA_LIMITS.passport.max} autoComplete="off" />
          </div>
        </fieldset>
      </fieldset>

      <fieldset>
        <legend>Medical and diet</legend>
        <div className="form-grid">
          <Field field={fields.allergies} label="Allergies" maxLength={lengths.medium} />
          <Field field={fields.disabilities} label="Physical disabilities" maxLength={lengths.medium} />
          <Field field={fields.dietaryRestrictions} label="Dietary restrictions" maxLength={lengths.medium} />
        </div>
        <Field kind="checkboxes" field={fields.illnesses} label="Past and existing illnesses" options={optionsOf(illnesses)} />
        <div className="form-grid">
          <Field field={fields.illnessOther} label="Other illness (if Other)" maxLength={lengths.medium} />
          <Field kind="select" field={fields.handlesPork} label="Willing to handle pork" options={YES_NO} placeholder="Not given" />
          <Field kind="select" field={fields.handlesBeef} label="Willing to handle beef" options={YES_NO} placeholder="Not given" />
          <Field field={fields.foodHandlingOther} label="Other food handling" maxLength={lengths.medium} />
        </div>
      </fieldset>

      <fieldset>
        <legend>Skills</legend>
        <div className="form-grid">
          <Field
            kind="select"
            field={fields.experience}
            label="Experience"
            options={options("experience")}
            placeholder="Select…"
            required
          />
          <Field
            field={fields.singaporeExperience}
            label="Singapore experience"
            placeholder="For example: 4 years with a family of five"
            maxLength={HELPER_LIMITS.shortText.max}
          />
        </div>
        <Field kind="checkboxes" field={fields.cares} label="Can care for" options={options("care")} />
        <SkillsFields fields={fields} />
      </fieldset>

      <fieldset id="employment">
        <legend>Employment history</legend>
        <EmploymentFields form={form} fields={fields} />
      </fieldset>

      <fieldset>
        <legend>Availability</legend>
        <div className="form-grid">
          <Field field={fields.availableFrom} label="Available from" type="date" hint="Leave empty if she can start now." />
          <Field
            field={fields.salary}
            label="Salary ($ a month)"
            type="number"
            inputMode="numeric"
            min={salary.min}
            max={salary.max}
            step={1}
            required
          />
          <Field
            field={fields.offDays}
            label="Days off (a month)"
            type="number"
            inputMode="numeric"
            min={offDays.min}
            max={offDays.max}
            step={1}
            required
          />
          <Field
            field={fields.restDays}
            label="Preferred rest days (a month)"
            type="number"
            inputMode="numeric"
            min={restDays.min}
            max={restDays.max}
            step={1}
          />
        </div>
        <Field
          kind="checkboxes"
          field={fields.interview}
          label="Interview"
          options={optionsOf(interviewModes)}
          hint="Tick none if she is not available for interview."
        />
        <Field
          kind="select"
          field={fields.status}
          label="Status"
          options={options("status")}
          hint="Only available helpers are listed, and each needs a photo; a draft is seen by you alone."
        />
      </fieldset>

      <fieldset>
        <legend>Notes and photo</legend>
        <Field kind="textarea" field={fields.otherRemarks} label="Other remarks" maxLength={lengths.long} rows={3} />
        <Field
          kind="custom"
          className="rich-text-field"
          field={fields.specialNotes}
          label="Special notes"
          hint="Anything else a family should know."
        >
          {(control) => (
            <RichTextEditor
              control={control}
              label="Special notes"
              defaultValue={typeof fields.specialNotes.initialValue === "string" ? fields.specialNotes.initialValue : ""}
            />
          )}
        </Field>
        <Field kind="custom" className="photo-upload" field={fields.photo} label="Photo" hint={PHOTO_HINT}>
          {(control) => (
            <PhotoUpload
              control={control}
              fileName="photoFile"
              initial={photoUrl && typeof photoKey === "string" ? { key: photoKey, url: photoUrl } : null}
              onBusyChange={setUploading}
            />
          )}
        </Field>
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
