import { Form, Link } from "react-router";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

export interface SpaceSearch {
  id: string;
  criteria: string;
  /** The criteria in words (the listing's own summary). */
  words: string[];
  frequency: "daily" | "instant";
  email: string;
  state: "waiting" | "confirmed" | "stopped";
}

/** The family's saved searches in its space, each with a way to stop it (a plain form). */
export function SpaceSearches({ searches, note }: { searches: SpaceSearch[]; note: string | null }) {
  return (
    <section id="saved-searches" aria-labelledby="saved-searches-heading">
      <h2 id="saved-searches-heading">{m.alerts_space_heading()}</h2>
      {note ? (
        <p className="form-success" role="status">
          {note}
        </p>
      ) : null}
      {searches.length === 0 ? (
        <p>{m.alerts_space_empty()}</p>
      ) : (
        <ul className="space-searches">
          {searches.map((search) => {
            const words = search.words.length > 0 ? search.words.join(" · ") : m.alerts_criteria_every();
            return (
              <li key={search.id}>
                <Link to={localHref(search.criteria ? `/posts?${search.criteria}` : "/posts")}>{words}</Link>{" "}
                <span className="muted">
                  {search.frequency === "daily"
                    ? m.alerts_space_daily({ email: search.email })
                    : m.alerts_space_instant({ email: search.email })}
                  {search.state === "waiting"
                    ? ` (${m.alerts_space_waiting()})`
                    : search.state === "stopped"
                      ? ` (${m.alerts_space_stopped()})`
                      : ""}
                </span>{" "}
                <Form method="post" action={localHref("/messages/searches")} className="inline-form">
                  <input type="hidden" name="intent" value="stop" />
                  <input type="hidden" name="search" value={search.id} />
                  <button type="submit" className="button small" aria-label={m.alerts_space_stop_label({ search: words })}>
                    {m.alerts_space_stop()}
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
