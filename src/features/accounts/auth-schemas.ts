/**
 * The account forms' inputs: one schema each, read by the form (field names, limits) and by
 * its action on the server. better-auth checks the password length again on its side.
 */
import { z } from "zod";
import { hasVisibleText, plainText } from "../../shared/plain-text";
import { eaLicenceNumber } from "../../shared/account-schema";
import { refuseGoodsWords } from "../../shared/goods-words";
import { m } from "../../shared/i18n/compiled/messages.js";
import { countText, say, type Text } from "../../shared/schema-text";
import { COMPANY_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth-limits";

export { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

// Messages are read when a value is refused, in the language of that request (decision 120).
const required = (label: Text) => () => m.shared_error_required({ label: say(label) });
const tooLong = (label: Text, max: number) => () => m.shared_error_too_long({ label: say(label), max: countText(max) });

const text = (label: Text, max: number) =>
  z
    .string({ error: required(label) })
    .overwrite(plainText)
    .trim()
    .min(1, { error: required(label) })
    .refine(hasVisibleText, { error: required(label) })
    .max(max, { error: tooLong(label, max) });

const optionalText = (label: Text, max: number) =>
  z
    .string()
    .overwrite(plainText)
    .trim()
    .max(max, { error: tooLong(label, max) })
    .optional()
    .transform((value) => (value ? value : null));

const emailRequired = required(m.shared_error_field_email);
const email = z
  .string({ error: emailRequired })
  .trim()
  .min(1, { error: emailRequired })
  .pipe(z.email({ error: () => m.shared_error_email_format() }))
  .transform((value) => value.toLowerCase());

const newPassword = (label: Text) =>
  z
    .string({ error: required(label) })
    .min(1, { error: required(label) })
    .min(PASSWORD_MIN, { error: () => m.shared_error_too_short({ label: say(label), min: countText(PASSWORD_MIN) }) })
    .max(PASSWORD_MAX, { error: tooLong(label, PASSWORD_MAX) });

const passwordsDiffer = () => m.shared_error_passwords_differ();
const confirmPassword = () => m.shared_error_confirm_password();
const confirmNewPassword = () => m.shared_error_confirm_new_password();

export const registerSchema = z
  .object({
    name: text(m.shared_error_field_full_name, NAME_MAX).superRefine(refuseGoodsWords(m.shared_error_field_full_name)),
    // The profile's rules; the company is asked for here, as families see it on every biodata.
    companyName: text(m.shared_error_field_company, COMPANY_MAX).superRefine(refuseGoodsWords(m.shared_error_field_company)),
    eaLicenceNumber,
    email,
    password: newPassword(m.shared_error_field_password),
    confirmPassword: z.string({ error: confirmPassword }).min(1, { error: confirmPassword }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: passwordsDiffer });

/**
 * A helper signing up herself (a direct hire): no company and no licence; a phone number if she
 * wishes, which the site keeps for its operators and never shows (the account guard checks it).
 */
export const helperRegisterSchema = z
  .object({
    name: text(m.shared_error_field_full_name, NAME_MAX).superRefine(refuseGoodsWords(m.shared_error_field_full_name)),
    email,
    phone: optionalText(m.shared_error_field_phone, 40),
    password: newPassword(m.shared_error_field_password),
    confirmPassword: z.string({ error: confirmPassword }).min(1, { error: confirmPassword }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: passwordsDiffer });

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: required(m.shared_error_field_password) })
    .min(1, { error: required(m.shared_error_field_password) })
    .max(PASSWORD_MAX),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type HelperRegisterInput = z.input<typeof helperRegisterSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, { error: () => m.shared_error_link_incomplete() }),
    password: newPassword(m.shared_error_field_new_password),
    confirmPassword: z.string({ error: confirmNewPassword }).min(1, { error: confirmNewPassword }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: passwordsDiffer });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: required(m.shared_error_field_current_password) })
      .min(1, { error: required(m.shared_error_field_current_password) }),
    newPassword: newPassword(m.shared_error_field_new_password),
    confirmPassword: z.string({ error: confirmNewPassword }).min(1, { error: confirmNewPassword }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], error: passwordsDiffer })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    error: () => m.shared_error_new_password_same(),
  });

export { optionalText, text, email };
