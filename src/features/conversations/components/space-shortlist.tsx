import { Link } from "react-router";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { shortlistPath } from "../../../shared/shortlist";
import { paths } from "../../../ui/paths";
import { useShortlist } from "../../shortlist/components/shortlist-store";
import { HelperStatusMark } from "./conversation-list";

/**
 * The shortlist in the family's space: as the space keeps it (the same on each of its devices),
 * each helper marked once she is reserved or hired; a browser with no space shows the list it
 * keeps in itself (its count comes after hydration, as in the header).
 */
export function SpaceShortlist({ kept }: { kept: { id: string; name: string; ref: string; status: string }[] | null }) {
  const ids = useShortlist();
  const shown = kept ? kept.map((helper) => helper.id) : ids;
  return (
    <section aria-labelledby="space-shortlist-heading">
      <h2 id="space-shortlist-heading">{m.conversations_space_shortlist()}</h2>
      <p>{kept ? m.conversations_space_shortlist_kept() : m.conversations_space_shortlist_hint()}</p>
      {kept && kept.length > 0 ? (
        <ul className="space-shortlist">
          {kept.map((helper) => (
            <li key={helper.id}>
              <Link to={localHref(paths.helper(helper.id))}>{helper.name}</Link>{" "}
              <span className="muted">{m.conversations_ref({ ref: helper.ref })}</span> <HelperStatusMark status={helper.status} />
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to={localHref(shortlistPath(shown))}>
          {shown.length > 0 ? m.conversations_space_shortlist_count({ count: shown.length }) : m.conversations_space_shortlist_open()}
        </Link>
      </p>
    </section>
  );
}
