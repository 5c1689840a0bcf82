import { Link, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { formRefusal } from "../../../ui/forms.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { familyKeyFromCookies } from "./answers.server";
import type { Route } from "./+types/space";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.jobs_space_heading() + ` — ${siteName(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * The forms of the family's space about its posts are answered here; the space itself shows
 * them. No redirect from the loader: a refused form's answer is this page, with its message.
 */
export function loader() {
  return null;
}

/** The family's one-tap answers: pause, open again, filled, delete; accept, decline or report a proposal. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const key = familyKeyFromCookies(request.headers.get("cookie"));
  const jobs = context.services.jobs;
  const intent = form.get("intent");
  const job = form.get("job");
  const proposal = form.get("proposal");
  const back = (note: string) => redirect(`${localHref("/messages")}?jobs=${note}#job-posts`);
  if (intent === "accept" || intent === "decline") {
    const outcome = await formRefusal(() => jobs.decide(key, proposal, intent));
    if (!outcome.ok) return outcome.answer;
    const conversation = outcome.value.conversationId;
    return conversation ? redirect(localHref(`/messages/${conversation}`)) : back("declined");
  }
  if (intent === "report") {
    const outcome = await formRefusal(() => jobs.reportProposal(key, proposal));
    return outcome.ok ? back("reported") : outcome.answer;
  }
  if (intent === "delete") {
    const outcome = await formRefusal(() => jobs.remove(key, job));
    return outcome.ok ? back("deleted") : outcome.answer;
  }
  const outcome = await formRefusal(() => jobs.setStatus(key, job, form.get("status")));
  return outcome.ok ? back(String(form.get("status"))) : outcome.answer;
}

export default function SpaceJobsAnswer({ actionData }: Route.ComponentProps) {
  const refused = actionData as { error: string } | undefined;
  return (
    <section className="form-card" aria-labelledby="space-jobs-heading">
      <h1 id="space-jobs-heading">{m.jobs_space_heading()}</h1>
      {refused ? (
        <p className="form-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      <p>
        <Link to={`${localHref("/messages")}#job-posts`}>{m.jobs_space_back()}</Link>
      </p>
    </section>
  );
}
