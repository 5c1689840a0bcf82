import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { BlockInForce, ConfirmBlock, IntentButton, threadMeta, ThreadView, type ThreadWords } from "../components/thread-view";
import { retryAfterHeaders } from "./refusals.server";
import { threadAction, threadLoader } from "./thread.server";
import type { Route } from "./+types/supplier-thread";
import { m } from "../../../shared/i18n/compiled/messages.js";

// The supplier's conversation with a family, in the supplier's language (its own address, as a
// supplier page takes its language from the account); a family or an operator is sent to /messages/:id.
export const policy = pagePolicy.signedIn();

/** Over a limit, the refused form's answer says when to send again. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) =>
  threadMeta(
    data
      ? m.conversations_supplier_thread_title({ name: data.conversation.helper.name, site: siteName(matches) })
      : m.conversations_supplier_title(),
  );

export const loader = (args: Route.LoaderArgs) => threadLoader(args, "supplier");
export const action = (args: Route.ActionArgs) => threadAction(args);

/** The thread's words in the supplier's language. */
const words = (): ThreadWords => ({
  all: m.conversations_supplier_all(),
  about: m.conversations_supplier_about(),
  ref: (ref) => `(${m.conversations_supplier_ref({ ref })})`,
  live: m.conversations_supplier_live(),
  messages: m.conversations_supplier_title(),
  typing: m.conversations_supplier_typing(),
  yourMessage: m.conversations_supplier_your_message(),
  send: m.conversations_supplier_send(),
  status: (status) =>
    status === "done"
      ? m.conversations_supplier_done()
      : status === "blocked"
        ? m.conversations_supplier_family_blocked()
        : m.conversations_supplier_open(),
  you: m.conversations_supplier_you(),
  family: m.conversations_supplier_family(),
  supplier: m.conversations_supplier_you(),
  read: m.conversations_supplier_read(),
  report: m.conversations_supplier_report(),
  reported: m.conversations_supplier_reported(),
});

export default function SupplierConversation({ loaderData, actionData }: Route.ComponentProps) {
  const family = loaderData.conversation.family;
  return (
    <ThreadView
      data={loaderData}
      actionData={actionData}
      words={words()}
      parts={{
        back: "/dashboard/messages",
        withLine: family ? [family.name, family.phoneShown].filter(Boolean).join(" · ") : null,
        actions: (status) => <SupplierActions status={status} family={family?.name ?? ""} />,
      }}
    />
  );
}

/** Done or open again; a block only after its question, or, blocked, the one button that lifts it (decision 144). */
function SupplierActions({ status, family }: { status: string; family: string }) {
  if (status === "blocked") {
    return (
      <div className="conversation-actions">
        <BlockInForce
          state={m.conversations_supplier_blocked_state({ family })}
          lift={m.conversations_supplier_unblock({ family })}
          fields={{ intent: "status", status: "open" }}
        />
      </div>
    );
  }
  return (
    <div className="conversation-actions">
      {status === "open" ? (
        <IntentButton intent="status" status="done" label={m.conversations_supplier_mark_done()} />
      ) : (
        <IntentButton intent="status" status="open" label={m.conversations_supplier_open_again()} />
      )}
      <ConfirmBlock
        open={m.conversations_supplier_block()}
        question={m.conversations_supplier_block_question({ family })}
        follows={m.conversations_supplier_block_follows()}
        reasonLabel={m.conversations_supplier_block_reason()}
        confirm={m.conversations_supplier_block_confirm({ family })}
        fields={{ intent: "status", status: "blocked" }}
      />
    </div>
  );
}
