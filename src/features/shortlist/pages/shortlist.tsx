import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { mergeShortlists, sameShortlist, shortlistFromSearch, shortlistPath } from "../../../shared/shortlist";
import { ShortlistTable } from "../components/shortlist-table";
import { ShortlistShare } from "../components/shortlist-share";
import { AskSuppliers } from "../components/ask-suppliers";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { useRootData } from "../../../ui/root-data";
import { saveShortlist, useShortlist } from "../components/shortlist-store";
import type { Route } from "./+types/shortlist";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", ["ids"]);

/** The helpers the address names (ids=…): the same page for anyone who opens the link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = shortlistFromSearch(new URL(request.url).searchParams);
  const helpers = await context.services.helpers.findMany(ids);
  return { ids, helpers, missing: ids.length - helpers.length };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Shortlist — ${siteName(matches)}` },
  { name: "description", content: "Helpers shortlisted side by side: compare them, send the list to anyone, and ask about them." },
  { name: "robots", content: "noindex" },
];

const noSubscription = () => () => {};

export default function Shortlist() {
  const { ids, helpers, missing } = useLoaderData<typeof loader>();
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
  // shown apart, and one's own list changes only when the family presses "Add to mine".
  const shared = hydrated && ids.length > 0 && !sameShortlist(ids, stored);
  const remove = (id: string) => {
    const next = ids.filter((other) => other !== id);
    if (!shared) saveShortlist(next);
    void navigate(shortlistPath(next), { replace: true, preventScrollReset: true });
  };
  const addToMine = () => {
    const merged = mergeShortlists(stored, ids);
    saveShortlist(merged.ids);
    setAdded(
      merged.left > 0
        ? `Added to your shortlist. It holds ${merged.ids.length}: ${merged.left} of these did not fit, remove one to add another.`
        : "Added to your shortlist.",
    );
    void navigate(shortlistPath(merged.ids), { replace: true, preventScrollReset: true });
  };
  const link = `${config.publicUrl}${shortlistPath(helpers.map((helper) => helper.id))}`;
  const available = helpers.filter((helper) => helper.status === "available");

  return (
    <section className="shortlist" aria-labelledby="shortlist-heading">
      <h1 id="shortlist-heading">{shared ? "Shortlist shared with you" : "Your shortlist"}</h1>
      {added ? (
        <p className="form-success" role="status">
          {added}
        </p>
      ) : null}
      {helpers.length === 0 ? (
        <div className="empty">
          <p>{missing > 0 ? "The helpers on this list are no longer listed." : "No helper on your shortlist yet."}</p>
          <p>
            Press <strong>Shortlist</strong> on a helper&apos;s card to keep her here, up to six, and compare them side by side.
          </p>
          <Link className="button primary" to={paths.listing()}>
            Browse helpers
          </Link>
        </div>
      ) : (
        <>
          {shared ? (
            <div className="shortlist-shared">
              <p className="shortlist-intro">
                Someone sent you {helpers.length === 1 ? "this helper" : `these ${helpers.length} helpers`}.{" "}
                {stored.length > 0 ? `Your own shortlist (${stored.length}) is kept as it is.` : "Add them to your shortlist to keep them."}
              </p>
              <div className="shortlist-actions">
                <button type="button" className="button primary" onClick={addToMine}>
                  Add to mine
                </button>
                {stored.length > 0 ? (
                  <Link className="button" to={shortlistPath(stored)}>
                    Open my shortlist
                  </Link>
                ) : null}
              </div>
            </div>
          ) : (
            <p className="shortlist-intro">
              {helpers.length} {helpers.length === 1 ? "helper" : "helpers"} side by side. Send the list to anyone: the link shows them the
              same helpers, apart from their own shortlist.
            </p>
          )}
          {missing > 0 ? (
            <p className="notice" role="note">
              {missing === 1 ? "One helper on this list is" : `${missing} helpers on this list are`} no longer listed.
            </p>
          ) : null}
          <div className="shortlist-actions">
            <ShortlistShare helpers={helpers} link={link} siteName={config.siteName} />
          </div>
          {available.length > 0 ? <AskSuppliers helpers={available} link={link} /> : null}
          <ShortlistTable helpers={helpers} onRemove={remove} />
        </>
      )}
    </section>
  );
}
