import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { formatSingaporeTime } from "../../../shared/format";
import { formatPhone } from "../../../shared/phone";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { MessageBox } from "../components/message-box";
import type { ShownMessage } from "../components/message-rules";
import { MessageText } from "../components/message-text";
import { sayTyping, useLiveThread } from "../components/use-live-thread";
import { credentials, formRefusal, orRefusal } from "./refusals.server";
import type { Route } from "./+types/thread";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

// A family (by its key), the supplier (by the session) or an operator: each answer is their own.
export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: data
      ? m.conversations_thread_title({ name: data.conversation.helper.name, site: siteName(matches) })
      : m.conversations_thread_title_plain({ site: siteName(matches) }),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const who = credentials(request, context);
  const thread = await orRefusal(() => context.services.conversations.thread(params.id, who));
  // Opening the thread reads it.
  if (thread.side !== "operator") await context.services.conversations.markRead(params.id, who);
  const { family, ...conversation } = thread.conversation;
  return {
    side: thread.side,
    conversation: {
      ...conversation,
      // The family's name and number are for the supplier and operators; a family knows its own.
      family: thread.side === "family" ? null : { ...family, phoneShown: formatPhone(family.phone) },
    },
    messages: thread.messages,
  };
}

const STATUSES = ["open", "done", "blocked"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get("intent");
  const who = credentials(request, context);
  const service = context.services.conversations;
  const messageId = Number(form.get("messageId"));
  const operator = context.viewer?.role === "operator";
  const outcome = await formRefusal(async () => {
    if (intent === "send") return void (await service.post(params.id, who, form.get("body")));
    if (intent === "report") return void (await service.report(params.id, who, messageId));
    const status = STATUSES.find((value) => value === form.get("status"));
    if (intent === "status" && status) return void (await service.setStatus(params.id, who, status));
    if (!operator) throw data("Only operators may do this.", { status: 403 });
    // An operator's changes name what the thread shows them (the page's own conversation).
    const thread = await service.thread(params.id, who);
    if (intent === "hide" || intent === "show") {
      if (!thread.messages.some((message) => message.id === messageId)) throw data("No such message here.", { status: 404 });
      return void (await service.hide(messageId, intent === "hide"));
    }
    if (intent === "block-family" || intent === "unblock-family")
      return void (await service.blockParty({ familyId: thread.conversation.family.id }, intent === "block-family"));
    if (intent === "block-supplier" || intent === "unblock-supplier")
      return void (await service.blockParty({ supplierId: thread.conversation.supplier.id }, intent === "block-supplier"));
    throw data("Unknown action.", { status: 400 });
  });
  if (!outcome.ok) return outcome.answer;
  return redirect(localHref(`/messages/${params.id}`));
}

