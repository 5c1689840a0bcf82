import { Link } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

export interface ListedConversation {
  id: string;
  /** `status`: the biodata's, marked in the family's list once she is reserved or hired. */
  helper: { id: string; name: string; ref: string; status?: string };
  /** Who is on the other side, as this reader names them. */
  with: string;
  status: string;
  lastMessageAt: string;
  unread: number;
  messages: number;
  /** The newest message: who wrote it and its first words (shown where the page gives `words.last`). */
  last?: { author: "family" | "supplier"; words: string } | null;
}

/** The words of a row, for a page that reads in another language than the family's (the supplier's inbox). */
export interface ConversationListWords {
  messages: (count: number) => string;
  unread: (count: number) => string;
  status: (status: "done" | "blocked") => string;
  /** The last message's first words as a row shows them (`mine`: the reader wrote it); no line without it. */
  last?: (words: string, mine: boolean) => string;
}

/** The family's words, in the page's language (English or Chinese). */
const FAMILY_WORDS: ConversationListWords = {
  messages: (count) => m.conversations_message_count({ count }),
  unread: (count) => m.conversations_unread({ count }),
  status: (status) => (status === "done" ? m.conversations_status_done() : m.conversations_status_blocked()),
  last: (words, mine) => (mine ? m.conversations_last_yours({ words }) : words),
};

/** Conversations as a list of links (`byHelper`: listed under their biodata's heading), each with its unread count; for the family, the supplier and operators. */
export function ConversationList({
  items,
  empty,
  byHelper,
  words = FAMILY_WORDS,
  reader,
  linkTo = (id) => localHref(`/messages/${id}`),
}: {
  items: ListedConversation[];
  empty: string;
  byHelper?: boolean;
  words?: ConversationListWords;
  /** Whose list it is, so the last message reads as theirs or the other side's. */
  reader?: "family" | "supplier";
  /** Where a conversation opens: the family's and operators' thread, else the page's own (the supplier's). */
  linkTo?: (id: string) => string;
}) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="conversation-list">
      {items.map((item) => (
        <li key={item.id} className={item.unread > 0 ? "unread" : undefined}>
          <Link to={linkTo(item.id)}>
            {/* Under a biodata's heading (the inbox), each conversation is named by who writes. */}
            <span className="conversation-title">
              {byHelper ? (
                item.with
              ) : (
                <>
                  {item.helper.name} <span className="muted">{m.conversations_ref({ ref: item.helper.ref })}</span>
                  {reader === "family" ? (
                    <>
                      {" "}
                      <HelperStatusMark status={item.helper.status} />
                    </>
                  ) : null}
                </>
              )}
            </span>
            <span className="conversation-sub">
              {byHelper ? "" : `${item.with} · `}
              {words.messages(item.messages)} · {formatSingaporeTime(item.lastMessageAt)}
              {item.status !== "open" ? ` · ${words.status(item.status === "done" ? "done" : "blocked")}` : ""}
            </span>
            {words.last && item.last ? (
              <span className="conversation-last">{words.last(item.last.words, item.last.author === reader)}</span>
            ) : null}
            {item.unread > 0 ? <span className="badge">{words.unread(item.unread)}</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A helper a family asked about or shortlisted, marked once she is no longer available: reserved or hired. */
export function HelperStatusMark({ status }: { status: string | undefined }) {
  if (status !== "reserved" && status !== "hired") return null;
  return (
    <span className={`status-mark ${status}`}>
      {status === "reserved" ? m.conversations_helper_reserved() : m.conversations_helper_hired()}
    </span>
  );
}
