import { getFormProps, useForm } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { formatSingaporeTime } from "../../../shared/format";
import { BACKUP_RETENTION_DAYS } from "../../../shared/retention";
import { leadInputSchema } from "../../../shared/lead-schema";
import { formatPhone } from "../../../shared/phone";
import { FormError } from "../../../ui/field";
import { PhoneField } from "../../../ui/phone-field";
import { ConversationList } from "../../conversations/components/conversation-list";

import { currentVisitor } from "../../../ui/page-guards.server";
import { parseWithZod, replyWith } from "../../../ui/forms.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/my-data";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { RichMessage, slot } from "../components/rich-message";
import { forgetKeptPages } from "../../push/components/push-browser";

export const policy = pagePolicy.personal();

/**
 * After a withdrawal this browser keeps no copy of the family's pages: its HTTP cache, the service
 * worker's caches and registration (so its push subscription too) and the site's local storage
 * (the shortlist) go. The page tells the worker as well, for browsers that ignore the header
 * (docs/decisions/193-push-and-the-installable-site.md).
 */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** The withdrawal's answer carries its Clear-Site-Data (an action's own headers reach the answer only through here). */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const clear = actionHeaders.get("clear-site-data");
  return clear ? { "clear-site-data": clear } : new Headers();
};

/** The number whose consent is withdrawn; the gate's own rule, so the same numbers are accepted. */
const withdrawSchema = z.object({ phone: leadInputSchema.shape.phone });

const channelName = (channel: "whatsapp" | "telegram" | "webchat" | "chat") =>
  channel === "chat"
    ? m.privacy_channel_chat()
    : channel === "webchat"
      ? m.privacy_channel_webchat()
      : channel === "whatsapp"
        ? "WhatsApp"
        : "Telegram";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.privacy_my_data_title({ site: siteName(matches) }) },
  { name: "description", content: m.privacy_my_data_description() },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await currentVisitor(request, context);
  // Only the browser that first gave the number has shown it is theirs: nobody else sees its data.
  const lead = await context.services.leads.privacy.dataOf(visitor);
  // The number's conversations go with it when consent is withdrawn: its owner sees them here.
  const conversations = lead && visitor ? await context.services.conversations.ofLead(visitor.leadId) : [];
  // The contacts recorded with the lead (views and shortlistings name no lead, so none are listed).
  const contacts = lead ? await context.services.contacts.ofLead(lead.id) : [];
  return {
    conversations: conversations.map((item) => ({ ...item, with: item.supplier.name })),
    // What this browser typed itself, which it may always see.
    visitor: visitor
      ? {
          name: visitor.name,
          phone: visitor.phone,
          phoneShown: formatPhone(visitor.phone),
          owner: visitor.owner,
        }
      : null,
    kept: lead
      ? {
          visits: lead.visits,
          firstSeen: formatSingaporeTime(lead.firstSeenAt),
          lastSeen: formatSingaporeTime(lead.lastSeenAt),
          // Kept with the lead too (for the operator who calls back), so shown to its owner.
          filters: lead.filters,
          contacts: contacts.map((contact) => ({
            helper: `${contact.helperName} (${contact.helperRef})`,
            how: m.privacy_contact_how({
              channel: channelName(contact.channel),
              via: contact.via === "supplier" ? m.privacy_via_supplier() : m.privacy_via_site(),
            }),
            at: formatSingaporeTime(contact.at.toISOString()),
          })),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), {
    schema: withdrawSchema,
  });
  if (submission.status !== "success") return data({ ok: false as const, result: replyWith(submission) }, { status: 400 });
  const visitor = await currentVisitor(request, context);
  const outcome = await context.services.leads.privacy.withdraw(submission.value.phone, visitor, { ip: context.ip });
  if (outcome.done === "limited") {
    return data(
      {
        ok: false as const,
        result: replyWith(submission, {
          formError: outcome.message,
          formErrorOnly: true,
        }),
      },
      { status: 429 },
    );
  }
  if (outcome.done === "deleted") {
    return data(
      { ok: true as const, deleted: true, dueBy: null },
      { headers: { "Set-Cookie": await context.visitorCookie.clear(), "Clear-Site-Data": CLEAR_SITE_DATA } },
    );
  }
  return data(
    { ok: true as const, deleted: false, dueBy: formatSingaporeTime(outcome.dueBy.toISOString()) },
    { headers: { "Clear-Site-Data": CLEAR_SITE_DATA } },
  );
}

