import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PHOTO_UPLOAD } from "../../../shared/helper-limits";
import { uploadImage } from "../../media/components/photo-upload-request";
import { m } from "../../../shared/i18n/compiled/messages.js";

/**
 * The profile picture: choosing a file uploads it at once (POST /api/uploads, purpose avatar),
 * shows it, and saves its key through the profile action, which checks the key on the server.
 */
export function AccountAvatar({ name, thumbUrl }: { name: string; thumbUrl: string | null }) {
  const inputId = useId();
  const statusId = useId();
  const fetcher = useFetcher<{ intent: string; ok: boolean; message?: string; fields?: Record<string, string> }>();
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const saved = fetcher.data?.intent === "avatar" ? fetcher.data : undefined;
  const saveError = saved && !saved.ok ? (saved.fields?.avatar ?? saved.message ?? m.accounts_avatar_not_saved()) : null;
  const shown = preview ?? thumbUrl;
  const busy = progress !== null || fetcher.state !== "idle";

  // The same request, limits and checks as a biodata's photo (photo-upload-request.ts).
  function upload(file: File) {
    setError(null);
    const controller = new AbortController();
    request.current = controller;
    uploadImage(file, { purpose: "avatar", signal: controller.signal, onProgress: setProgress }).then(
      (uploaded) => {
        setProgress(null);
        setPreview(uploaded.thumbUrl);
        fetcher.submit({ intent: "avatar", key: uploaded.key }, { method: "post" });
      },
      (failure: Error) => {
        setProgress(null);
        setError(failure.message);
      },
    );
  }

  return (
    <div className="account-avatar">
      {shown ? (
        <img className="account-avatar-image" src={shown} alt={m.accounts_avatar_alt({ name })} width={96} height={96} />
      ) : (
        <span className="account-avatar-image account-avatar-initials" aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <div className="account-avatar-controls">
        <input
          id={inputId}
          className="account-avatar-input"
          type="file"
          name="avatar"
          accept={PHOTO_UPLOAD.accept}
          disabled={busy}
          aria-describedby={statusId}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) upload(file);
          }}
        />
        <label htmlFor={inputId} className="button account-avatar-button">
          {shown ? m.accounts_avatar_change() : m.accounts_avatar_add()}
        </label>
        <p id={statusId} className="hint" role="status">
          {progress !== null
            ? m.accounts_avatar_uploading({ percent: progress })
            : fetcher.state !== "idle"
              ? m.accounts_saving()
              : saved?.ok
                ? m.accounts_avatar_saved()
                : m.accounts_avatar_hint({ size: PHOTO_UPLOAD.maxLabel })}
        </p>
        {progress !== null ? <progress max={100} value={progress} aria-label={m.accounts_avatar_progress()} /> : null}
        {error || saveError ? <p className="field-error">{error ?? saveError}</p> : null}
      </div>
    </div>
  );
}

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join("") || "?"
  );
}
