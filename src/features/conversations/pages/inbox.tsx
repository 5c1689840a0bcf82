import { pagePolicy } from "../../../shared/page-policy";
import { formatPhone } from "../../../shared/phone";
import { siteName } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { ConversationList, type ConversationListWords, type ListedConversation } from "../components/conversation-list";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Route } from "./+types/inbox";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.conversations_supplier_title()} — ${siteName(matches)}` },
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

/** The rows' words in the supplier's language. */
const words = (): ConversationListWords => ({
  messages: (count) => m.conversations_supplier_messages({ count }),
  unread: (count) => m.conversations_supplier_unread({ count }),
  status: (status) => (status === "done" ? m.conversations_supplier_done() : m.conversations_supplier_blocked()),
});

export default function SupplierInbox({ loaderData }: Route.ComponentProps) {
  const { groups, unread } = loaderData;
  const rowWords = words();
  return (
    <section className="conversations-page" aria-labelledby="inbox-heading">
      <h1 id="inbox-heading">{unread > 0 ? m.conversations_supplier_title_unread({ count: unread }) : m.conversations_supplier_title()}</h1>
      {groups.length === 0 ? <p>{m.conversations_supplier_empty()}</p> : null}
      {groups.map((group) => (
        <section key={group.helper.id} aria-labelledby={`inbox-${group.helper.id}`}>
          <h2 id={`inbox-${group.helper.id}`}>
            {group.helper.name} <span className="muted">({m.conversations_supplier_ref({ ref: group.helper.ref })})</span>
          </h2>
          <ConversationList items={group.items} empty="" byHelper words={rowWords} />
        </section>
      ))}
    </section>
  );
}
