import { Link } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";

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

/** The words of a row, for a page that reads in another language than the family's (the supplier's inbox). */
export interface ConversationListWords {
  messages: (count: number) => string;
  unread: (count: number) => string;
  status: (status: "done" | "blocked") => string;
}

const ENGLISH: ConversationListWords = {
  messages: (count) => `${count} message${count === 1 ? "" : "s"}`,
  unread: (count) => `${count} unread`,
  status: (status) => (status === "done" ? "Done" : "Blocked"),
};

/** Conversations as a list of links (`byHelper`: listed under their biodata's heading), each with its unread count; for the family, the supplier and operators. */
export function ConversationList({
  items,
  empty,
  byHelper,
  words = ENGLISH,
}: {
  items: ListedConversation[];
  empty: string;
  byHelper?: boolean;
  words?: ConversationListWords;
}) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="conversation-list">
      {items.map((item) => (
        <li key={item.id} className={item.unread > 0 ? "unread" : undefined}>
          <Link to={`/messages/${item.id}`}>
            {/* Under a biodata's heading (the inbox), each conversation is named by who writes. */}
            <span className="conversation-title">
              {byHelper ? (
                item.with
              ) : (
                <>
                  {item.helper.name} <span className="muted">(ref {item.helper.ref})</span>
                </>
              )}
            </span>
            <span className="conversation-sub">
              {byHelper ? "" : `${item.with} · `}
              {words.messages(item.messages)} · {formatSingaporeTime(item.lastMessageAt)}
              {item.status !== "open" ? ` · ${words.status(item.status === "done" ? "done" : "blocked")}` : ""}
            </span>
            {item.unread > 0 ? <span className="badge">{words.unread(item.unread)}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
