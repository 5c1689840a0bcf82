/**
 * The /filters gate's action: the same limit, checks and storage as POST /api/leads (through
 * services.leads.submit), answered as a page. Success sets the `visitor` cookie, so the filter
 * form shows now and on later visits, for as long as its lead exists, and goes back to the page
 * that sent the visitor (the form's `redirectTo`, a site-relative path) when there is one.
 */
import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "react-router";
import { isHttpError } from "../../../server/http/errors";
import { leadInputSchema } from "../../../shared/lead-schema";
import { safeRedirect } from "../../../ui/page-guards.server";
import { parseWithZod, replyWith } from "../../../ui/forms.server";

export async function passGate(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"), "");
  form.delete("redirectTo");
  const submission = parseWithZod(form, { schema: leadInputSchema });
  // The service checks again, after the address's rate: a refused form counts like any other.
  // The owner of a number who gives it again keeps their key (and with it, their data).
  const visitor = await context.visitorCookie.read(request.headers.get("cookie"));
  let pass;
  try {
    pass = await context.services.leads.submit(submission.payload, { ip: context.ip, visitor });
  } catch (error) {
    if (!isHttpError(error) || (error.statusCode !== 400 && error.statusCode !== 429)) throw error;
    // A message per field goes next to its field; a refusal of the whole form goes above it.
    const reply =
      error.statusCode === 400
        ? replyWith(submission, { fields: error.fields })
        : replyWith(submission, { formError: error.message, formErrorOnly: true });
    return data({ ok: false as const, result: reply }, { status: error.statusCode });
  }

  const cookie = await context.visitorCookie.write(pass);
  if (redirectTo) return redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
  return data(
    // `submission` tells this success apart from an earlier one: the pixel's Lead fires once for each.
    { ok: true as const, name: pass.name, submission: randomUUID() },
    { headers: { "Set-Cookie": cookie } },
  );
}
