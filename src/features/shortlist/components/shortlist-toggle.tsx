import { useState } from "react";
import { SHORTLIST_MAX } from "../../../shared/shortlist";
import { toggleShortlisted, useShortlist } from "./shortlist-store";

/**
 * "Shortlist" on a card or a biodata page: a toggle button (aria-pressed) whose name keeps the
 * word Shortlist and the helper's name. The pressed state appears once the page has hydrated.
 */
export function ShortlistToggle({ helper, compact = false }: { helper: { id: string; ref: string; name: string }; compact?: boolean }) {
  const ids = useShortlist();
  const [full, setFull] = useState(false);
  const pressed = ids.includes(helper.id);
  const label = pressed ? "Shortlisted" : "Shortlist";
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
          Your shortlist holds {SHORTLIST_MAX}: remove one to add {helper.name}.
        </span>
      ) : null}
    </>
  );
}
