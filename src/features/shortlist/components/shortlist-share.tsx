import { useState, useSyncExternalStore } from "react";
import { shortlistShareMessage } from "../../../shared/shortlist";

const noSubscription = () => () => {};
const browserCanShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * Sending a shortlist to anyone: the system's share sheet where the browser has one, WhatsApp
 * with no number (the family picks whom to send it to), and the link to copy. The link opens
 * the same list for whoever receives it, shown apart from their own.
 */
export function ShortlistShare({
  helpers,
  link,
  siteName,
}: {
  helpers: readonly { name: string; ref: string }[];
  link: string;
  siteName: string;
}) {
  const canShare = useSyncExternalStore(noSubscription, browserCanShare, () => false);
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const message = shortlistShareMessage(helpers, link, siteName);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied("yes"),
      () => setCopied("no"),
    );
  return (
    <div className="shortlist-share" role="group" aria-label="Send this shortlist">
      {canShare ? (
        <button
          type="button"
          className="button"
          onClick={() => void navigator.share({ title: `Shortlist on ${siteName}`, text: message, url: link }).catch(() => undefined)}
        >
          Share
        </button>
      ) : null}
      <a className="button whatsapp" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
        Send on WhatsApp
      </a>
      <button type="button" className="button" onClick={() => void copy()}>
        Copy link
      </button>
      <span role="status" className="share-status">
        {copied === "yes" ? "Link copied" : copied === "no" ? "Could not copy: copy the address from the address bar" : ""}
      </span>
    </div>
  );
}
