/**
 * A supplier account's own details, checked the same wherever they come in: the profile form,
 * the registration form, and better-auth's own sign-up and update-user endpoints. The phone is
 * stored in E.164 like a lead's; this module carries the phone metadata, so only server code and
 * actions import it.
 */
import { z } from "zod";
import { hasVisibleText, plainText } from "./plain-text";
import { m } from "./i18n/compiled/messages.js";
import { refuseGoodsWords } from "./goods-words";
import { normaliseLicence } from "./licence";
import { normalisePhone } from "./phone";
import { COMPANY_MAX, EA_LICENCE_PATTERN, NAME_MAX, TELEGRAM_PATTERN } from "./account-limits";
import { countText, say, type Text } from "./schema-text";

export const requiredText = (label: Text, max: number) =>
  z
    .string({ error: () => m.shared_error_required({ label: say(label) }) })
    .overwrite(plainText)
    .trim()
    .min(1, { error: () => m.shared_error_required({ label: say(label) }) })
    .refine(hasVisibleText, { error: () => m.shared_error_required({ label: say(label) }) })
    .max(max, { error: () => m.shared_error_too_long({ label: say(label), max: countText(max) }) });

export const optionalText = (label: Text, max: number) =>
  z
    .string({ error: () => m.shared_error_text({ label: say(label) }) })
    .overwrite(plainText)
    .trim()
    .max(max, { error: () => m.shared_error_too_long({ label: say(label), max: countText(max) }) })
    .nullish()
    .transform((value) => (value ? value : null));

/** What a licence number that is not in MOM's format is told, in the reader's language. */
export const eaLicenceMessage = () => m.shared_error_ea_licence_format();

export const eaLicenceNumber = z
  .string({ error: () => m.shared_error_text({ label: m.shared_error_field_ea_licence() }) })
  .nullish()
  .transform((value, ctx) => {
    const licence = normaliseLicence(value ?? "");
    if (licence === "") return null;
    if (!EA_LICENCE_PATTERN.test(licence)) {
      ctx.addIssue({ code: "custom", message: eaLicenceMessage() });
      return z.NEVER;
    }
    return licence;
  });

const phone = z
  .string({ error: () => m.shared_error_text({ label: m.shared_error_field_phone() }) })
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

/** Stored without its @, as https://t.me/<name> wants it. */
const telegram = z
  .string({ error: () => m.shared_error_text({ label: m.shared_error_field_telegram() }) })
  .nullish()
  .transform((value, ctx) => {
    const name = value?.trim() ?? "";
    if (name === "") return null;
    if (!TELEGRAM_PATTERN.test(name)) {
      ctx.addIssue({ code: "custom", message: m.shared_error_telegram_format() });
      return z.NEVER;
    }
    return name.replace(/^@/, "");
  });

/** The details an account owns, as every way in must check them. */
export const accountDetailsSchema = z.object({
  name: requiredText(m.shared_error_field_full_name, NAME_MAX).superRefine(refuseGoodsWords(m.shared_error_field_full_name)),
  companyName: optionalText(m.shared_error_field_company, COMPANY_MAX).superRefine(refuseGoodsWords(m.shared_error_field_company)),
  eaLicenceNumber,
  phone,
  telegram,
});

export type AccountDetails = z.output<typeof accountDetailsSchema>;
