import { MAX_QUERY_LENGTH } from "../../../shared/listing-query";
import { m } from "../../../shared/i18n/compiled/messages.js";

/**
 * The search box and its button, on the listing and the home page: a name, a reference written
 * any way, or a word from the biodata (decision 104). The placeholder fits a 390 px phone.
 */
export function SearchRow({ q = "" }: { q?: string }) {
  return (
    <div className="search-row">
      <input
        type="search"
        name="q"
        defaultValue={q}
        key={q}
        aria-label={m.helpers_search_label()}
        placeholder={m.helpers_search_placeholder()}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
      />
      <button type="submit" className="button primary">
        {m.helpers_search()}
      </button>
    </div>
  );
}
