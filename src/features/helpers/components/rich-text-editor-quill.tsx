import { useEffect, useMemo, useRef, useState } from "react";
import ReactQuill, { type Quill } from "react-quill-new";
import "react-quill-new/dist/quill.snow.css";
import { uploadImage } from "../../media/components/photo-upload-request";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The original site's toolbar, exactly; the server keeps only what these buttons make. */
export const TOOLBAR = [
  [{ header: [1, 2, false] }],
  ["bold", "italic", "underline"],
  [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
  ["link", "image"],
  ["clean"],
];

/** Pasted text keeps these formats only, the toolbar's. */
const FORMATS = ["header", "bold", "italic", "underline", "list", "indent", "link", "image"];

/** The toolbar's buttons and their names in the page's language. */
const buttonNames = (): [string, string][] => [
  ["button.ql-bold", m.helpers_supplier_editor_bold()],
  ["button.ql-italic", m.helpers_supplier_editor_italic()],
  ["button.ql-underline", m.helpers_supplier_editor_underline()],
  ['button.ql-list[value="ordered"]', m.helpers_supplier_editor_numbered_list()],
  ['button.ql-list[value="bullet"]', m.helpers_supplier_editor_bullet_list()],
  ['button.ql-indent[value="-1"]', m.helpers_supplier_editor_indent_less()],
  ['button.ql-indent[value="+1"]', m.helpers_supplier_editor_indent_more()],
  ["button.ql-link", m.helpers_supplier_editor_link()],
  ["button.ql-image", m.helpers_supplier_editor_image()],
  ["button.ql-clean", m.helpers_supplier_editor_clear()],
  [".ql-header .ql-picker-label", m.helpers_supplier_editor_heading()],
];

export default function QuillEditor({
  id,
  label,
  value,
  onChange,
  describedBy,
  invalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  describedBy?: string;
  invalid: boolean;
}) {
  const editor = useRef<ReactQuill>(null);
  const [imageStatus, setImageStatus] = useState<string | null>(null);

  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          // Pictures go through the upload checks and are stored re-encoded, rather than
          // pasted into the notes as megabytes of inline data.
          image(this: { quill: Quill }) {
            const quill = this.quill;
            const input = document.createElement("input");
            input.type = "file";
            input.accept = "image/png,image/jpeg,image/webp";
            input.addEventListener("change", () => {
              const file = input.files?.[0];
              if (!file) return;
              setImageStatus(m.helpers_supplier_editor_uploading());
              uploadImage(file, { onProgress: (percent) => setImageStatus(m.helpers_supplier_editor_uploading_percent({ percent })) }).then(
                (answer) => {
                  setImageStatus(null);
                  const at = quill.getSelection(true)?.index ?? quill.getLength();
                  quill.insertEmbed(at, "image", new URL(answer.url, window.location.origin).href, "user");
                  quill.setSelection(at + 1, 0, "user");
                },
                (error: Error) => setImageStatus(error.message),
              );
            });
            input.click();
          },
        },
      },
    }),
    [],
  );

  useEffect(() => {
    const quill = editor.current?.getEditor();
    if (!quill) return;
    const root = quill.root;
    root.setAttribute("role", "textbox");
    root.setAttribute("aria-multiline", "true");
    root.setAttribute("aria-label", label);
    root.setAttribute("id", `${id}-editor`);
    if (describedBy) root.setAttribute("aria-describedby", describedBy);
    else root.removeAttribute("aria-describedby");
    if (invalid) root.setAttribute("aria-invalid", "true");
    else root.removeAttribute("aria-invalid");
    const toolbar = root.closest(".rich-text-editor")?.querySelector(".ql-toolbar");
    for (const [selector, name] of buttonNames()) {
      toolbar?.querySelectorAll(selector).forEach((element) => element.setAttribute("aria-label", name));
    }
  }, [id, label, describedBy, invalid]);

  return (
    <div className="rich-text-editor">
      <ReactQuill
        ref={editor}
        theme="snow"
        value={value}
        onChange={onChange}
        modules={modules}
        formats={FORMATS}
        // The editor's own markup: Quill's "semantic" HTML turns every space into &nbsp;, so
        // stored notes would never wrap. The server keeps what Quill needs to read it back.
        useSemanticHTML={false}
      />
      {imageStatus ? (
        <p className="hint" role="status">
          {imageStatus}
        </p>
      ) : null}
    </div>
  );
}
