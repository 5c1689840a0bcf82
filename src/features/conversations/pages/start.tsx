import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { currentVisitor } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import { FieldErrorText, FormErrorText } from "../../../ui/field";
import { paths } from "../../../ui/paths";
import { MessageBox } from "../components/message-box";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { credentials, retryAfterHeaders, formRefusal, keyCookie } from "./refusals.server";
import type { Route } from "./+types/start";

export const policy = pagePolicy.personal({ noCrawl: true });

/** Over a limit, the refused form's answer says when to send again. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => [
  {
    title: data
      ? m.conversations_start_title_about({ name: data.helper.name, site: siteName(matches) })
      : m.conversations_start_title({ site: siteName(matches) }),
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await currentVisitor(request, context);
  // A family gives its name and number at the gate first, and comes back here.
  if (!visitor) throw redirect(localHref(paths.filters(localHref(`/posts/${params.id}/message`))));
  const helper = await context.services.helpers.find(params.id);
  if (!helper || helper.status !== "available") throw data("No available helper has this id.", { status: 404 });
  const who = credentials(request, context);
  const mine = await context.services.conversations.ofFamily(who.key ?? null);
  const existing = mine?.find((conversation) => conversation.helper.id === helper.id);
  if (existing) throw redirect(localHref(`/messages/${existing.id}`));
  return {
    helper: { id: helper.id, name: helper.name, ref: helper.ref, supplier: helper.supplier.name },
    visitor: { name: visitor.name },
    // A family that started a conversation from this browser has given (or skipped) its e-mail already.
    asksEmail: mine === null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await currentVisitor(request, context);
  if (!visitor) throw redirect(localHref(paths.filters(localHref(`/posts/${params.id}/message`))));
  const form = await request.formData();
  const who = credentials(request, context);
  const outcome = await formRefusal(() =>
    context.services.conversations.start({
      visitor,
      key: who.key ?? null,
      address: context.ip,
      helperId: params.id,
      body: form.get("body"),
      email: form.get("email") ?? undefined,
    }),
  );
  if (!outcome.ok) return outcome.answer;
  const { conversationId, key } = outcome.value;
  // Counted for the supplier and in the family's own data like a WhatsApp press; the message is
  // sent whether or not it counts (a burst of presses from one address is refused a count).
  await context.services.contacts
    .record(params.id, "chat", { ip: context.ip, leadId: visitor.leadId, viewerId: context.viewer?.id })
    .catch((error: unknown) => context.log.warn({ err: error }, "a first message not counted as a contact"));
  return redirect(localHref(`/messages/${conversationId}`), key ? { headers: { "Set-Cookie": keyCookie(key, context) } } : undefined);
}

export default function StartConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { helper, visitor, asksEmail } = loaderData;
  const sending = useNavigation().state === "submitting";
  const refused = actionData && "error" in actionData ? actionData : undefined;
  const fieldError = (name: string) => <FieldErrorText id={`${name}-error`} text={refused?.fields[name]} />;
  return (
    <section className="form-card" aria-labelledby="start-heading">
      <p className="back-link">
        <Link to={localHref(paths.helper(helper.id))}>{m.conversations_back_to({ name: helper.name })}</Link>
      </p>
      <h1 id="start-heading">{m.conversations_start_heading({ name: helper.name })}</h1>
      <p>{m.conversations_start_intro({ ref: helper.ref, supplier: helper.supplier, name: visitor.name })}</p>
      <FormErrorText refused={refused} />
      <Form method="post" className="form">
        <div className="field">
          <MessageBox id="body" rows={5} error={refused?.fields.body} placeholder={m.conversations_placeholder({ name: helper.name })} />
        </div>
        {asksEmail ? (
          <div className="field">
            <label htmlFor="email">{m.conversations_email_label()}</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              aria-invalid={refused?.fields.email ? true : undefined}
              aria-describedby={refused?.fields.email ? "email-error" : "email-hint"}
            />
            <p id="email-hint" className="hint">
              {m.conversations_email_hint()}
            </p>
            {fieldError("email")}
          </div>
        ) : null}
        <SubmitButton busy={sending} busyLabel={m.conversations_sending()}>
          {m.conversations_send_message()}
        </SubmitButton>
      </Form>
    </section>
  );
}
