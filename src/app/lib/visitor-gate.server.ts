/**
 * The /filters gate's action: the same limit, checks and storage as POST /api/leads (through
 * services.leads.submit), answered as a page. Success sets the `visitor` cookie, so the filter
 * form shows now and on later visits.
 */
import { randomUUID } from "node:crypto";
import { data, type AppLoadContext } from "react-router";

type GateField = "name" | "phone";

function field(form: FormData, name: GateField): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export async function passGate(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = { name: field(form, "name"), phone: field(form, "phone") };

  const result = await context.services.leads.submit(values, { ip: context.ip });
  if (!result.ok) {
    // A message per field goes next to its field; a refusal of the whole form goes above it.
    const fields: Partial<Record<GateField, string>> =
      result.status === 400 ? { name: result.fields.name, phone: result.fields.phone } : {};
    const message = result.status === 429 ? result.message : undefined;
    return data({ ok: false as const, values, fields, message }, { status: result.status });
  }

  const { lead } = result;
  return data(
    // `submission` tells this success apart from an earlier one: the pixel's Lead fires once for each.
    { ok: true as const, name: lead.name, submission: randomUUID() },
    { headers: { "Set-Cookie": await context.visitorCookie.write({ name: lead.name, phone: lead.phone }) } },
  );
}
