import { Link } from "react-router";
import { shortlistPath } from "../../../shared/shortlist";
import { useShortlist } from "./shortlist-store";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/**
 * The shortlist in the header, with its count. The count comes from the browser after
 * hydration (the server renders none), so the page's HTML is the same for every visitor.
 */
export function ShortlistLink({ onClick }: { onClick?: () => void }) {
  const ids = useShortlist();
  return (
    <Link to={localHref(shortlistPath(ids))} className="shortlist-link" onClick={onClick}>
      <span aria-hidden="true">★</span>
      <span className="shortlist-word">{m.shortlist_word()}</span>
      {ids.length > 0 ? (
        <span className="shortlist-count">
          <span className="visually-hidden">: </span>
          {ids.length}
          <span className="visually-hidden"> {m.shortlist_count_helpers({ count: ids.length })}</span>
        </span>
      ) : null}
    </Link>
  );
}
