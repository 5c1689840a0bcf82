import { Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { formatPhone } from "../../../shared/phone";
import { siteName } from "../../../ui/meta";
import { ConversationList } from "../components/conversation-list";
import type { Route } from "./+types/all";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Conversations — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const reported = new URL(request.url).searchParams.get("reported") === "1";
  const all = await context.services.conversations.all({ reported });
  return {
    reported,
    conversations: all.map((item) => ({
      ...item,
      // Operators read every conversation but mark none read: the unread count is the supplier's.
      with: `${item.family.name} · ${formatPhone(item.family.phone)} with ${item.supplier.name}`,
    })),
  };
}

export default function AllConversations({ loaderData }: Route.ComponentProps) {
  const { reported, conversations } = loaderData;
  return (
    <section className="conversations-page" aria-labelledby="all-heading">
      <h1 id="all-heading">{reported ? "Conversations with a reported message" : "Every conversation"}</h1>
      <p>
        {reported ? (
          <Link to="/admin/conversations">Show every conversation</Link>
        ) : (
          <Link to="/admin/conversations?reported=1">Only those with a reported message</Link>
        )}
      </p>
      <ConversationList items={conversations} empty="No conversations." />
    </section>
  );
}
