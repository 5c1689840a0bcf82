import { PASSWORD_MAX, PASSWORD_MIN } from "../auth-limits";
import { Field, type FieldState } from "../../../ui/field";
import { m } from "../../../shared/i18n/compiled/messages.js";

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
        hint={m.accounts_password_min_hint({ min: PASSWORD_MIN })}
      />
      <Field field={confirm} label={confirmLabel} type="password" autoComplete="new-password" required />
    </>
  );
}
