import { useState, useSyncExternalStore } from "react";
import { shortlistShareMessage } from "../../../shared/shortlist";
import { m } from "../../../shared/i18n/compiled/messages.js";

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
    <div className="shortlist-share" role="group" aria-label={m.shortlist_share_group()}>
      {canShare ? (
        <button
          type="button"
          className="button"
          onClick={() =>
            void navigator.share({ title: m.shortlist_share_title({ site: siteName }), text: message, url: link }).catch(() => undefined)
          }
        >
          {m.shortlist_share()}
        </button>
      ) : null}
      <a className="button whatsapp" href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
        {m.shortlist_send_whatsapp()}
      </a>
      <button type="button" className="button" onClick={() => void copy()}>
        {m.shortlist_copy()}
      </button>
      <span role="status" className="share-status">
        {copied === "yes" ? m.shortlist_copied() : copied === "no" ? m.shortlist_not_copied() : ""}
      </span>
    </div>
  );
}
