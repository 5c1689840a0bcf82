import { data, Form, Link, redirect, useMatches, useNavigation } from "react-router";
import { SubmitButton } from "../../../ui/submit-button";
import { pagePolicy } from "../../../shared/page-policy";
import { currentVisitor } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import { FieldErrorText, FormErrorText } from "../../../ui/field";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { REPORT_REASON } from "../components/message-rules";
import { credentials, retryAfterHeaders, formRefusal, keyCookie } from "./refusals.server";
import type { Route } from "./+types/report-helper";

/** A family reports a helper on her own (a direct hire) to the operators (decision 197). */
export const policy = pagePolicy.personal({ noCrawl: true });

/** Over the day's reports, the refused form's answer says when to send again. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: m.conversations_report_helper_title({ name: data?.helper.name ?? "", site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The gate first: a report is a family's, as a message is. */
async function visitorOrGate(request: Request, context: Route.LoaderArgs["context"], id: string) {
  const visitor = await currentVisitor(request, context);
  if (!visitor) throw redirect(localHref(paths.filters(localHref(`/posts/${id}/report`))));
  return visitor;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await visitorOrGate(request, context, params.id);
  const helper = await context.services.helpers.find(params.id);
  if (!helper || helper.hire !== "direct") throw data(m.conversations_report_helper_unknown(), { status: 404 });
  return { helper: { id: helper.id, name: helper.name } };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await visitorOrGate(request, context, params.id);
  const form = await request.formData();
  const who = credentials(request, context);
  const outcome = await formRefusal(() =>
    context.services.conversations.reportHelper({ visitor, key: who.key ?? null, helperId: params.id, reason: form.get("reason") }),
  );
  if (!outcome.ok) return outcome.answer;
  const { key, already } = outcome.value;
  return data(
    { done: already ? ("already" as const) : ("reported" as const) },
    key ? { headers: { "Set-Cookie": keyCookie(key, context) } } : undefined,
  );
}

export default function ReportHelper({ loaderData, actionData }: Route.ComponentProps) {
  const { helper } = loaderData;
  const sending = useNavigation().state === "submitting";
  const site = siteName(useMatches());
  const refused = actionData && "error" in actionData ? actionData : undefined;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const back = (
    <p className="back-link">
      <Link to={localHref(paths.helper(helper.id))}>{m.conversations_report_helper_back()}</Link>
    </p>
  );
  return (
    <section className="form-card" aria-labelledby="report-heading">
      {back}
      <h1 id="report-heading">{m.conversations_report_helper_heading({ name: helper.name })}</h1>
      {done ? (
        <p role="status" className="form-success">
          {done === "already" ? m.conversations_report_helper_already() : m.conversations_report_helper_done()}
        </p>
      ) : (
        <>
          <p>{m.conversations_report_helper_intro({ site })}</p>
          <FormErrorText refused={refused} />
          <Form method="post" className="form">
            <div className="field">
              <label htmlFor="reason">{m.conversations_report_helper_reason_label()}</label>
              <textarea
                id="reason"
                name="reason"
                rows={5}
                required
                minLength={REPORT_REASON.min}
                maxLength={REPORT_REASON.max}
                aria-invalid={refused?.fields.reason ? true : undefined}
                aria-describedby={refused?.fields.reason ? "reason-error" : undefined}
              />
              <FieldErrorText id="reason-error" text={refused?.fields.reason} />
            </div>
            <SubmitButton busy={sending} busyLabel={m.conversations_sending()}>
              {m.conversations_report_helper_send()}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
