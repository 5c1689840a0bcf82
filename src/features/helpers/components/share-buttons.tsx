import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const browserCanShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Share a biodata: the system's share sheet (Web Share API) where the browser has one; otherwise
 * Copy link and share links for WhatsApp and Telegram, which also work without JavaScript.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  if (canShare) {
    return (
      <div className="share-buttons">
        <button type="button" className="button" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
          Share
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
    <div className="share-buttons" role="group" aria-label="Share">
      <button type="button" className="button" onClick={() => void copy()}>
        Copy link
      </button>
      <a className="button" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
        Share on WhatsApp
      </a>
      <a
        className="button"
        href={`https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        Share on Telegram
      </a>
      <span role="status" className="share-status">
        {copied === "yes" ? "Link copied" : copied === "no" ? "Could not copy: copy the address from the address bar" : ""}
      </span>
    </div>
  );
}
