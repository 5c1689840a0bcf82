import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { threadMeta, ThreadView, type ThreadWords } from "../components/thread-view";
import { OperatorMessageControls, operatorMarks, OperatorThreadActions, OperatorWith } from "../components/operator-thread";
import { retryAfterHeaders } from "./refusals.server";
import { threadAction, threadLoader } from "./thread.server";
import type { Route } from "./+types/thread";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

// A family (by its key) or an operator: each answer is their own. The supplier reads its
// conversations at /dashboard/messages/:id, in its own language (supplier-thread.tsx).
export const policy = pagePolicy.personal({ noCrawl: true });

/** Over a limit, the refused form's answer says when to send again. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) =>
  threadMeta(
    data
      ? m.conversations_thread_title({ name: data.conversation.helper.name, site: siteName(matches) })
      : m.conversations_thread_title_plain({ site: siteName(matches) }),
  );

export const loader = (args: Route.LoaderArgs) => threadLoader(args, "family");
export const action = (args: Route.ActionArgs) => threadAction(args);

/** The thread's words in the families' language (operators read them in English). */
const words = (): ThreadWords => ({
  all: m.conversations_all(),
  about: m.conversations_about(),
  ref: (ref) => m.conversations_ref({ ref }),
  live: m.conversations_live(),
  messages: m.conversations_messages(),
  typing: m.conversations_typing_supplier(),
  yourMessage: m.conversations_your_message(),
  send: m.conversations_send(),
  status: (status) =>
    status === "done"
      ? m.conversations_status_done()
      : status === "blocked"
        ? m.conversations_status_family_blocked()
        : m.conversations_status_open(),
  you: m.conversations_you(),
  family: m.conversations_family(),
  supplier: m.conversations_supplier(),
  read: m.conversations_read(),
  report: m.conversations_report(),
  reported: m.conversations_reported(),
});

export default function ConversationThread({ loaderData, actionData }: Route.ComponentProps) {
  const { side, conversation } = loaderData;
  const operator = side === "operator";
  return (
    <ThreadView
      data={loaderData}
      actionData={actionData}
      words={words()}
      parts={{
        back: operator ? "/admin/conversations" : localHref("/messages"),
        withLine: operator ? (
          <OperatorWith family={conversation.family} supplier={conversation.supplier.name} />
        ) : (
          m.conversations_with_supplier({ supplier: conversation.supplier.name })
        ),
        notice: (
          <p role="note">
            {conversation.blocked === "everywhere" ? m.conversations_blocked_everywhere() : m.conversations_blocked_family()}{" "}
            {loaderData.askContact ? m.conversations_blocked_ask({ contact: loaderData.askContact }) : null}
          </p>
        ),
        messageMarks: operator ? operatorMarks : undefined,
        messageControls: operator ? (message) => <OperatorMessageControls message={message} /> : undefined,
        actions:
          operator && conversation.family
            ? () => (
                <OperatorThreadActions
                  family={conversation.family!.name}
                  supplier={conversation.supplier.name}
                  familyBlocked={conversation.blocked === "everywhere"}
                  supplierBlocked={conversation.supplierBlocked}
                />
              )
            : undefined,
      }}
    />
  );
}
