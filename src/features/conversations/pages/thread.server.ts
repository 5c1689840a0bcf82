/**
 * A conversation's page on the server, for both its addresses: the family's (and an operator's)
 * /messages/:id, in the families' languages, and the supplier's /dashboard/messages/:id, in the
 * supplier's own (a supplier page takes its language from the account, decision 119).
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { formatPhone } from "../../../shared/phone";
import { localHref } from "../../../shared/i18n/page-locale";
import type { ThreadData } from "../components/thread-view";
import { credentials, formRefusal, orRefusal } from "./refusals.server";
import { redirectWithMessage } from "../../../ui/flash.server";
import { m } from "../../../shared/i18n/compiled/messages.js";

interface PageArgs {
  request: Request;
  params: { id?: string };
  context: AppLoadContext;
}

/** The thread's address for its reader: the supplier's in the dashboard, the others' with the page's language. */
export function threadAddress(id: string, side: ThreadData["side"]): string {
  return side === "supplier" ? `/dashboard/messages/${id}` : localHref(`/messages/${id}`);
}

/**
 * The thread as its reader sees it; `page` names the address asked for, and a reader who has
 * another is sent there (a supplier's old /messages/:id link goes on to the dashboard's).
 */
export async function threadLoader({ request, params, context }: PageArgs, page: "family" | "supplier"): Promise<ThreadData> {
  const id = params.id ?? "";
  const who = credentials(request, context);
  const thread = await orRefusal(() => context.services.conversations.thread(id, who));
  if ((thread.side === "supplier") !== (page === "supplier")) throw redirect(threadAddress(id, thread.side));
  // Opening the thread reads it.
  if (thread.side !== "operator") await context.services.conversations.markRead(id, who);
  const { family, ...conversation } = thread.conversation;
  return {
    side: thread.side,
    conversation: {
      ...conversation,
      // The family's name and number are for the supplier and operators; a family knows its own.
      // A helper on her own is given no number (the service's rule, decision 197).
      family: thread.side === "family" ? null : { name: family.name, phoneShown: family.phone ? formatPhone(family.phone) : "" },
    },
    messages: thread.messages,
    // A blocked family is told how to ask for the block to be lifted.
    askContact: thread.side === "family" && thread.conversation.blocked ? `+${context.config.contactPhone}` : null,
  };
}

const STATUSES = ["open", "done", "blocked"] as const;

/** A message, a report, the supplier's status and block, and an operator's hiding and blocks. */
export async function threadAction({ request, params, context }: PageArgs) {
  const id = params.id ?? "";
  const form = await request.formData();
  const intent = form.get("intent");
  const who = credentials(request, context);
  const service = context.services.conversations;
  const messageId = Number(form.get("messageId"));
  const operator = context.viewer?.role === "operator";
  // A block is applied only with the answer to the page's question (decision 144).
  const confirmed = form.get("confirm") === "yes";
  /** What was done, said on the page the form goes back to; nothing for a message or a report. */
  const outcome = await formRefusal(async (): Promise<string | undefined> => {
    if (intent === "send") return void (await service.post(id, who, form.get("body")));
    if (intent === "report") return void (await service.report(id, who, messageId));
    const status = STATUSES.find((value) => value === form.get("status"));
    const reason = String(form.get("reason") ?? "");
    if (intent === "status" && status) {
      const { was } = await service.setStatus(id, who, status, { reason, confirmed });
      const family = (await service.thread(id, who)).conversation.family.name;
      if (status === "blocked" && was !== "blocked") return m.conversations_supplier_blocked_done({ family });
      if (status !== "blocked" && was === "blocked") return m.conversations_supplier_unblocked_done({ family });
      return undefined;
    }
    if (!operator) throw data("Only operators may do this.", { status: 403 });
    // An operator's changes name what the thread shows them (the page's own conversation).
    const thread = await service.thread(id, who);
    const answer = { reason, confirmed };
    if (intent === "hide" || intent === "show") {
      if (!thread.messages.some((message) => message.id === messageId)) throw data("No such message here.", { status: 404 });
      return void (await service.hide(context.viewer, messageId, intent === "hide"));
    }
    const { family, supplier } = thread.conversation;
    if (intent === "block-family" || intent === "unblock-family") {
      await service.blockParty(context.viewer, { familyId: family.id }, intent === "block-family", answer);
      return intent === "block-family"
        ? `Blocked ${family.name} everywhere: they can no longer write to any supplier on the site.`
        : `Unblocked ${family.name}: the operators' block is lifted (a supplier's own block stays).`;
    }
    if (intent === "block-supplier" || intent === "unblock-supplier") {
      await service.blockParty(context.viewer, { supplierId: supplier.id }, intent === "block-supplier", answer);
      return intent === "block-supplier"
        ? `Blocked ${supplier.name} from messaging: they can no longer write in any conversation, and families cannot start one with them.`
        : `Unblocked ${supplier.name}: they can write to families again.`;
    }
    throw data("Unknown action.", { status: 400 });
  });
  if (!outcome.ok) return outcome.answer;
  const side = context.viewer ? (await service.open(id, who)).actor.side : "family";
  const back = threadAddress(id, side);
  return outcome.value ? redirectWithMessage(context, back, outcome.value) : redirect(back);
}
