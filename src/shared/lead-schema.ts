/**
 * A lead: the name and phone number a visitor gives at the /filters gate. One schema for the
 * gate's form action and for POST /api/leads; its output carries the phone in E.164.
 */
import { z } from "zod";
import { hasVisibleText, plainText } from "./plain-text";
import { m } from "./i18n/compiled/messages.js";
import { LEAD_LIMITS } from "./lead-limits";
import { normalisePhone } from "./phone";
import { countText } from "./schema-text";

const { max: LEAD_NAME_MAX } = LEAD_LIMITS.name;
const enterName = () => m.shared_error_lead_name();

export const leadInputSchema = z.object({
  name: z
    .string({ error: enterName })
    // Line breaks and runs of spaces would end up in mail subjects and CSV cells.
    .transform((value) => plainText(value).replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, { error: enterName })
        .refine(hasVisibleText, { error: enterName })
        .max(LEAD_NAME_MAX, { error: () => m.shared_error_lead_name_too_long({ max: countText(LEAD_NAME_MAX) }) }),
    ),
  phone: z.string({ error: () => m.shared_error_phone_empty() }).transform((value, ctx) => {
    const result = normalisePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.phone;
  }),
});

export type LeadInput = z.input<typeof leadInputSchema>;
/** A validated lead: the name tidied, the phone in E.164. */
export type ValidLead = z.output<typeof leadInputSchema>;

/** A stored lead, as the API and the operator's screens show it. */
export interface Lead {
  id: string;
  name: string;
  phone: string;
  visits: number;
  firstSeenAt: string;
  lastSeenAt: string;
  /** What the family last filtered for, in words ("Nationality: Filipino"). */
  filters: string[];
}

export type LeadParseResult = { ok: true; lead: ValidLead } | { ok: false; fields: Record<string, string> };

/**
 * Validates a lead from a form or a JSON body: the tidied values, or one message per field
 * (`name`, `phone`) to show next to it.
 */
export function parseLeadInput(input: unknown): LeadParseResult {
  const result = leadInputSchema.safeParse(input);
  if (result.success) return { ok: true, lead: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fields[field] ??= issue.message;
  }
  return { ok: false, fields };
}
