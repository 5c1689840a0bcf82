import { useEffect } from "react";
import { Form, redirect, useNavigation, useRevalidator } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { formatPhone } from "../../../shared/phone";
import { siteName } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { ConversationList, type ConversationListWords, type ListedConversation } from "../components/conversation-list";
import { followInbox } from "../components/inbox-live";
import { PushNotices } from "../../push/components/push-notices";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { Route } from "./+types/inbox";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${m.conversations_supplier_title()} — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = viewerOf(context);
  const inbox = await context.services.conversations.inboxPage(viewer.id);
  // One group per biodata, the one with the newest message first.
  const groups = new Map<string, { helper: ListedConversation["helper"]; items: ListedConversation[] }>();
  for (const item of inbox.items) {
    const group = groups.get(item.helper.id) ?? { helper: item.helper, items: [] };
    // No number for a helper on her own: she talks with families through the site only (the service says so).
    const phone = item.family.phone;
    group.items.push({ ...item, with: phone ? `${item.family.name} · ${formatPhone(phone)}` : item.family.name });
    groups.set(item.helper.id, group);
  }
  const telegram = await context.services.conversations.telegram.state(viewer.id);
  return { groups: [...groups.values()], unread: inbox.unread, stamp: inbox.stamp, telegram, pushKey: context.services.push.publicKey };
}

/** "Get notices on Telegram" sends the supplier into the bot with a one-time link; "Turn off" stops the notices. */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = viewerOf(context);
  const intent = (await request.formData()).get("intent");
  const telegram = context.services.conversations.telegram;
  if (intent === "telegram-off") {
    await telegram.turnOff(viewer.id);
    return redirect("/dashboard/messages");
  }
  if (intent === "telegram-on") {
    const link = await telegram.startLink(viewer.id);
    if (link) return redirect(link);
    return { error: m.conversations_supplier_telegram_unavailable() };
  }
  return { error: m.conversations_supplier_use_buttons() };
}

/** The rows' words in the supplier's language. */
const words = (): ConversationListWords => ({
  messages: (count) => m.conversations_supplier_messages({ count }),
  unread: (count) => m.conversations_supplier_unread({ count }),
  status: (status) => (status === "done" ? m.conversations_supplier_done() : m.conversations_supplier_blocked()),
  last: (words, mine) => (mine ? m.conversations_supplier_last_yours({ words }) : words),
});

export default function SupplierInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { groups, unread, telegram, stamp, pushKey } = loaderData;
  const rowWords = words();
  // A family writes, or a read mark moves, in any tab or on any instance: the list is read again.
  // Followed again when a reading ends, so a change that came during it is read too.
  const { revalidate, state: reading } = useRevalidator();
  useEffect(
    () =>
      followInbox((state) => {
        if (state && state.stamp !== stamp && reading === "idle") void revalidate();
      }),
    [stamp, reading, revalidate],
  );
  return (
    <section className="conversations-page" aria-labelledby="inbox-heading" data-stamp={stamp}>
      <h1 id="inbox-heading">{unread > 0 ? m.conversations_supplier_title_unread({ count: unread }) : m.conversations_supplier_title()}</h1>
      <p className="muted">
        {telegram.available && telegram.state === "on" ? m.conversations_supplier_mailed_and_telegram() : m.conversations_supplier_mailed()}
      </p>
      {telegram.available ? <TelegramNotices state={telegram.state} error={actionData?.error} /> : null}
      {groups.length === 0 ? <p>{m.conversations_supplier_empty()}</p> : null}
      {groups.map((group) => (
        <section key={group.helper.id} aria-labelledby={`inbox-${group.helper.id}`}>
          <h2 id={`inbox-${group.helper.id}`}>
            {group.helper.name} <span className="muted">({m.conversations_supplier_ref({ ref: group.helper.ref })})</span>
          </h2>
          <ConversationList
            items={group.items}
            empty=""
            byHelper
            words={rowWords}
            reader="supplier"
            linkTo={(id) => `/dashboard/messages/${id}`}
          />
        </section>
      ))}
      {/* Below the conversations, which are what the page is for. */}
      <PushNotices api="/api/inbox/push" publicKey={pushKey} explained={m.push_notices_supplier_explained()} />
    </section>
  );
}

function TelegramNotices({ state, error }: { state: "on" | "off" | "refused"; error?: string }) {
  const on = state === "on";
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="telegram-notices">
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {state === "refused" ? <p role="status">{m.conversations_supplier_telegram_refused()}</p> : null}
      <input type="hidden" name="intent" value={on ? "telegram-off" : "telegram-on"} />
      {on ? <span>{`${m.conversations_supplier_telegram_on()} · `}</span> : null}
      <button type="submit" className={on ? "button" : "button primary"} disabled={busy}>
        {busy
          ? on
            ? m.conversations_supplier_telegram_turning_off()
            : m.conversations_supplier_telegram_opening()
          : on
            ? m.conversations_supplier_telegram_turn_off()
            : m.conversations_supplier_telegram_turn_on()}
      </button>
    </Form>
  );
}
