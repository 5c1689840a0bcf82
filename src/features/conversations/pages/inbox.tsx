import { pagePolicy } from "../../../shared/page-policy";
import { formatPhone } from "../../../shared/phone";
import { siteName } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { ConversationList, type ListedConversation } from "../components/conversation-list";
import type { Route } from "./+types/inbox";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Messages — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  const inbox = await context.services.conversations.inbox(viewer.id);
  // One group per biodata, the one with the newest message first.
  const groups = new Map<string, { helper: ListedConversation["helper"]; items: ListedConversation[] }>();
  for (const item of inbox) {
    const group = groups.get(item.helper.id) ?? { helper: item.helper, items: [] };
    group.items.push({ ...item, with: `${item.family.name} · ${formatPhone(item.family.phone)}` });
    groups.set(item.helper.id, group);
  }
  return { groups: [...groups.values()], unread: inbox.reduce((sum, item) => sum + item.unread, 0) };
}

export default function SupplierInbox({ loaderData }: Route.ComponentProps) {
  const { groups, unread } = loaderData;
  return (
    <section className="conversations-page" aria-labelledby="inbox-heading">
      <h1 id="inbox-heading">Messages{unread > 0 ? ` (${unread} unread)` : ""}</h1>
      {groups.length === 0 ? <p>No family has written to you yet. Families write from your biodata pages.</p> : null}
      {groups.map((group) => (
        <section key={group.helper.id} aria-labelledby={`inbox-${group.helper.id}`}>
          <h2 id={`inbox-${group.helper.id}`}>
            {group.helper.name} <span className="muted">(ref {group.helper.ref})</span>
          </h2>
          <ConversationList items={group.items} empty="" byHelper />
        </section>
      ))}
    </section>
  );
}
