import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import type { ControlProps } from "../../../ui/field";

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

/**
 * The special notes' control, drawn inside a <Field kind="custom"> that owns its label, hint and
 * error: a plain text area until the editor has loaded, then the editor writing a hidden field.
 */
export function RichTextEditor({ control, label, defaultValue }: { control: ControlProps; label: string; defaultValue: string }) {
  const hydrated = useHydrated();
  const [html, setHtml] = useState(defaultValue);
  const { id, name } = control;
  const describedBy = control["aria-describedby"];
  const plain = <textarea {...control} rows={8} value={html} onChange={(event) => setHtml(event.target.value)} />;

  return hydrated ? (
    <Suspense fallback={plain}>
      <input type="hidden" name={name} value={html} />
      <QuillEditor
        id={id}
        label={label}
        value={html}
        onChange={setHtml}
        describedBy={describedBy}
        invalid={Boolean(control["aria-invalid"])}
      />
    </Suspense>
  ) : (
    plain
  );
}
