import { Form, Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { ConversationList } from "../components/conversation-list";
import { credentials, keyCookie, orRefusal } from "./refusals.server";
import type { Route } from "./+types/family-list";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your conversations — ${siteName(matches)}` },
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
      <h1 id="conversations-heading">Your conversations</h1>
      <ConversationList
        items={conversations}
        empty="No conversations in this browser yet. Open a biodata and press “Message the supplier”, or open the private link we e-mailed you."
      />
      {link ? (
        <div className="private-link">
          <h2>Your private link</h2>
          <p>Open your conversations on another device with this link. Anyone who has it can read them: keep it to yourself.</p>
          <p>
            <input className="link-box" readOnly value={link} aria-label="Your private link" />
          </p>
          {actionData ? <p role="status">The old link no longer works. This browser has the new one above.</p> : null}
          <Form method="post">
            <button type="submit" className="button">
              Make a new link (the old one stops working)
            </button>
          </Form>
        </div>
      ) : null}
      <p>
        <Link to={paths.myData()}>Your data and how to delete it</Link>
      </p>
    </section>
  );
}
