import { getFormProps, parse, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useState } from "react";
import { Form, useNavigation } from "react-router";
import { catalogueOptions } from "../../../shared/catalogue-labels";
import { photoUrls } from "../../../shared/media";
import type { BiodataFormValues } from "./biodata-form-values";
import type { EaPersonnel } from "../../../shared/ea-personnel";
import { EmploymentFields } from "./biodata-employment-fields";
import { SkillsFields } from "./biodata-skills-fields";
import { Field, FormError } from "../../../ui/field";
import { photoHint, PhotoUpload } from "./photo-upload";
import { RichTextEditor } from "./rich-text-editor";
import { entriesOf, formSections, sectionsWithErrors, type FormSectionSpec } from "./biodata-form-sections";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { FormSection, type BiodataFields } from "./biodata-form-section";
import { completeSections, progressText, submitLabel, useFormEntries } from "./biodata-form-progress";
import { DirectHireFields } from "./direct-hire-fields";

/**
 * The browser's only work on the form: adding and removing job rows (Conform's list intents)
 * without a trip to the server. Checking stays on the server, so no schema reaches the page.
 */
const listIntentsOnly = ({ formData }: { formData: FormData }) =>
  parse<BiodataFormValues, string[]>(formData, { resolve: (value) => ({ value: value as BiodataFormValues }) });

const FORM_ID = "biodata";

/** The parts of a section that are more than field rows. */
function SectionExtras({
  id,
  fields,
  form,
  onPhotoBusy,
}: {
  id: FormSectionSpec["id"];
  fields: BiodataFields;
  form: Parameters<typeof EmploymentFields>[0]["form"];
  onPhotoBusy: (busy: boolean) => void;
}) {
  if (id === "skills") return <SkillsFields fields={fields} />;
  if (id === "employment") return <EmploymentFields form={form} fields={fields} />;
  if (id !== "notes") return null;
  const photoKey = fields.photo.initialValue;
  const photoUrl = typeof photoKey === "string" && photoKey ? photoUrls(photoKey)?.thumbUrl : undefined;
  return (
    <>
      <Field
        kind="custom"
        className="rich-text-field"
        field={fields.specialNotes}
        label={m.helpers_supplier_special_notes()}
        hint={m.helpers_supplier_special_notes_hint()}
      >
        {(control) => (
          <RichTextEditor
            control={control}
            label={m.helpers_supplier_special_notes()}
            defaultValue={typeof fields.specialNotes.initialValue === "string" ? fields.specialNotes.initialValue : ""}
          />
        )}
      </Field>
      <Field kind="custom" className="photo-upload" field={fields.photo} label={m.helpers_supplier_photo()} hint={photoHint()}>
        {(control) => (
          <PhotoUpload
            control={control}
            fileName="photoFile"
            initial={photoUrl && typeof photoKey === "string" ? { key: photoKey, url: photoUrl } : null}
            onBusyChange={onPhotoBusy}
          />
        )}
      </Field>
    </>
  );
}

/**
 * Every field of a helper's biodata, in the standard form's sections, each folding away. It
 * posts as a plain form to its route's action, which reads it with the shared schema
 * (parseWithZod); a refusal comes back as Conform's reply, each message beside its field, every
 * value as it was sent, and the sections holding a refused field open. A new biodata opens at
 * its first section. The bar at the bottom stays in view: how many sections are complete, and
 * the button, named for what the save will do (decision 106).
 */
export function BiodataForm({
  defaultValue,
  lastResult,
  listedNow,
  isNew,
  personnel,
  direct = false,
}: {
  defaultValue: BiodataFormValues;
  /** A helper's own biodata (a direct hire, decision 197): the form asks why she is free to be hired directly. */
  direct?: boolean;
  /**
   * The agency's registered EA personnel, one to be named on the biodata (decision 163); until
   * one is chosen the first is selected. Null or empty for a supplier without (no field).
   */
  personnel?: Pick<EaPersonnel, "id" | "name" | "registrationNumber">[] | null;
  lastResult?: SubmissionResult<string[]>;
  /** Whether the biodata is listed before this save: making it listed is publishing it. */
  listedNow: boolean;
  /** A new biodata opens at its first section; an edit starts with all folded. */
  isNew: boolean;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useForm<BiodataFormValues>({ id: FORM_ID, defaultValue, lastResult, onValidate: listIntentsOnly });
  const saving = navigation.state === "submitting";

  // Conform takes the focus to the first field refused; the photo's value is a hidden field,
  // so when the photo is what was refused, the focus goes to its file input instead.
  useEffect(() => {
    const refused = Object.keys(lastResult?.error ?? {}).filter((name) => name !== "");
    if (lastResult?.status === "error" && refused.length === 1 && refused[0] === "photo") {
      document.getElementById(fields.photo.id)?.focus();
    }
  }, [lastResult, fields.photo.id]);

  const refused = sectionsWithErrors(lastResult?.status === "error" ? lastResult.error : null);
  // Without the page's script a job row added or removed comes back from the server: its section stays open.
  const answeredIntent = lastResult !== undefined && lastResult.status !== "error" && lastResult.status !== "success";
  const initialEntries = useMemo(() => entriesOf(form.initialValue), [form.initialValue]);
  const jobs = fields.employment.getFieldList().length;
  const entries = useFormEntries(FORM_ID, initialEntries, `${uploading}:${jobs}`);
  const complete = completeSections(entries);
  const status = entries.find(([name]) => name === "status")?.[1];
  const formMessage = form.errors?.[0] ?? (lastResult?.status === "error" ? m.helpers_supplier_correct_fields() : undefined);
  return (
    <Form method="post" encType="multipart/form-data" className="form biodata-form" preventScrollReset {...getFormProps(form)}>
      <FormError message={formMessage} />
      <p className="hint">{isNew ? m.helpers_supplier_form_hint_new() : m.helpers_supplier_form_hint()}</p>
      <p className="hint">{m.helpers_supplier_goods_rule()}</p>
      {direct ? <DirectHireFields fields={fields} /> : null}
      {formSections().map((section, i) => (
        <FormSection
          key={section.id}
          section={section}
          fields={fields}
          open={refused.has(section.id) || (isNew && i === 0) || (answeredIntent && section.id === "employment")}
          complete={complete.has(section.id)}
          refused={refused.has(section.id)}
        >
          <SectionExtras id={section.id} fields={fields} form={form} onPhotoBusy={setUploading} />
        </FormSection>
      ))}
      {personnel && personnel.length > 0 ? (
        <Field
          kind="select"
          field={fields.eaPersonnelId}
          label={m.helpers_supplier_ea_personnel()}
          options={personnel.map((one) => ({ value: one.id, label: `${one.name} · ${one.registrationNumber}` }))}
          hint={m.helpers_supplier_ea_personnel_hint()}
        />
      ) : null}
      <Field
        kind="select"
        field={fields.status}
        label={m.helpers_supplier_status()}
        options={catalogueOptions("status")}
        hint={m.helpers_supplier_status_hint()}
      />
      <div className="form-actions form-footer">
        <p className="form-progress">{progressText(complete.size)}</p>
        <button type="submit" className="button primary" disabled={saving || uploading}>
          {saving ? m.helpers_supplier_saving() : submitLabel(status, listedNow)}
        </button>
        {uploading ? <span className="hint">{m.helpers_supplier_waiting_for_photo()}</span> : null}
      </div>
    </Form>
  );
}
