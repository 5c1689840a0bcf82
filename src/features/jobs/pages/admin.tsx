import { Form, Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { unlistedPageMeta } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { formRefusal } from "../../../ui/forms.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { jobTitle, stateText } from "../components/job-facts";
import type { Route } from "./+types/admin";

export const policy = pagePolicy.operator();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.jobs_operator_list_heading(), matches);

/** Every post, reported first (each hidden with a reason from its page), and the proposals families reported. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.services.jobs.forOperators(viewerOf(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const outcome = await formRefusal(() => context.services.jobs.hideProposal(viewerOf(context), form.get("proposal")));
  return outcome.ok ? { done: true } : outcome.answer;
}

export default function OperatorJobs({ loaderData }: Route.ComponentProps) {
  const { jobs, proposals } = loaderData;
  return (
    <section aria-labelledby="operator-jobs-heading">
      <h1 id="operator-jobs-heading">{m.jobs_operator_list_heading()}</h1>
      {jobs.length === 0 ? <p>{m.jobs_list_empty()}</p> : null}
      <ul>
        {jobs.map((job) => (
          <li key={job.id}>
            <Link to={`/jobs/${job.id}`}>{jobTitle(job)}</Link> <span className="muted">{stateText(job.state)}</span>
            {job.reported ? <strong> · {m.jobs_operator_reported()}</strong> : null}
          </li>
        ))}
      </ul>
      <h2>{m.jobs_operator_proposals_heading()}</h2>
      {proposals.length === 0 ? <p>{m.jobs_operator_proposals_empty()}</p> : null}
      <ul>
        {proposals.map((proposal) => (
          <li key={proposal.id}>
            <blockquote lang="">{proposal.message}</blockquote>
            <Link to={`/jobs/${proposal.jobId}`}>{m.jobs_operator_proposal_job()}</Link>{" "}
            <Form method="post" className="inline-form">
              <input type="hidden" name="proposal" value={proposal.id} />
              <button type="submit" className="button small danger">
                {m.jobs_operator_hide_proposal()}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
