import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { mergeShortlists, sameShortlist, shortlistFromSearch, shortlistPath as plainPath } from "../../../shared/shortlist";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { ShortlistTable } from "../components/shortlist-table";
import { ShortlistShare } from "../components/shortlist-share";
import { AskSuppliers } from "../components/ask-suppliers";
import { askWords } from "./ask-words.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { useRootData } from "../../../ui/root-data";
import { saveShortlist, useShortlist } from "../components/shortlist-store";
import type { Route } from "./+types/shortlist";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", ["ids"], { keptOffline: true });

/** The helpers the address names (ids=…): the same page for anyone who opens the link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = shortlistFromSearch(new URL(request.url).searchParams);
  const helpers = await context.services.helpers.findMany(ids);
  // Each supplier is asked in its own language, the family's words below (ask-words.server.ts).
  const link = `${context.config.publicUrl}${shortlistPath(helpers.map((helper) => helper.id))}`;
  const available = helpers.filter((helper) => helper.status === "available");
  return { ids, helpers, missing: ids.length - helpers.length, askWords: await askWords(context, available, link) };
}

/** A list's address in the page's language (`/zh/shortlist?ids=…` on a Chinese page). */
const shortlistPath = (ids: readonly string[]) => localHref(plainPath(ids));

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.shortlist_title({ site: siteName(matches) }) },
  { name: "description", content: m.shortlist_description() },
  { name: "robots", content: "noindex" },
];

const noSubscription = () => () => {};

export default function Shortlist() {
  const { ids, helpers, missing, askWords: supplierWords } = useLoaderData<typeof loader>();
  const { config } = useRootData();
  const stored = useShortlist();
  const navigate = useNavigate();
  // The page is one cached page for everyone: whose list it is is known once in the browser.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [added, setAdded] = useState<string | null>(null);

  // /shortlist without ids shows the list this browser keeps.
  useEffect(() => {
    if (ids.length === 0 && stored.length > 0) void navigate(shortlistPath(stored), { replace: true });
  }, [ids, stored, navigate]);

  // A list in the address that is not the one this browser keeps was sent by someone: it is
  // shown apart, and one's own list changes only when the family presses "Add to mine". Until the
  // browser has said which list it keeps, a list in the address is taken for a sent one: a link
  // opened from a message is the page's usual first load, and its larger block then stands from
  // the first paint instead of pushing the table down (a reload of one's own list shrinks instead).
  const shared = ids.length > 0 && (!hydrated || !sameShortlist(ids, stored));
  const remove = (id: string) => {
    const next = ids.filter((other) => other !== id);
    if (!shared) saveShortlist(next);
    void navigate(shortlistPath(next), { replace: true, preventScrollReset: true });
  };
  const addToMine = () => {
    const merged = mergeShortlists(stored, ids);
    saveShortlist(merged.ids);
    setAdded(merged.left > 0 ? m.shortlist_added_some_left({ count: merged.ids.length, left: merged.left }) : m.shortlist_added());
    void navigate(shortlistPath(merged.ids), { replace: true, preventScrollReset: true });
  };
  const link = `${config.publicUrl}${shortlistPath(helpers.map((helper) => helper.id))}`;
  const available = helpers.filter((helper) => helper.status === "available");

  return (
    <section className="shortlist" aria-labelledby="shortlist-heading">
      <h1 id="shortlist-heading">{shared ? m.shortlist_heading_shared() : m.shortlist_heading_own()}</h1>
      {added ? (
        <p className="form-success" role="status">
          {added}
        </p>
      ) : null}
      {helpers.length === 0 ? (
        <div className="empty">
          <p>{missing > 0 ? m.shortlist_gone() : m.shortlist_empty()}</p>
          <p>
            {m.shortlist_empty_hint_before()} <strong>{m.shortlist_word()}</strong> {m.shortlist_empty_hint_after()}
          </p>
          <Link className="button primary" to={localHref(paths.listing())}>
            {m.shortlist_browse()}
          </Link>
        </div>
      ) : (
        <>
          {shared ? (
            <div className="shortlist-shared">
              <p className="shortlist-intro">
                {m.shortlist_sent_you({ count: helpers.length })}{" "}
                {stored.length > 0 ? m.shortlist_own_kept({ count: stored.length }) : m.shortlist_add_hint()}
              </p>
              <div className="shortlist-actions">
                <button type="button" className="button primary" onClick={addToMine} disabled={!hydrated}>
                  {m.shortlist_add_to_mine()}
                </button>
                {stored.length > 0 ? (
                  <Link className="button" to={shortlistPath(stored)}>
                    {m.shortlist_open_mine()}
                  </Link>
                ) : null}
              </div>
            </div>
          ) : (
            <p className="shortlist-intro">
              {m.shortlist_side_by_side({ count: helpers.length })} {m.shortlist_send_hint()}
            </p>
          )}
          {missing > 0 ? (
            <p className="notice" role="note">
              {m.shortlist_missing({ count: missing })}
            </p>
          ) : null}
          <div className="shortlist-actions">
            <ShortlistShare helpers={helpers} link={link} siteName={config.siteName} />
          </div>
          {available.length > 0 ? <AskSuppliers helpers={available} link={link} supplierWords={supplierWords} /> : null}
          <ShortlistTable helpers={helpers} onRemove={remove} />
        </>
      )}
    </section>
  );
}
