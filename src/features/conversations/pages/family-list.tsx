import { Form, Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { ConversationList } from "../components/conversation-list";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { credentials, keyCookie, orRefusal } from "./refusals.server";
import type { Route } from "./+types/family-list";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.conversations_list_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const who = credentials(request, context);
  const list = await context.services.conversations.ofFamily(who.key ?? null);
  return {
    conversations: (list ?? []).map((item) => ({ ...item, with: item.supplier.name })),
    // The browser holds its key (the cookie): the page can show it its own link again.
    link: list && who.key ? `${context.config.publicUrl}/messages/link/${who.key}` : null,
  };
}

/** Revoking the private link: a new key for this browser; every other copy stops working. */
export async function action({ request, context }: Route.ActionArgs) {
  const who = credentials(request, context);
  const key = await orRefusal(() => context.services.conversations.revokeLink(who.key ?? null));
  return Response.json({ revoked: true }, { headers: { "Set-Cookie": keyCookie(key, context) } });
}

export default function FamilyConversations({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, link } = loaderData;
  return (
    <section className="conversations-page" aria-labelledby="conversations-heading">
      <h1 id="conversations-heading">{m.conversations_list_heading()}</h1>
      <ConversationList items={conversations} empty={m.conversations_list_empty()} />
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
