/**
 * A lead: the name and phone number a visitor gives at the /filters gate. One schema for the
 * gate's form action and for POST /api/leads; its output carries the phone in E.164.
 */
import { z } from "zod";
import { LEAD_LIMITS } from "./lead-limits";
import { normalisePhone } from "./phone";

const { max: LEAD_NAME_MAX } = LEAD_LIMITS.name;

export const leadInputSchema = z.object({
  name: z
    .string({ message: "Please enter your name." })
    // Line breaks and runs of spaces would end up in mail subjects and CSV cells.
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, "Please enter your name.").max(LEAD_NAME_MAX, `Please keep your name to ${LEAD_NAME_MAX} characters.`)),
  phone: z.string({ message: "Please enter your phone number." }).transform((value, ctx) => {
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
