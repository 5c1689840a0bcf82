/**
 * The biodata screens' server side: the same services as the API (services.helpers and
 * services.media), with their refusals turned into what a page answers (a trip to /login, the
 * 403 or 404 page, or the form again with a message per field).
 */
import { data, type AppLoadContext } from "react-router";
import { helperFormValues, nestFormValues } from "../../shared/helper-schema";
import type { HelperRecord } from "../../shared/helper-types";
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

/**
 * Saves a posted biodata form through `save`. Without JavaScript the photo arrives as a file in
 * the form itself (`photoFile`); it goes through the same checks as an upload.
 */
async function saveForm(
  request: Request,
  context: AppLoadContext,
  save: (values: Record<string, unknown>) => Promise<HelperRecord>,
): Promise<{ saved: HelperRecord } | { failed: FormFailure }> {
  const form = await request.formData();
  const values = helperFormValues(form);
  delete values.photoFile;
  const file = form.get("photoFile");
  try {
    if (file instanceof File && file.size > 0) {
      const upload = await context.services.media.store(context.viewer, "helper", Buffer.from(await file.arrayBuffer()));
      values.photo = upload.key;
    }
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

export type SaveResult = { saved: HelperRecord } | { failed: FormFailure };

export function createFromForm(request: Request, context: AppLoadContext): Promise<SaveResult> {
  assertSameOrigin(request, context);
  return asPage(request, () => saveForm(request, context, (values) => context.services.helpers.create(context.viewer, values)));
}

export function updateFromForm(request: Request, context: AppLoadContext, id: string): Promise<SaveResult> {
  assertSameOrigin(request, context);
  return asPage(request, () => saveForm(request, context, (values) => context.services.helpers.update(context.viewer, id, values)));
}

/** A biodata the viewer may change; otherwise /login, the 403 page or the 404 page. */
export function biodataForEditing(request: Request, context: AppLoadContext, id: string): Promise<HelperRecord> {
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
