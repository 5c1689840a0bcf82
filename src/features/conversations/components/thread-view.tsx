import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { localHref } from "../../../shared/i18n/page-locale";
import { paths } from "../../../ui/paths";
import { MessageBox } from "./message-box";
import type { ShownMessage } from "./message-rules";
import { MessageText } from "./message-text";
import { sayTyping, useLiveThread } from "./use-live-thread";

/** A thread page's head: its title, and no search engine. */
export const threadMeta = (title: string) => [{ title }, { name: "robots", content: "noindex" }];

/** A conversation as its page's loader gives it (pages/thread.server.ts). */
export interface ThreadData {
  side: "family" | "supplier" | "operator";
  conversation: {
    id: string;
    status: string;
    helper: { id: string; name: string; ref: string };
    supplier: { id: string; name: string };
    family: { name: string; phoneShown: string } | null;
    blocked: "supplier" | "everywhere" | null;
    /** An operator stopped the supplier from writing in any conversation. */
    supplierBlocked: boolean;
    familyReadId: number;
    supplierReadId: number;
  };
  messages: ShownMessage[];
  askContact: string | null;
}

/**
 * The words of a thread, from the page that shows it: the family's page (English or Chinese, and
 * English for operators) and the supplier's (in the supplier's language) each give their own, so
 * neither side's words travel in the other's script.
 */
export interface ThreadWords {
  all: string;
  about: string;
  ref: (ref: string) => string;
  live: string;
  messages: string;
  /** "The supplier is typing…" to the family, "The family is typing…" to the supplier. */
  typing: string;
  yourMessage: string;
  send: string;
  status: (status: string) => string;
  you: string;
  family: string;
  supplier: string;
  read: string;
  report: string;
  reported: string;
}

/** What a side adds to the page: a line under the heading, marks and buttons on a message, actions below. */
export interface ThreadParts {
  back: string;
  withLine?: ReactNode;
  notice?: ReactNode;
  messageMarks?: (message: ShownMessage) => string;
  messageControls?: (message: ShownMessage) => ReactNode;
  actions?: (status: string) => ReactNode;
}

/** A refusal the page's action answered with (a message per field), if that is what it answered. */
type Refusal = { error: string; fields: Record<string, string | undefined> };
const refusalIn = (answer: unknown): Refusal | undefined =>
  answer && typeof answer === "object" && "error" in answer ? (answer as Refusal) : undefined;

export function ThreadView({
  data,
  actionData,
  words,
  parts,
}: {
  data: ThreadData;
  actionData: unknown;
  words: ThreadWords;
  parts: ThreadParts;
}) {
  const { side, conversation } = data;
  const refused = refusalIn(actionData);
  const thread = useLiveThread({
    conversationId: conversation.id,
    initial: data.messages,
    side,
    readMarks: { family: conversation.familyReadId, supplier: conversation.supplierReadId },
    status: conversation.status,
  });
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const ownNewest = thread.messages.filter((message) => message.author === side).at(-1)?.id ?? 0;
  // The box empties once the message it held is in the thread (not when the other side writes).
  useEffect(() => formRef.current?.reset(), [ownNewest]);
  const other = side === "family" ? "supplier" : "family";
  const otherRead = thread.readMarks[other];
  const blockedFamily = side === "family" && (conversation.blocked !== null || thread.status === "blocked");
  const canWrite = side !== "operator" && !blockedFamily;

  return (
    <section className="conversation" aria-labelledby="conversation-heading">
      <p className="back-link">
        <Link to={parts.back}>{words.all}</Link>
      </p>
      <h1 id="conversation-heading">
        {words.about} <Link to={localHref(paths.helper(conversation.helper.id))}>{conversation.helper.name}</Link>{" "}
        <span className="muted">{words.ref(conversation.helper.ref)}</span>
      </h1>
      <p className="conversation-with">
        {parts.withLine}
        {" · "}
        <span className={`status status-${thread.status}`}>{words.status(thread.status)}</span>
        {thread.live ? <span className="live-dot" title={words.live} aria-hidden="true" /> : null}
      </p>

      <ol className="messages" aria-label={words.messages} aria-live="polite">
        {thread.messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            side={side}
            words={words}
            parts={parts}
            readByOther={message.author === side && message.id <= otherRead}
          />
        ))}
      </ol>
      <p className="typing" aria-live="polite">
        {thread.typing ? words.typing : "\u00a0"}
      </p>

      {refused ? (
        <p className="form-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      {blockedFamily ? parts.notice : null}
      {canWrite ? (
        <Form method="post" className="message-form" ref={formRef}>
          <input type="hidden" name="intent" value="send" />
          <MessageBox
            id="message-body"
            rows={3}
            label={words.yourMessage}
            error={refused?.fields.body}
            onInput={() => sayTyping(conversation.id)}
          />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
              {words.send}
            </button>
          </div>
        </Form>
      ) : null}

      {parts.actions?.(thread.status)}
    </section>
  );
}

