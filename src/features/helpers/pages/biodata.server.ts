/**
 * The biodata screens' server side: the same services as the API (services.helpers and
 * services.media), with their refusals turned into what a page answers (a trip to /login, the
 * 403 or 404 page, or the form again with a message per field).
 */
import { parse } from "@conform-to/react";
import { data, type AppLoadContext } from "react-router";
import type { z } from "zod";
import { helperCreateSchema, helperUpdateSchema } from "../../../shared/helper-schema";
import type { HelperRecord, OwnedHelperRecord } from "../../../shared/helper-types";
import type { DeletedBiodata } from "../server/helper-writes";
import { intentReadable, readBiodataForm, withFormDefaults } from "./biodata-form-read.server";
import { isHttpError } from "../../../server/http/errors";
import { loginRedirect } from "../../../ui/page-guards.server";
import { refuse, replyWith } from "../../../ui/forms.server";

/** Runs a screen's server work; a refusal becomes the page that says so. */
export async function asPage<T>(request: Request, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHttpError(error)) {
      if (error.statusCode === 401) throw loginRedirect(request);
      if (error.statusCode === 403 && error.code !== "email_not_verified")
        throw data("Only the supplier who published this biodata, or an operator, may change it.", { status: 403 });
      if (error.statusCode === 404) throw data(null, { status: 404 });
    }
    throw error;
  }
}

const INTENT = "__intent__";

/**
 * Without JavaScript the photo arrives as a file in the form itself (`photoFile`); it goes
 * through the same checks as an upload and becomes the form's `photo` key.
 */
async function takePhotoFile(form: FormData, context: AppLoadContext): Promise<string | undefined> {
  const file = form.get("photoFile");
  form.delete("photoFile");
  if (!(file instanceof File) || file.size === 0) return undefined;
  try {
    const upload = await context.services.media.store(context.viewer, "helper", Buffer.from(await file.arrayBuffer()));
    form.set("photo", upload.key);
    return undefined;
  } catch (error) {
    if (isHttpError(error) && (error.statusCode === 400 || error.statusCode === 413)) return error.fields?.file ?? error.message;
    throw error;
  }
}

type Answer = ReturnType<typeof refuse>;

/**
 * Saves a posted biodata form through `save`, or answers it again: with a job row more or
 * less ("Add a job" without the page's script; nothing saved), or refused, with a message per
 * field from the schema or the service and every value as it was sent.
 */

async function saveForm<Saved>(
  request: Request,
  context: AppLoadContext,
  schema: z.ZodType,
  save: (values: unknown) => Promise<Saved>,
): Promise<{ saved: Saved } | { answer: Answer }> {
  const form = await request.formData();
  if (!intentReadable(form)) throw data("This form could not be read. Reload the page and try again.", { status: 400 });
  const photoError = await takePhotoFile(form, context);
  if (form.has(INTENT)) return { answer: refuse(parse(form, { resolve: () => ({ value: undefined }) }), { status: 200 }) };
  const submission = readBiodataForm(form, schema);
  const refusal = { formError: "Please correct the marked fields.", fields: { photo: photoError } };
  if (submission.status !== "success" || photoError) return { answer: refuse(submission, refusal) };
  try {
    return { saved: await save(withFormDefaults(submission.payload)) };
  } catch (error) {
    if (isHttpError(error) && (error.statusCode === 400 || error.code === "email_not_verified")) {
      // Publishing before the e-mail is confirmed: the form stays, with the way forward.
      const formError = error.code === "email_not_verified" ? error.message : refusal.formError;
      return { answer: refuse(submission, { formError, fields: { ...error.fields } }) };
    }
    if (isHttpError(error) && error.statusCode === 429) {
      // Saving too fast: the form stays as it was sent, saying when to save again.
      const headers = error.retryAfter ? { "retry-after": String(error.retryAfter) } : undefined;
      return { answer: data({ result: replyWith(submission, { formError: error.message }) }, { status: 429, headers }) };
    }
    throw error;
  }
}

export function createFromForm(request: Request, context: AppLoadContext) {
  return asPage(request, () =>
    saveForm(request, context, helperCreateSchema, (values) => context.services.helpers.create(context.viewer, values)),
  );
}

export function updateFromForm(request: Request, context: AppLoadContext, id: string) {
  return asPage(request, () =>
    saveForm(request, context, helperUpdateSchema, (values) => context.services.helpers.update(context.viewer, id, values)),
  );
}

/** A biodata the viewer may change; otherwise /login, the 403 page or the 404 page. */
export function biodataForEditing(request: Request, context: AppLoadContext, id: string): Promise<OwnedHelperRecord> {
  return asPage(request, () => context.services.helpers.forEditing(context.viewer, id));
}

/** Deletes a biodata the viewer may change; answers its name and reference for the confirmation. */
export function deleteFromPage(request: Request, context: AppLoadContext, id: string): Promise<DeletedBiodata> {
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
  try {
    await asPage(request, () => context.services.helpers.update(context.viewer, id, { status }));
    return { ok: true };
  } catch (error) {
    if (isHttpError(error) && (error.statusCode === 400 || error.statusCode === 429 || error.code === "email_not_verified")) {
      return { ok: false, message: error.fields?.status ?? error.message };
    }
    throw error;
  }
}
