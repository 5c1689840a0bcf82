import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { currentVisitor } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { MessageBox } from "../components/message-box";
import { credentials, formRefusal, keyCookie } from "./refusals.server";
import type { Route } from "./+types/start";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `Message the supplier${data ? ` about ${data.helper.name}` : ""} — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await currentVisitor(request, context);
  // A family gives its name and number at the gate first, and comes back here.
  if (!visitor) throw redirect(paths.filters(`/posts/${params.id}/message`));
  const helper = await context.services.helpers.find(params.id);
  if (!helper || helper.status !== "available") throw data("No available helper has this id.", { status: 404 });
  const who = credentials(request, context);
  const mine = await context.services.conversations.ofFamily(who.key ?? null);
  const existing = mine?.find((conversation) => conversation.helper.id === helper.id);
  if (existing) throw redirect(`/messages/${existing.id}`);
  return {
    helper: { id: helper.id, name: helper.name, ref: helper.ref, supplier: helper.supplier.name },
    visitor: { name: visitor.name },
    // A family that started a conversation from this browser has given (or skipped) its e-mail already.
    asksEmail: mine === null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await currentVisitor(request, context);
  if (!visitor) throw redirect(paths.filters(`/posts/${params.id}/message`));
  const form = await request.formData();
  const who = credentials(request, context);
  const outcome = await formRefusal(() =>
    context.services.conversations.start({
      visitor,
      key: who.key ?? null,
      helperId: params.id,
      body: form.get("body"),
      email: form.get("email") ?? undefined,
    }),
  );
  if (!outcome.ok) return outcome.answer;
  const { conversationId, key } = outcome.value;
  return redirect(`/messages/${conversationId}`, key ? { headers: { "Set-Cookie": keyCookie(key, context) } } : undefined);
}

export default function StartConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { helper, visitor, asksEmail } = loaderData;
  const sending = useNavigation().state === "submitting";
  const refused = actionData && "error" in actionData ? actionData : undefined;
  const fieldError = (name: string) =>
    refused?.fields[name] ? (
      <p id={`${name}-error`} className="field-error">
        {refused.fields[name]}
      </p>
    ) : null;
  return (
    <section className="form-card" aria-labelledby="start-heading">
      <p className="back-link">
        <Link to={paths.helper(helper.id)}>‹ Back to {helper.name}</Link>
      </p>
      <h1 id="start-heading">Message the supplier about {helper.name}</h1>
      <p>
        Ref {helper.ref}. {helper.supplier} reads your message here and answers on this site. They see your name ({visitor.name}) and the
        phone number you gave.
      </p>
      {refused && !Object.keys(refused.fields).length ? (
        <p className="form-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      <Form method="post" className="form">
        <div className="field">
          <MessageBox id="body" rows={5} error={refused?.fields.body} placeholder={`Hello, is ${helper.name} still available?`} />
        </div>
        {asksEmail ? (
          <div className="field">
            <label htmlFor="email">Your e-mail (optional)</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              aria-invalid={refused?.fields.email ? true : undefined}
              aria-describedby={refused?.fields.email ? "email-error" : "email-hint"}
            />
            <p id="email-hint" className="hint">
              We send you a private link to your conversations, to open them on another device.
            </p>
            {fieldError("email")}
          </div>
        ) : null}
        <SubmitButton busy={sending} busyLabel="Sending…">
          Send message
        </SubmitButton>
      </Form>
    </section>
  );
}
