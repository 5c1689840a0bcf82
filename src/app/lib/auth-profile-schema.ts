/**
 * The profile form's details. The phone is checked and stored in E.164 like a lead's; this
 * module carries the phone metadata, so only the profile action imports it.
 */
import { z } from "zod";
import { normalisePhone } from "../../shared/phone";
import { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX } from "./auth-limits";
import { email, optionalText, text } from "./auth-schemas";

export const profileSchema = z.object({
  name: text("Full name", NAME_MAX),
  email,
  companyName: optionalText("Company name", COMPANY_MAX),
  eaLicenceNumber: optionalText("EA licence number", EA_LICENCE_MAX).refine(
    (value) => value === null || /^[A-Za-z0-9-]+$/.test(value),
    "Use the letters and digits of the licence, e.g. 12C3456",
  ),
  phone: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return null;
      const result = normalisePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: "custom", message: result.message });
        return z.NEVER;
      }
      return result.phone;
    }),
  currentPassword: z.string().max(256).optional(),
});

export type ProfileInput = z.output<typeof profileSchema>;
