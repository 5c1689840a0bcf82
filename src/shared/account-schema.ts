/**
 * A supplier account's own details, checked the same wherever they come in: the profile form,
 * the registration form, and better-auth's own sign-up and update-user endpoints. The phone is
 * stored in E.164 like a lead's; this module carries the phone metadata, so only server code and
 * actions import it.
 */
import { z } from "zod";
import { normaliseLicence } from "./licence";
import { normalisePhone } from "./phone";
import { COMPANY_MAX, EA_LICENCE_PATTERN, NAME_MAX, TELEGRAM_PATTERN } from "./account-limits";

export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const EA_LICENCE_MESSAGE = "Use MOM's format: two digits, a letter and four digits, e.g. 19C9871";

export const eaLicenceNumber = z
  .string({ message: "EA licence number must be text" })
  .nullish()
  .transform((value, ctx) => {
    const licence = normaliseLicence(value ?? "");
    if (licence === "") return null;
    if (!EA_LICENCE_PATTERN.test(licence)) {
      ctx.addIssue({ code: "custom", message: EA_LICENCE_MESSAGE });
      return z.NEVER;
    }
    return licence;
  });

const phone = z
  .string({ message: "Phone must be text" })
  .nullish()
  .transform((value, ctx) => {
    if (!value?.trim()) return null;
    const result = normalisePhone(value);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.phone;
  });

export const TELEGRAM_MESSAGE = "Use your Telegram user name: 5 to 32 letters, digits or underscores, e.g. @goldenbridge_sg";

/** Stored without its @, as https://t.me/<name> wants it. */
const telegram = z
  .string({ message: "Telegram must be text" })
  .nullish()
  .transform((value, ctx) => {
    const name = value?.trim() ?? "";
    if (name === "") return null;
    if (!TELEGRAM_PATTERN.test(name)) {
      ctx.addIssue({ code: "custom", message: TELEGRAM_MESSAGE });
      return z.NEVER;
    }
    return name.replace(/^@/, "");
  });

/** The details an account owns, as every way in must check them. */
export const accountDetailsSchema = z.object({
  name: requiredText("Full name", NAME_MAX),
  companyName: optionalText("Company name", COMPANY_MAX),
  eaLicenceNumber,
  phone,
  telegram,
});

export type AccountDetails = z.output<typeof accountDetailsSchema>;