export default function PrivacyMyData({ loaderData, actionData }: Route.ComponentProps) {
  const { visitor, kept, conversations } = loaderData;
  const refused = actionData?.ok === false ? actionData.result : undefined;
  const [form, fields] = useForm<{ phone: string }>({
    id: "withdraw-consent",
    lastResult: refused,
    defaultValue: { phone: visitor ? visitor.phoneShown : "" },
  });

  const withdrawn = actionData?.ok === true;
  useEffect(() => {
    if (withdrawn) forgetKeptPages();
  }, [withdrawn]);

  if (actionData?.ok) {
    return (
      <section className="form-card" aria-labelledby="my-data-heading">
        <h1 id="my-data-heading">{m.privacy_my_data_heading()}</h1>
        <p role="status">
          {actionData.deleted
            ? m.privacy_deleted({ backupDays: BACKUP_RETENTION_DAYS })
            : m.privacy_recorded({ dueBy: actionData.dueBy ?? "" })}
        </p>
        <p>
          <Link to={localHref(paths.home())}>{m.privacy_back_to_home_page()}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="form-card" aria-labelledby="my-data-heading">
      <h1 id="my-data-heading">{m.privacy_my_data_heading()}</h1>
      {visitor ? (
        <>
          <dl className="my-data">
            <dt>{m.privacy_field_name()}</dt>
            <dd>{visitor.name}</dd>
            <dt>{m.privacy_field_phone()}</dt>
            <dd>{visitor.phoneShown}</dd>
            {kept ? (
              <>
                <dt>{m.privacy_field_visits()}</dt>
                <dd>{kept.visits}</dd>
                <dt>{m.privacy_field_first_seen()}</dt>
                <dd>{kept.firstSeen}</dd>
                <dt>{m.privacy_field_last_seen()}</dt>
                <dd>{kept.lastSeen}</dd>
                {kept.filters.length > 0 ? (
                  <>
                    <dt>{m.privacy_field_filters()}</dt>
                    <dd>{kept.filters.join("; ")}</dd>
                  </>
                ) : null}
                <dt>{m.privacy_field_contacts()}</dt>
                <dd>
                  {kept.contacts.length > 0 ? (
                    <ul className="my-data-contacts">
                      {kept.contacts.map((contact, index) => (
                        <li key={index}>{`${contact.helper}: ${contact.how}, ${contact.at}`}</li>
                      ))}
                    </ul>
                  ) : (
                    m.privacy_none_recorded()
                  )}
                </dd>
              </>
            ) : null}
          </dl>
          {kept ? <p>{m.privacy_counted_anonymously()}</p> : null}
          {conversations.length > 0 ? (
            <>
              <h2>{m.privacy_your_conversations()}</h2>
              <ConversationList items={conversations} empty="" />
            </>
          ) : null}
          {visitor.owner ? null : <p>{m.privacy_other_browser()}</p>}
        </>
      ) : (
        <p>
          <RichMessage
            text={m.privacy_no_visitor({ link: slot("link") })}
            parts={{ link: <Link to={localHref(paths.filters())}>{m.privacy_filters_page()}</Link> }}
          />
        </p>
      )}
      <p>
        <RichMessage
          text={m.privacy_withdraw_explained({ link: slot("link") })}
          parts={{ link: <Link to={localHref(paths.privacy())}>{m.privacy_policy_link()}</Link> }}
        />
      </p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
        <PhoneField field={fields.phone} />
        <div className="form-actions">
          <button type="submit" className="button primary">
            {m.privacy_withdraw_button()}
          </button>
        </div>
      </Form>
    </section>
  );
}