function MessageItem({
  message,
  side,
  words,
  parts,
  readByOther,
}: {
  message: ShownMessage;
  side: string;
  words: ThreadWords;
  parts: ThreadParts;
  readByOther: boolean;
}) {
  const mine = message.author === side;
  const author = message.author === "family" ? words.family : words.supplier;
  const who = side !== "operator" && mine ? words.you : author;
  return (
    <li className={`message ${mine ? "mine" : "theirs"}${message.hidden ? " hidden-message" : ""}`} data-message-id={message.id}>
      <p className="message-meta">
        <strong>{who}</strong> · <time dateTime={message.createdAt}>{formatSingaporeTime(message.createdAt)}</time>
        {mine && readByOther ? ` · ${words.read}` : null}
        {parts.messageMarks?.(message)}
      </p>
      <MessageText text={message.body} />
      {!mine && side !== "operator" ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="messageId" value={message.id} />
          <button type="submit" className="link-button" disabled={message.reported}>
            {message.reported ? words.reported : words.report}
          </button>
        </Form>
      ) : null}
      {parts.messageControls?.(message)}
    </li>
  );
}

/** Hidden fields of a form: what it asks the page's action to do. */
function Fields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

/**
 * A block asks first, in the page and without script: its button opens (a <details>) the
 * question naming who is blocked and what follows, and only "Yes, block" posts, with
 * `confirm=yes`; the server applies no block without it (decision 144).
 */
export function ConfirmBlock(props: {
  open: string;
  question: string;
  follows: string;
  reasonLabel?: string;
  confirm: string;
  fields: Record<string, string>;
}) {
  return (
    <details className="confirm-block">
      <summary className="button danger">{props.open}</summary>
      <Form method="post" className="confirm-block-form">
        <Fields fields={props.fields} />
        <p>
          <strong>{props.question}</strong>
        </p>
        <p>{props.follows}</p>
        {props.reasonLabel ? (
          <label>
            {props.reasonLabel}
            <input type="text" name="reason" maxLength={500} />
          </label>
        ) : null}
        <button type="submit" name="confirm" value="yes" className="button danger-solid">
          {props.confirm}
        </button>
      </Form>
    </details>
  );
}

/** A block in force: what it means, and the one button that lifts it. */
export function BlockInForce({ state, lift, fields }: { state: string; lift: string; fields: Record<string, string> }) {
  return (
    <div className="block-in-force">
      <p role="note">{state}</p>
      <Form method="post" className="inline-form">
        <Fields fields={fields} />
        <button type="submit" className="button">
          {lift}
        </button>
      </Form>
    </div>
  );
}

/** A button that posts one intent (and a status), as the thread's actions are. */
export function IntentButton({ intent, status, label, danger }: { intent: string; status?: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      {status ? <input type="hidden" name="status" value={status} /> : null}
      <button type="submit" className={danger ? "button danger" : "button"}>
        {label}
      </button>
    </Form>
  );
}
