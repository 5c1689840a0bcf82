import { MAX_MESSAGE_LENGTH } from "./message-rules";
import { FieldErrorText } from "../../../ui/field";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The message field of both forms (the first message and the thread's), with its refusal beside it. */
export function MessageBox(props: {
  id: string;
  rows: number;
  label?: string;
  error?: string;
  placeholder?: string;
  onInput?: () => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <>
      <label htmlFor={props.id}>{props.label ?? m.conversations_your_message()}</label>
      <textarea
        id={props.id}
        name="body"
        rows={props.rows}
        required
        maxLength={MAX_MESSAGE_LENGTH}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        placeholder={props.placeholder}
        onInput={props.onInput}
      />
      <FieldErrorText id={errorId} text={props.error} />
    </>
  );
}
