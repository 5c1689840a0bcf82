import { PHOTO_UPLOAD } from "../../../shared/helper-limits";

export interface UploadedPhoto {
  key: string;
  url: string;
  thumbUrl: string;
}

interface UploadAnswer extends Partial<UploadedPhoto> {
  error?: { message?: string; fields?: Record<string, string> };
}

/**
 * Sends a picture to POST /api/uploads. XMLHttpRequest rather than fetch: it reports upload
 * progress, which matters on a phone. The server checks everything again; the size check here
 * only saves a long wait for a refusal.
 */
export function uploadImage(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal; purpose?: "helper" | "avatar" } = {},
): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    if (file.size > PHOTO_UPLOAD.maxBytes) {
      reject(new Error(`This photo is larger than ${PHOTO_UPLOAD.maxLabel}: choose a smaller one.`));
      return;
    }
    const body = new FormData();
    body.append("purpose", options.purpose ?? "helper");
    body.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/uploads");
    xhr.responseType = "json";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new Error("The upload did not go through. Check your connection and try again."));
    xhr.onabort = () => reject(new Error("The upload was stopped."));
    xhr.onload = () => {
      const answer = (xhr.response ?? {}) as UploadAnswer;
      if (xhr.status === 201 && answer.key && answer.url && answer.thumbUrl) {
        resolve({ key: answer.key, url: answer.url, thumbUrl: answer.thumbUrl });
      } else if (xhr.status === 401) {
        reject(new Error("Your session has ended: log in again in another tab, then upload the photo again."));
      } else {
        reject(new Error(answer.error?.fields?.file ?? answer.error?.message ?? "The photo could not be uploaded. Please try another."));
      }
    };
    options.signal?.addEventListener("abort", () => xhr.abort());
    options.onProgress?.(0);
    xhr.send(body);
  });
}
