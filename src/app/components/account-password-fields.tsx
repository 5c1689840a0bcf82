import { PASSWORD_MAX, PASSWORD_MIN } from "../lib/auth-limits";
import { TextField } from "./form-field";

/** A new password and its confirmation, as sign-up, reset and profile ask for them. */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  errors,
}: {
  /** The form field of the new password; its confirmation is always `confirmPassword`. */
  name: "password" | "newPassword";
  label: string;
  confirmLabel: string;
  errors: { [field: string]: string | undefined };
}) {
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters.`}
        error={errors[name]}
      />
      <TextField
        label={confirmLabel}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
      />
    </>
  );
}
