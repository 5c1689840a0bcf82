/**
 * The account forms' inputs: one schema each, read by the form (field names, limits) and by
 * its action on the server. better-auth checks the password length again on its side.
 */
import { z } from "zod";
import { eaLicenceNumber } from "../../shared/account-schema";
import { COMPANY_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./auth-limits";

export { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN };

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

const email = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .pipe(z.email("Enter a valid email address, like name@example.com"))
  .transform((value) => value.toLowerCase());

const newPassword = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`);

const PASSWORDS_DIFFER = "The two passwords do not match";

export const registerSchema = z
  .object({
    name: text("Full name", NAME_MAX),
    // The profile's rules; the company is asked for here, as families see it on every biodata.
    companyName: text("Company name", COMPANY_MAX),
    eaLicenceNumber,
    email,
    password: newPassword("Password"),
    confirmPassword: z.string({ message: "Confirm your password" }).min(1, "Confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER });

export const loginSchema = z.object({
  email,
  password: z.string({ message: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX),
});

export type LoginInput = z.input<typeof loginSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This link is not complete"),
    password: newPassword("New password"),
    confirmPassword: z.string({ message: "Confirm your new password" }).min(1, "Confirm your new password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ message: "Current password is required" }).min(1, "Current password is required"),
    newPassword: newPassword("New password"),
    confirmPassword: z.string({ message: "Confirm your new password" }).min(1, "Confirm your new password"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: "The new password must differ from the current one",
  });

export { optionalText, text, email };
