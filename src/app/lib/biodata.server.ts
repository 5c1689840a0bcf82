/**
 * The biodata screens' server side: the same services as the API (services.helpers and
 * services.media), with their refusals turned into what a page answers (a trip to /login, the
 * 403 or 404 page, or the form again with a message per field).
 */
import { data, type AppLoadContext } from "react-router";
import { helperFormValues, nestFormValues } from "../../shared/helper-schema";
import type { HelperRecord, OwnedHelperRecord } from "../../shared/helper-types";
import { applyEmploymentIntent, employmentRowNumbers, EMPLOYMENT_FIELDS, renumberEmployment, type BiodataValues } from "./biodata-form-values";
import { isHttpError } from "../../server/http/errors";
import { assertSameOrigin, loginRedirect } from "./auth.server";

/** Runs a screen's server work; a refusal becomes the page that says so. */
export async function asPage<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHttpError(error)) {
      if (error.statusCode === 401) throw loginRedirect(request);
      if (error.statusCode === 403 && error.code !== "email_not_verified") throw data("Only the supplier who published this biodata, or an operator, may change it.", { status: 403 });
      if (error.statusCode === 404) throw data(null, { status: 404 });
    }
    throw error;
  }
}

export interface FormFailure {
  message: string;
  fields: Record<string, string>;
  values: Record<string, string | string[]>;
}

/** The form's values as posted, to show again beside their messages (the file is not kept). */
function postedValues(values: Record<string, unknown>): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string" || (Array.isArray(value) && value.every((v) => typeof v === "string"))) kept[key] = value;
  }
  return kept;
}

function withoutBlankJobs(values: BiodataValues): BiodataValues {
  const kept = { ...values };
  for (const n of employmentRowNumbers(values)) {
    const names = EMPLOYMENT_FIELDS.map((field) => `employment[${n}].${field}`);
    if (names.every((name) => typeof kept[name] !== "string" || (kept[name] as string).trim() === "")) {
      for (const name of names) delete kept[name];
    }
  }
  return kept;
}

/**
 * Saves a posted biodata form through `save`. Without JavaScript the photo arrives as a file in
 * the form itself (`photoFile`); it goes through the same checks as an upload.
 */
async function saveForm(
  request: Request,
  context: AppLoadContext,
  save: (values: Record<string, unknown>) => Promise<HelperRecord>,
): Promise<SaveResult> {
  const form = await request.formData();
  // Job rows left empty are dropped and the rest numbered 0, 1, 2…, as the schema will count
  // them, so a message for `employment[1].to` lands beside the row shown second.
  const posted = postedValues(helperFormValues(form));
  delete posted.intent;
  const values: Record<string, unknown> = renumberEmployment(withoutBlankJobs(posted));
  delete values.photoFile;
  const file = form.get("photoFile");
  const intent = form.get("intent");
  try {
    if (file instanceof File && file.size > 0) {
      const upload = await context.services.media.store(context.viewer, "helper", Buffer.from(await file.arrayBuffer()));
      values.photo = upload.key;
    }
    // "Add a job" or "Remove job 2" without the page's script: the form again, nothing saved.
    const edited = typeof intent === "string" ? applyEmploymentIntent({ ...posted, ...postedValues({ photo: values.photo }) }, intent) : undefined;
    if (edited) return { edited: { message: "", fields: {}, values: edited } };
    return { saved: await save(nestFormValues(values)) };
  } catch (error) {
    if (isHttpError(error) && (error.statusCode === 400 || error.statusCode === 413)) {
      const fields = { ...error.fields };
      if (fields.file) {
        fields.photo = fields.file;
        delete fields.file;
      }
      return { failed: { message: "Please correct the marked fields.", fields, values: postedValues(values) } };
    }
    // Publishing before the e-mail is confirmed: the form stays, with the way forward.
    if (isHttpError(error) && error.code === "email_not_verified") {
      return { failed: { message: error.message, fields: { ...error.fields }, values: postedValues(values) } };
    }
    throw error;
  }
}

export type SaveResult = { saved: HelperRecord } | { failed: FormFailure } | { edited: FormFailure };

export function createFromForm(request: Request, context: AppLoadContext): Promise<SaveResult> {
  assertSameOrigin(request, context);
  return asPage(request, () => saveForm(request, context, (values) => context.services.helpers.create(context.viewer, values)));
}

export function updateFromForm(request: Request, context: AppLoadContext, id: string): Promise<SaveResult> {
  assertSameOrigin(request, context);
  return asPage(request, () => saveForm(request, context, (values) => context.services.helpers.update(context.viewer, id, values)));
}

/** A biodata the viewer may change; otherwise /login, the 403 page or the 404 page. */
export function biodataForEditing(request: Request, context: AppLoadContext, id: string): Promise<OwnedHelperRecord> {
  return asPage(request, () => context.services.helpers.forEditing(context.viewer, id));
}

export function deleteFromPage(request: Request, context: AppLoadContext, id: string): Promise<void> {
  assertSameOrigin(request, context);
  return asPage(request, () => context.services.helpers.remove(context.viewer, id));
}

export function ownBiodata(request: Request, context: AppLoadContext): Promise<HelperRecord[]> {
  return asPage(request, () => context.services.helpers.listOwn(context.viewer));
}

/** A status change from the dashboard: the message for the row when it is refused. */
export async function changeStatus(
  request: Request,
  context: AppLoadContext,
  id: string,
  status: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  assertSameOrigin(request, context);
  try {
    await asPage(request, () => context.services.helpers.update(context.viewer, id, { status }));
    return { ok: true };
  } catch (error) {
    if (isHttpError(error) && (error.statusCode === 400 || error.code === "email_not_verified")) {
      return { ok: false, message: error.fields?.status ?? error.message };
    }
    throw error;
  }
}
