import { lazy, Suspense, useId, useState, useSyncExternalStore } from "react";

// The editor is loaded only where it is used, after the page has hydrated: no editor code or
// styles reach the public pages, and the form works as a plain text area until it arrives.
const QuillEditor = lazy(() => import("./rich-text-editor-quill"));

const subscribeNever = () => () => undefined;

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

export function RichTextEditor({
  name,
  label,
  defaultValue,
  error,
  hint,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;

  const plain = (
    <textarea
      id={id}
      name={name}
      rows={8}
      value={html}
      onChange={(event) => setHtml(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );

  return (
    <div className="field rich-text-field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {hydrated ? (
        <Suspense fallback={plain}>
          <input type="hidden" name={name} value={html} />
          <QuillEditor
            id={id}
            label={label}
            value={html}
            onChange={setHtml}
            describedBy={describedBy}
            invalid={Boolean(error)}
          />
        </Suspense>
      ) : (
        plain
      )}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
