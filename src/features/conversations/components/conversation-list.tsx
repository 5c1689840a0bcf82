import { Link } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

export interface ListedConversation {
  id: string;
  helper: { id: string; name: string; ref: string };
  /** Who is on the other side, as this reader names them. */
  with: string;
  status: string;
  lastMessageAt: string;
  unread: number;
  messages: number;
}

/** Conversations as a list of links (`byHelper`: listed under their biodata's heading), each with its unread count; for the family, the supplier and operators. */
export function ConversationList({ items, empty, byHelper }: { items: ListedConversation[]; empty: string; byHelper?: boolean }) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="conversation-list">
      {items.map((item) => (
        <li key={item.id} className={item.unread > 0 ? "unread" : undefined}>
          <Link to={localHref(`/messages/${item.id}`)}>
            {/* Under a biodata's heading (the inbox), each conversation is named by who writes. */}
            <span className="conversation-title">
              {byHelper ? (
                item.with
              ) : (
                <>
                  {item.helper.name} <span className="muted">{m.conversations_ref({ ref: item.helper.ref })}</span>
                </>
              )}
            </span>
            <span className="conversation-sub">
              {byHelper ? "" : `${item.with} · `}
              {m.conversations_message_count({ count: item.messages })} · {formatSingaporeTime(item.lastMessageAt)}
              {item.status !== "open"
                ? ` · ${item.status === "done" ? m.conversations_status_done() : m.conversations_status_blocked()}`
                : ""}
            </span>
            {item.unread > 0 ? <span className="badge">{m.conversations_unread({ count: item.unread })}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
