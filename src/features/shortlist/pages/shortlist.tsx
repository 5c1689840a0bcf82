import { useEffect } from "react";
import { Link, useLoaderData, useNavigate } from "react-router";
import { shortlistFromSearch, shortlistMessage, shortlistPath } from "../../../shared/shortlist";
import { ShortlistTable } from "../components/shortlist-table";
import { siteName } from "../../../ui/meta";
import { whatsappLink } from "../../../shared/whatsapp";
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
  { title: `Your shortlist — ${siteName(matches)}` },
  { name: "description", content: "Helpers shortlisted side by side: compare them and send the list on WhatsApp in one message." },
  { name: "robots", content: "noindex" },
];

export default function Shortlist() {
  const { ids, helpers, missing } = useLoaderData<typeof loader>();
  const { config } = useRootData();
  const stored = useShortlist();
  const navigate = useNavigate();
  const origin = config.publicUrl;

  // /shortlist without ids shows the list this browser keeps; a shared list is kept as is.
  useEffect(() => {
    if (ids.length === 0 && stored.length > 0) void navigate(shortlistPath(stored), { replace: true });
    else if (ids.length > 0 && stored.length === 0) saveShortlist(ids);
  }, [ids, stored, navigate]);

  const remove = (id: string) => {
    const next = ids.filter((other) => other !== id);
    saveShortlist(next);
    void navigate(shortlistPath(next), { replace: true, preventScrollReset: true });
  };
  const mine = stored.length === ids.length && stored.every((id, i) => id === ids[i]);
  const link = `${origin}${shortlistPath(helpers.map((helper) => helper.id))}`;

  return (
    <section className="shortlist" aria-labelledby="shortlist-heading">
      <h1 id="shortlist-heading">Your shortlist</h1>
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
          <p className="shortlist-intro">
            {helpers.length} {helpers.length === 1 ? "helper" : "helpers"} side by side. Bookmark this page or send it: the link shows the
            same list to anyone.
          </p>
          {missing > 0 ? (
            <p className="notice" role="note">
              {missing === 1 ? "One helper on this list is" : `${missing} helpers on this list are`} no longer listed.
            </p>
          ) : null}
          <div className="shortlist-actions">
            <a
              className="button whatsapp"
              href={whatsappLink(config.contactPhone, shortlistMessage(helpers, link))}
              target="_blank"
              rel="noopener noreferrer"
            >
              Send my shortlist on WhatsApp
            </a>
            {!mine && ids.length > 0 && stored.length > 0 ? (
              <button type="button" className="button" onClick={() => saveShortlist(ids)}>
                Make this my shortlist
              </button>
            ) : null}
          </div>
          <ShortlistTable helpers={helpers} onRemove={remove} />
        </>
      )}
    </section>
  );
}
