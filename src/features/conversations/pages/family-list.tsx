import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { useShortlist } from "../../shortlist/components/shortlist-store";
import { shortlistPath } from "../../../shared/shortlist";
import { ConversationList } from "../components/conversation-list";
import { PushNotices } from "../../push/components/push-notices";
import { followInbox } from "../components/inbox-live";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { credentials, keyCookie, orRefusal } from "./refusals.server";
import type { Route } from "./+types/family-list";

export const policy = pagePolicy.personal({ noCrawl: true, keptOffline: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.conversations_space_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The family's space (docs/glossary.md): its conversations, each with its last words and unread count, live. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = credentials(request, context);
  const page = await context.services.conversations.familyPage(who.key ?? null);
  return {
    conversations: (page?.items ?? []).map((item) => ({ ...item, with: item.supplier.name })),
    unread: page?.unread ?? 0,
    stamp: page?.stamp ?? null,
    // The browser holds its key (the cookie): the page can show it its own link again.
    link: page && who.key ? `${context.config.publicUrl}/messages/link/${who.key}` : null,
    // The key this browser subscribes to notices with; only for a family, which has something to hear of.
    pushKey: page ? context.services.push.publicKey : null,
  };
}

/** Revoking the private link: a new key for this browser; every other copy stops working. */
export async function action({ request, context }: Route.ActionArgs) {
  const who = credentials(request, context);
  const key = await orRefusal(() => context.services.conversations.revokeLink(who.key ?? null));
  return Response.json({ revoked: true }, { headers: { "Set-Cookie": keyCookie(key, context) } });
}

export default function FamilySpace({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, unread, stamp, link, pushKey } = loaderData;
  // A reply, a read mark or a status from any instance reloads the list (the menu's count follows the same stream).
  const { revalidate, state: reading } = useRevalidator();
  useEffect(
    () =>
      stamp === null
        ? undefined
        : followInbox((state) => {
            if (state && state.stamp !== stamp && reading === "idle") void revalidate();
          }, "family"),
    [stamp, reading, revalidate],
  );
  return (
    <section className="conversations-page" aria-labelledby="conversations-heading" data-stamp={stamp ?? undefined}>
      <h1 id="conversations-heading">
        {unread > 0 ? m.conversations_space_heading_unread({ count: unread }) : m.conversations_space_heading()}
      </h1>
      <h2>{m.conversations_list_heading()}</h2>
      <ConversationList items={conversations} empty={m.conversations_list_empty()} reader="family" />
      <SpaceShortlist />
      {pushKey ? <PushNotices api="/api/messages/push" publicKey={pushKey} explained={m.push_notices_family_explained()} /> : null}
      {link ? (
        <div className="private-link">
          <h2>{m.conversations_private_link()}</h2>
          <p>{m.conversations_private_link_hint()}</p>
          <p>
            <input className="link-box" readOnly value={link} aria-label={m.conversations_private_link()} />
          </p>
          {actionData ? <p role="status">{m.conversations_link_revoked()}</p> : null}
          <Form method="post">
            <button type="submit" className="button">
              {m.conversations_new_link()}
            </button>
          </Form>
        </div>
      ) : null}
      <p>
        <Link to={localHref(paths.myData())}>{m.conversations_your_data()}</Link>
      </p>
    </section>
  );
}

/** The shortlist, as this browser keeps it (its count comes after hydration, as in the header). */
function SpaceShortlist() {
  const ids = useShortlist();
  return (
    <section aria-labelledby="space-shortlist-heading">
      <h2 id="space-shortlist-heading">{m.conversations_space_shortlist()}</h2>
      <p>{m.conversations_space_shortlist_hint()}</p>
      <p>
        <Link to={localHref(shortlistPath(ids))}>
          {ids.length > 0 ? m.conversations_space_shortlist_count({ count: ids.length }) : m.conversations_space_shortlist_open()}
        </Link>
      </p>
    </section>
  );
}
