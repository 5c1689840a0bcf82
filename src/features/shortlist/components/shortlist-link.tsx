import { Link } from "react-router";
import { shortlistPath } from "../../../shared/shortlist";
import { useShortlist } from "./shortlist-store";
import { localHref } from "../../../shared/i18n/page-locale";

/**
 * The shortlist in the header, with its count. The count comes from the browser after
 * hydration (the server renders none), so the page's HTML is the same for every visitor. Its words
 * are the header's, in the page's language (a supplier's page included).
 */
export function ShortlistLink({ onClick, label, helpers }: { onClick?: () => void; label: string; helpers: (count: number) => string }) {
  const ids = useShortlist();
  return (
    <Link to={localHref(shortlistPath(ids))} className="shortlist-link" onClick={onClick}>
      <span aria-hidden="true">★</span>
      <span className="shortlist-word">{label}</span>
      {ids.length > 0 ? (
        <span className="shortlist-count">
          <span className="visually-hidden">: </span>
          {ids.length}
          <span className="visually-hidden"> {helpers(ids.length)}</span>
        </span>
      ) : null}
    </Link>
  );
}
