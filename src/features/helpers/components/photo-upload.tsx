import { useEffect, useRef, useState } from "react";
import type { ControlProps } from "../../../ui/field";
import { PHOTO_UPLOAD } from "../../../shared/helper-limits";
import { uploadImage } from "../../media/components/photo-upload-request";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { useHydrated } from "./rich-text-editor";

export interface PhotoValue {
  key: string;
  url: string;
}

/**
 * The helper's photo, drawn inside a <Field kind="custom"> that owns its label, hint and the
 * server's error. In the browser, choosing a file uploads it at once with a progress bar,
 * shows it, and keeps its key in a hidden field named as the field. Without JavaScript the
 * file goes with the form itself (`fileName`) and is checked the same way on the server.
 */
export function PhotoUpload({
  control,
  fileName,
  initial,
  onBusyChange,
}: {
  control: ControlProps;
  /** The file field used when the page runs without JavaScript. */
  fileName: string;
  initial: PhotoValue | null;
  onBusyChange?: (busy: boolean) => void;
}) {
  const hydrated = useHydrated();
  const [photo, setPhoto] = useState<PhotoValue | null>(initial);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const running = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => running.current?.abort(), []);

  function choose(file: File | undefined) {
    if (!file) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProblem(null);
    setStatus(m.helpers_supplier_photo_uploading());
    onBusyChange?.(true);
    uploadImage(file, { signal: controller.signal, onProgress: setProgress })
      .then(
        (uploaded) => {
          setPhoto({ key: uploaded.key, url: uploaded.thumbUrl });
          setStatus(m.helpers_supplier_photo_uploaded());
        },
        (failure: Error) => {
          if (controller.signal.aborted) return;
          setProblem(failure.message);
          setStatus("");
        },
      )
      .finally(() => {
        if (running.current === controller) {
          setProgress(null);
          onBusyChange?.(false);
          if (fileInput.current) fileInput.current.value = "";
        }
      });
  }

  function remove() {
    running.current?.abort();
    setPhoto(null);
    setProblem(null);
    setStatus(m.helpers_supplier_photo_removed());
  }

  // An upload refused in the browser is this control's own message; the server's is the field's.
  const problemId = `${control.id}-upload-error`;
  const describedBy = [control["aria-describedby"], problem ? problemId : null].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <div className="photo-upload-preview">
        {photo ? (
          <img src={photo.url} alt={m.helpers_supplier_photo_alt()} width={120} height={160} />
        ) : (
          <span className="photo-upload-empty" aria-hidden="true">
            {m.helpers_supplier_no_photo()}
          </span>
        )}
      </div>
      <input
        ref={fileInput}
        id={control.id}
        type="file"
        accept={PHOTO_UPLOAD.accept}
        // Once the page runs, the photo is uploaded on its own and only its key is sent.
        name={hydrated ? undefined : fileName}
        onChange={(event) => choose(event.target.files?.[0])}
        aria-invalid={problem ? true : control["aria-invalid"]}
        aria-describedby={describedBy}
      />
      {progress !== null ? (
        <progress className="photo-upload-progress" max={100} value={progress} aria-label={m.helpers_supplier_upload_progress()}>
          {progress}%
        </progress>
      ) : null}
      {hydrated && photo ? (
        <button type="button" className="button small" onClick={remove}>
          {m.helpers_supplier_remove_photo()}
        </button>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {problem ? (
        <p className="field-error" id={problemId}>
          {problem}
        </p>
      ) : null}
      <input type="hidden" name={control.name} value={photo?.key ?? ""} />
    </>
  );
}

/** The photo field's hint, the same words wherever a photo is asked for. */
export const photoHint = () => m.helpers_supplier_photo_hint({ size: PHOTO_UPLOAD.maxLabel });