export default function ConversationThread({ loaderData, actionData }: Route.ComponentProps) {
  const { side, conversation } = loaderData;
  const thread = useLiveThread({
    conversationId: conversation.id,
    initial: loaderData.messages,
    side,
    readMarks: { family: conversation.familyReadId, supplier: conversation.supplierReadId },
    status: conversation.status,
  });
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const ownNewest = thread.messages.filter((message) => message.author === side).at(-1)?.id ?? 0;
  // The box empties once the message it held is in the thread (not when the other side writes).
  useEffect(() => formRef.current?.reset(), [ownNewest]);
  const refused = actionData && "error" in actionData ? actionData : undefined;
  const other = side === "family" ? "supplier" : "family";
  const otherRead = thread.readMarks[other];
  const blockedFamily = side === "family" && thread.status === "blocked";
  const canWrite = side !== "operator" && !blockedFamily;

  return (
    <section className="conversation" aria-labelledby="conversation-heading">
      <p className="back-link">
        <Link to={side === "supplier" ? "/dashboard/messages" : side === "operator" ? "/admin/conversations" : localHref("/messages")}>
          {m.conversations_all()}
        </Link>
      </p>
      <h1 id="conversation-heading">
        {m.conversations_about()} <Link to={localHref(paths.helper(conversation.helper.id))}>{conversation.helper.name}</Link>{" "}
        <span className="muted">{m.conversations_ref({ ref: conversation.helper.ref })}</span>
      </h1>
      <p className="conversation-with">
        {side === "family" ? m.conversations_with_supplier({ supplier: conversation.supplier.name }) : null}
        {conversation.family ? `${conversation.family.name} · ${conversation.family.phoneShown}` : null}
        {side === "operator" ? ` · supplier ${conversation.supplier.name}` : null}
        {" · "}
        <span className={`status status-${thread.status}`}>{statusLabel(thread.status)}</span>
        {thread.live ? <span className="live-dot" title={m.conversations_live()} aria-hidden="true" /> : null}
      </p>

      <ol className="messages" aria-label={m.conversations_messages()} aria-live="polite">
        {thread.messages.map((message) => (
          <MessageItem key={message.id} message={message} side={side} readByOther={message.author === side && message.id <= otherRead} />
        ))}
      </ol>
      <p className="typing" aria-live="polite">
        {thread.typing ? (side === "family" ? m.conversations_typing_supplier() : "The family is typing…") : "\u00a0"}
      </p>

      {refused ? (
        <p className="form-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      {blockedFamily ? <p role="note">{m.conversations_blocked_family()}</p> : null}
      {canWrite ? (
        <Form method="post" className="message-form" ref={formRef}>
          <input type="hidden" name="intent" value="send" />
          <MessageBox id="message-body" rows={3} error={refused?.fields.body} onInput={() => sayTyping(conversation.id)} />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
              {m.conversations_send()}
            </button>
          </div>
        </Form>
      ) : null}

      {side === "supplier" ? <SupplierActions status={thread.status} /> : null}
      {side === "operator" && conversation.family ? <OperatorActions familyBlocked={conversation.family.blocked} /> : null}
    </section>
  );
}

function statusLabel(status: string): string {
  return status === "done"
    ? m.conversations_status_done()
    : status === "blocked"
      ? m.conversations_status_family_blocked()
      : m.conversations_status_open();
}

function MessageItem({ message, side, readByOther }: { message: ShownMessage; side: string; readByOther: boolean }) {
  const mine = message.author === side;
  const who =
    side === "operator"
      ? message.author === "family"
        ? m.conversations_family()
        : m.conversations_supplier()
      : mine
        ? m.conversations_you()
        : message.author === "family"
          ? m.conversations_family()
          : m.conversations_supplier();
  return (
    <li className={`message ${mine ? "mine" : "theirs"}${message.hidden ? " hidden-message" : ""}`} data-message-id={message.id}>
      <p className="message-meta">
        <strong>{who}</strong> · <time dateTime={message.createdAt}>{formatSingaporeTime(message.createdAt)}</time>
        {mine && readByOther ? ` · ${m.conversations_read()}` : null}
        {message.hidden ? " · Hidden" : null}
        {side === "operator" && message.reported ? ` · ${m.conversations_reported()}` : null}
      </p>
      <MessageText text={message.body} />
      {!mine && side !== "operator" ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="messageId" value={message.id} />
          <button type="submit" className="link-button" disabled={message.reported}>
            {message.reported ? m.conversations_reported() : m.conversations_report()}
          </button>
        </Form>
      ) : null}
      {side === "operator" ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value={message.hidden ? "show" : "hide"} />
          <input type="hidden" name="messageId" value={message.id} />
          <button type="submit" className="link-button">
            {message.hidden ? "Show again" : "Hide"}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function StatusButton({ status, label, danger }: { status: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={danger ? "button danger" : "button"}>
        {label}
      </button>
    </Form>
  );
}

function SupplierActions({ status }: { status: string }) {
  return (
    <div className="conversation-actions">
      {status === "open" ? <StatusButton status="done" label="Mark done" /> : <StatusButton status="open" label="Open again" />}
      {status !== "blocked" ? <StatusButton status="blocked" label="Block this family" danger /> : null}
    </div>
  );
}

function OperatorActions({ familyBlocked }: { familyBlocked: boolean }) {
  const button = (intent: string, label: string) => (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="button danger">
        {label}
      </button>
    </Form>
  );
  return (
    <div className="conversation-actions">
      {familyBlocked ? button("unblock-family", "Unblock the family") : button("block-family", "Block the family everywhere")}
      {button("block-supplier", "Block the supplier from messaging")}
      {button("unblock-supplier", "Unblock the supplier")}
    </div>
  );
}
