import { PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { Field, type FieldState } from "../../../ui/field";

/** A new password and its confirmation, as sign-up, reset and profile ask for them. */
export function NewPasswordFields({
  password,
  confirm,
  label,
  confirmLabel,
}: {
  /** The new password's field and its confirmation's (`confirmPassword`), from useForm. */
  password: FieldState;
  confirm: FieldState;
  label: string;
  confirmLabel: string;
}) {
  return (
    <>
      <Field
        field={password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <Field field={confirm} label={confirmLabel} type="password" autoComplete="new-password" required />
    </>
  );
}
