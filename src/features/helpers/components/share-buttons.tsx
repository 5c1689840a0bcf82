import { useState, useSyncExternalStore } from "react";
import { m } from "../../../shared/i18n/compiled/messages.js";

const noSubscription = () => () => {};
const browserCanShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Share a biodata: the system's share sheet (Web Share API) where the browser has one; otherwise
 * Copy link and share links for WhatsApp and Telegram, which also work without JavaScript. A
 * direct hire's page (`linkOnly`) has no WhatsApp or Telegram link at all (decision 197).
 */
export function ShareButtons({ url, title, linkOnly = false }: { url: string; title: string; linkOnly?: boolean }) {
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  if (canShare) {
    return (
      <div className="share-buttons">
        <button type="button" className="button" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
          {m.helpers_share()}
        </button>
      </div>
    );
  }
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  const message = `${title} ${url}`;
  return (
    <div className="share-buttons" role="group" aria-label={m.helpers_share()}>
      <button type="button" className="button" onClick={() => void copy()}>
        {m.helpers_share_copy()}
      </button>
      {linkOnly ? null : (
        <>
          <a className="button" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
            {m.helpers_share_whatsapp()}
          </a>
          <a
            className="button"
            href={`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {m.helpers_share_telegram()}
          </a>
        </>
      )}
      <span role="status" className="share-status">
        {copied === "yes" ? m.helpers_share_copied() : copied === "no" ? m.helpers_share_not_copied() : ""}
      </span>
    </div>
  );
}
