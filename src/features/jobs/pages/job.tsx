import { data, Form, Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { FieldErrorText } from "../../../ui/field";
import { formRefusal } from "../../../ui/forms.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { JobFacts, jobTitle, stateText } from "../components/job-facts";
import type { Route } from "./+types/job";

export const policy = pagePolicy.personal();

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  { title: `${loaderData ? jobTitle(loaderData.job) : m.jobs_list_heading()} — ${siteName(matches)}` },
  { name: "description", content: m.jobs_list_intro() },
];

/** One post: its facts in the reader's language, its text as written; an operator may hide it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const outcome = await formRefusal(() => context.services.jobs.find(params.id, context.viewer));
  if (!outcome.ok) throw data(m.jobs_error_no_post(), { status: 404 });
  const viewer = context.viewer;
  return {
    job: outcome.value,
    operator: viewer?.role === "operator",
    account: Boolean(viewer),
    posted: new URL(request.url).searchParams.has("posted"),
  };
}

type Answer = { error: string; fields: Record<string, string> } | { done: "hidden" | "shown" };

/** An operator hides the post with a reason the family reads, or shows it again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const shown = form.get("intent") === "show";
  const outcome = await formRefusal(() => context.services.jobs.hide(context.viewer, params.id, form.get("reason") ?? undefined, !shown));
  if (!outcome.ok) return outcome.answer;
  return { done: shown ? "shown" : "hidden" } satisfies Answer;
}

export default function Job({ loaderData, actionData }: Route.ComponentProps) {
  const { job, operator, account, posted } = loaderData;
  const answer = actionData as Answer | undefined;
  const refused = answer && "error" in answer ? answer : undefined;
  return (
    <article className="job-page" aria-labelledby="job-heading">
      <p>
        <Link to={localHref("/jobs")}>{m.jobs_back()}</Link>
      </p>
      {posted ? (
        <p className="form-success" role="status">
          {m.jobs_posted()}
        </p>
      ) : null}
      <h1 id="job-heading">{jobTitle(job)}</h1>
      <p className={job.state === "open" ? "form-success" : "muted"}>{stateText(job.state)}</p>
      <JobFacts job={job} />
      <p className="muted">{m.jobs_no_names()}</p>
      {account && !operator && job.state === "open" ? (
        <p>
          <Link className="button primary" to={`/dashboard/jobs/${job.id}`}>
            {m.jobs_propose_link()}
          </Link>
        </p>
      ) : null}
      {operator ? (
        <section aria-labelledby="job-hide-heading" className="form-card">
          <h2 id="job-hide-heading">{m.jobs_operator_heading()}</h2>
          {job.reported ? <p className="form-error">{m.jobs_operator_reported()}</p> : null}
          {answer && "done" in answer ? (
            <p className="form-success" role="status">
              {answer.done === "hidden" ? m.jobs_operator_hidden() : m.jobs_operator_shown()}
            </p>
          ) : null}
          {job.state === "hidden" ? (
            <Form method="post">
              <p>{m.jobs_hidden_because({ reason: job.hiddenReason ?? "" })}</p>
              <input type="hidden" name="intent" value="show" />
              <button type="submit" className="button">
                {m.jobs_operator_show()}
              </button>
            </Form>
          ) : (
            <Form method="post" className="form">
              <div className="field">
                <label htmlFor="hide-reason">{m.jobs_operator_reason()}</label>
                <input
                  id="hide-reason"
                  name="reason"
                  required
                  maxLength={300}
                  aria-invalid={refused?.fields.reason ? true : undefined}
                  aria-describedby={refused?.fields.reason ? "hide-reason-error" : undefined}
                />
                <FieldErrorText id="hide-reason-error" text={refused?.fields.reason} />
              </div>
              <button type="submit" className="button danger">
                {m.jobs_operator_hide()}
              </button>
            </Form>
          )}
        </section>
      ) : null}
    </article>
  );
}
