import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";

const ACCEPT = ".png,.jpg,.jpeg,.jfif,.webp,image/png,image/jpeg,image/webp";
const MAX_BYTES = 8 * 1024 * 1024;

interface UploadAnswer {
  key?: string;
  thumbUrl?: string;
  error?: { message?: string; fields?: Record<string, string> };
}

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
  const request = useRef<XMLHttpRequest | null>(null);

  useEffect(() => () => request.current?.abort(), []);

  const saved = fetcher.data?.intent === "avatar" ? fetcher.data : undefined;
  const saveError = saved && !saved.ok ? (saved.fields?.avatar ?? saved.message ?? "The picture could not be saved.") : null;
  const shown = preview ?? thumbUrl;
  const busy = progress !== null || fetcher.state !== "idle";

  function upload(file: File) {
    setError(null);
    if (file.size > MAX_BYTES) {
      setError("This picture is larger than 8 MB. Please choose a smaller one.");
      return;
    }
    const body = new FormData();
    body.append("file", file);
    // XMLHttpRequest rather than fetch: it reports upload progress, which matters on a phone.
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    xhr.open("POST", "/api/uploads?purpose=avatar");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => {
      setProgress(null);
      setError("The upload did not go through. Check your connection and try again.");
    };
    xhr.onload = () => {
      setProgress(null);
      const answer = (xhr.response ?? {}) as UploadAnswer;
      if (xhr.status !== 201 || !answer.key) {
        setError(answer.error?.fields?.file ?? answer.error?.message ?? "The picture could not be uploaded.");
        return;
      }
      setPreview(answer.thumbUrl ?? null);
      fetcher.submit({ intent: "avatar", key: answer.key }, { method: "post" });
    };
    setProgress(0);
    xhr.send(body);
  }

  return (
    <div className="account-avatar">
      {shown ? (
        <img className="account-avatar-image" src={shown} alt={`Picture of ${name}`} width={96} height={96} />
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
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={statusId}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) upload(file);
          }}
        />
        <label htmlFor={inputId} className="button account-avatar-button">
          {shown ? "Change picture" : "Add a picture"}
        </label>
        <p id={statusId} className="hint" role="status">
          {progress !== null
            ? `Uploading… ${progress}%`
            : fetcher.state !== "idle"
              ? "Saving…"
              : saved?.ok
                ? "Picture saved."
                : "PNG, JPG or WebP, up to 8 MB."}
        </p>
        {progress !== null ? <progress max={100} value={progress} aria-label="Upload progress" /> : null}
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
