import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from "react";

/**
 * A labelled form control with its error beneath, tied together for screen readers
 * (aria-invalid, aria-describedby). Every form of the site uses these.
 */
interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

function describedBy(errorId: string, hintId: string, error?: string, hint?: ReactNode) {
  return [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, error, hint, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, error, hint)}
        {...input}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
    /** The empty first choice ("Any", "Select…"); omitted when the field always has a value. */
    placeholder?: string;
  }) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId, error, hint)}
        {...select}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export { FormError } from "./field";
