/**
 * The profile form's details: the account's own fields (the same schema better-auth's sign-up and
 * update-user are held to), the e-mail address, and the current password an e-mail change asks for.
 */
import { z } from "zod";
import { accountDetailsSchema } from "../../shared/account-schema";
import { SUPPLIER_LOCALES } from "../../shared/i18n/locales";
import { email } from "./auth-schemas";

export const profileSchema = accountDetailsSchema.extend({
  email,
  currentPassword: z.string().max(256).optional(),
});

export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileFormInput = z.input<typeof profileSchema>;

/** The profile's language form: one of the supplier side's languages (decision 113). */
export const languageSchema = (message: string) => z.object({ locale: z.enum(SUPPLIER_LOCALES, { message }) });
