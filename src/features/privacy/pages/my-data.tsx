import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { formatSingaporeTime } from "../../../shared/format";
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

export const policy = pagePolicy.personal();

/** The number whose consent is withdrawn; the gate's own rule, so the same numbers are accepted. */
const withdrawSchema = z.object({ phone: leadInputSchema.shape.phone });

const CHANNEL_NAMES = { whatsapp: "WhatsApp", telegram: "Telegram", webchat: "Web chat" } as const;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Your data — ${siteName(matches)}` },
  {
    name: "description",
    content: "See the name and phone number we keep about you and the helpers you asked about, and withdraw your consent to delete them.",
  },
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
            how: `${CHANNEL_NAMES[contact.channel]}, ${contact.via === "supplier" ? "to her supplier" : "through us"}`,
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
    return data({ ok: true as const, deleted: true, dueBy: null }, { headers: { "Set-Cookie": await context.visitorCookie.clear() } });
  }
  return {
    ok: true as const,
    deleted: false,
    dueBy: formatSingaporeTime(outcome.dueBy.toISOString()),
  };
}

export default function PrivacyMyData({ loaderData, actionData }: Route.ComponentProps) {
  const { visitor, kept, conversations } = loaderData;
  const refused = actionData?.ok === false ? actionData.result : undefined;
  const [form, fields] = useForm<{ phone: string }>({
    id: "withdraw-consent",
    lastResult: refused,
    defaultValue: { phone: visitor ? visitor.phoneShown : "" },
  });

  if (actionData?.ok) {
    return (
      <section className="form-card" aria-labelledby="my-data-heading">
        <h1 id="my-data-heading">Your data</h1>
        <p role="status">
          {actionData.deleted
            ? "Your consent is withdrawn: your name and number are deleted, the helpers you asked about are no longer linked to you, and we will not contact you."
            : `We have recorded your request. We will check the number is yours and delete what we keep about it by ${actionData.dueBy} (within 30 days).`}
        </p>
        <p>
          <Link to={paths.home()}>Back to the home page</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="form-card" aria-labelledby="my-data-heading">
      <h1 id="my-data-heading">Your data</h1>
      {visitor ? (
        <>
          <dl className="my-data">
            <dt>Name</dt>
            <dd>{visitor.name}</dd>
            <dt>Phone number</dt>
            <dd>{visitor.phoneShown}</dd>
            {kept ? (
              <>
                <dt>Visits</dt>
                <dd>{kept.visits}</dd>
                <dt>First seen</dt>
                <dd>{kept.firstSeen}</dd>
                <dt>Last seen</dt>
                <dd>{kept.lastSeen}</dd>
                {kept.filters.length > 0 ? (
                  <>
                    <dt>What you last filtered for</dt>
                    <dd>{kept.filters.join("; ")}</dd>
                  </>
                ) : null}
                <dt>Helpers you asked about</dt>
                <dd>
                  {kept.contacts.length > 0 ? (
                    <ul className="my-data-contacts">
                      {kept.contacts.map((contact, index) => (
                        <li key={index}>{`${contact.helper}: ${contact.how}, ${contact.at}`}</li>
                      ))}
                    </ul>
                  ) : (
                    "None recorded."
                  )}
                </dd>
              </>
            ) : null}
          </dl>
          {kept ? (
            <p>
              The biodata you open and shortlist are counted for their suppliers without your name, number or visitor record, so none of
              that is kept about you.
            </p>
          ) : null}
          {conversations.length > 0 ? (
            <>
              <h2>Your conversations with suppliers</h2>
              <ConversationList items={conversations} empty="" />
            </>
          ) : null}
          {visitor.owner ? null : (
            <p>
              This number was first given in another browser, so this one shows only what was typed here. Withdrawing from here is recorded:
              we check the number is yours and delete what we keep about it within 30 days.
            </p>
          )}
        </>
      ) : (
        <p>
          If you gave us your name and number on the <Link to={paths.filters()}>filters page</Link>, this browser shows them here. From
          another browser, give the number below and we will delete it within 30 days.
        </p>
      )}
      <p>
        Withdrawing your consent deletes your name and number and your conversations with suppliers, unlinks the helpers you asked about
        from you (their suppliers' counts stay) and stops us contacting you, as our <Link to={paths.privacy()}>privacy policy</Link>{" "}
        explains.
      </p>
      <FormError message={form.errors?.[0]} />
      <Form method="post" className="form" {...getFormProps(form)} noValidate={false}>
        <PhoneField field={fields.phone} />
        <div className="form-actions">
          <button type="submit" className="button primary">
            Withdraw consent and delete my data
          </button>
        </div>
      </Form>
    </section>
  );
}
