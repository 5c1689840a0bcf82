import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/**
 * One form field: its label, hint and error, and the aria wiring that ties them to the control
 * (aria-invalid, aria-describedby), for every form of the site. The `field` is Conform's field
 * metadata (`fields.email` from useForm), which names the control and carries the error and the
 * value posted last, so a form refused by the server shows again as it was sent.
 */
export interface FieldState {
  id: string;
  name: string;
  errorId: string;
  descriptionId: string;
  errors?: string[];
  initialValue?: unknown;
}

/** What a control needs to be the field's: the custom controls (rich text, photo) take these. */
export interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

interface Common {
  field: FieldState;
  label: ReactNode;
  hint?: ReactNode;
}

type TextProps = Common & { kind?: "text" } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name">;
type SelectProps = Common & {
  kind: "select";
  options: readonly { value: string; label: string }[];
  /** The empty first choice ("Any", "Select…"); omitted when the field always has a value. */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name">;
type TextareaProps = Common & { kind: "textarea" } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name">;
type CheckboxesProps = Common & { kind: "checkboxes"; options: readonly { value: string; label: string }[] };
/** One box, its label after it (a toggle in a table row); `labelClassName` may hide the label. */
type CheckboxProps = Common & { kind: "checkbox"; labelClassName?: string };
type CustomProps = Common & { kind: "custom"; className?: string; children: (control: ControlProps) => ReactNode };

export type FieldProps = TextProps | SelectProps | TextareaProps | CheckboxesProps | CheckboxProps | CustomProps;

function firstError(field: FieldState): string | undefined {
  return field.errors?.[0];
}

/** The posted (or initial) value as text, for a control's defaultValue. */
export function initialText(field: FieldState): string | undefined {
  const value = field.initialValue;
  return typeof value === "string" ? value : undefined;
}

function initialList(field: FieldState): string[] {
  const value = field.initialValue;
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function controlProps(field: FieldState, hint: ReactNode): ControlProps {
  const error = firstError(field);
  const describedBy = [error ? field.errorId : null, hint ? field.descriptionId : null].filter(Boolean).join(" ");
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
}

function Hint({ field, hint }: { field: FieldState; hint?: ReactNode }) {
  return hint ? (
    <p className="hint" id={field.descriptionId}>
      {hint}
    </p>
  ) : null;
}

/**
 * A field's error under its control, with the id the control's aria-describedby names; nothing
 * when there is no error. For the forms that keep their own controls; `Field` shows it itself.
 */
export function FieldErrorText({ id, text }: { id?: string; text: string | undefined }) {
  return text ? (
    <p className="field-error" id={id}>
      {text}
    </p>
  ) : null;
}

/** A refused form's error when it names no field (each named field shows its own under it). */
export function FormErrorText({ refused }: { refused: { error: string; fields: Record<string, string> } | undefined }) {
  return refused && Object.keys(refused.fields).length === 0 ? (
    <p className="form-error" role="alert">
      {refused.error}
    </p>
  ) : null;
}

function ErrorText({ field }: { field: FieldState }) {
  return <FieldErrorText id={field.errorId} text={firstError(field)} />;
}

export function Field(props: FieldProps) {
  const { field, label, hint } = props;
  const control = controlProps(field, hint);

  if (props.kind === "checkboxes") {
    // A group is a fieldset named by its legend; each box is labelled by its own text. The
    // first box carries the group's error, so a refused form can take the focus to it.
    const checked = new Set(initialList(field));
    return (
      <fieldset className="checkbox-fieldset" aria-describedby={control["aria-describedby"]}>
        <legend>{label}</legend>
        <Hint field={field} hint={hint} />
        <div className="checkbox-group">
          {props.options.map((option, i) => (
            <label key={option.value}>
              <input
                type="checkbox"
                name={field.name}
                value={option.value}
                defaultChecked={checked.has(option.value)}
                aria-invalid={i === 0 ? control["aria-invalid"] : undefined}
              />
              {option.label}
            </label>
          ))}
        </div>
        <ErrorText field={field} />
      </fieldset>
    );
  }

  if (props.kind === "checkbox") {
    return (
      <>
        <input type="checkbox" defaultChecked={initialList(field).includes("on")} {...control} />
        <label htmlFor={field.id} className={props.labelClassName}>
          {label}
        </label>
        <Hint field={field} hint={hint} />
        <ErrorText field={field} />
      </>
    );
  }

  let input: ReactNode;
  if (props.kind === "custom") {
    input = props.children(control);
  } else if (props.kind === "select") {
    const { field: _field, label: _label, hint: _hint, kind: _kind, options, placeholder, ...select } = props;
    input = (
      <select defaultValue={initialText(field)} {...control} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else if (props.kind === "textarea") {
    const { field: _field, label: _label, hint: _hint, kind: _kind, ...textarea } = props;
    input = <textarea defaultValue={initialText(field)} {...control} {...textarea} />;
  } else {
    const { field: _field, label: _label, hint: _hint, kind: _kind, ...inputProps } = props;
    const keepsValue = inputProps.type !== "password" && inputProps.type !== "file";
    input = <input defaultValue={keepsValue ? initialText(field) : undefined} {...control} {...inputProps} />;
  }
  return (
    <div className={props.kind === "custom" && props.className ? `field ${props.className}` : "field"}>
      <label htmlFor={field.id}>{label}</label>
      <Hint field={field} hint={hint} />
      {input}
      <ErrorText field={field} />
    </div>
  );
}

/** One line above a form for what is wrong with it as a whole (a failed sign-in, …). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
