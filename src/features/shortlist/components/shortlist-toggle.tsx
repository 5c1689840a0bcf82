import { useState } from "react";
import { SHORTLIST_MAX } from "../../../shared/shortlist";
import { toggleShortlisted, useShortlist } from "./shortlist-store";
import { m } from "../../../shared/i18n/compiled/messages.js";

/**
 * "Shortlist" on a card or a biodata page: a toggle button (aria-pressed) whose name keeps the
 * word Shortlist and the helper's name. The pressed state appears once the page has hydrated.
 */
export function ShortlistToggle({ helper, compact = false }: { helper: { id: string; ref: string; name: string }; compact?: boolean }) {
  const ids = useShortlist();
  const [full, setFull] = useState(false);
  const pressed = ids.includes(helper.id);
  const label = pressed ? m.shortlist_shortlisted() : m.shortlist_word();
  return (
    <>
      <button
        type="button"
        className={compact ? "button shortlist-toggle compact" : "button shortlist-toggle"}
        aria-pressed={pressed}
        onClick={() => setFull(toggleShortlisted(helper) === "full")}
      >
        <span aria-hidden="true" className="shortlist-mark">
          {pressed ? "★" : "☆"}
        </span>
        <span className={compact ? "visually-hidden" : undefined}>{label}</span>
        <span className="visually-hidden"> {helper.name}</span>
      </button>
      {full ? (
        <span role="status" className="shortlist-full">
          {m.shortlist_full({ max: SHORTLIST_MAX, name: helper.name })}
        </span>
      ) : null}
    </>
  );
}
