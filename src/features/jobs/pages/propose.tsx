import { data, Form, Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { unlistedPageMeta } from "../../../ui/meta";
import { FieldErrorText } from "../../../ui/field";
import { viewerOf } from "../../../ui/page-guards.server";
import { formRefusal } from "../../../ui/forms.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { JOB_LIMITS } from "../model";
import { JobFacts, jobTitle, stateText } from "../components/job-facts";
import type { Route } from "./+types/propose";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.jobs_supplier_propose_heading(), matches);

/** A post as the supplier answers it: the helpers of its who fit, each with a message to send. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const outcome = await formRefusal(() => context.services.jobs.forSupplier(viewerOf(context), params.id));
  if (!outcome.ok) throw data(m.jobs_error_no_post(), { status: 404 });
  return outcome.value;
}

type Answer = { error: string; fields: Record<string, string>; helper?: string } | { done: "proposed" | "reported" };

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = viewerOf(context);
  const form = await request.formData();
  const jobs = context.services.jobs;
  if (form.get("intent") === "report") {
    const outcome = await formRefusal(() => jobs.report(viewer, params.id));
    return outcome.ok ? ({ done: "reported" } satisfies Answer) : outcome.answer;
  }
  const helper = form.get("helper");
  const outcome = await formRefusal(() => jobs.propose(viewer, params.id, helper, form.get("message")));
  if (!outcome.ok) return data({ ...(outcome.answer.data as object), helper: String(helper ?? "") }, outcome.answer.init ?? undefined);
  return { done: "proposed" } satisfies Answer;
}

export default function Propose({ loaderData, actionData }: Route.ComponentProps) {
  const { job, fitting, proposals, mayPropose } = loaderData;
  const answer = actionData as Answer | undefined;
  const refused = answer && "error" in answer ? answer : undefined;
  return (
    <article className="job-page" aria-labelledby="propose-heading">
      <p>
        <Link to="/dashboard/jobs">{m.jobs_supplier_back_fitting()}</Link>
      </p>
      {answer && "done" in answer ? (
        <p className="form-success" role="status">
          {answer.done === "proposed" ? m.jobs_supplier_proposed() : m.jobs_supplier_reported()}
        </p>
      ) : null}
      {refused && (!refused.helper || Object.keys(refused.fields).length === 0) ? (
        <p className="form-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      <h1 id="propose-heading">{jobTitle(job)}</h1>
      <p className={job.state === "open" ? "form-success" : "muted"}>{stateText(job.state)}</p>
      <JobFacts job={job} />
      <h2>{m.jobs_supplier_your_proposals({ count: proposals.length, max: JOB_LIMITS.proposalsPerSupplier })}</h2>
      {proposals.length === 0 ? <p>{m.jobs_supplier_no_proposals()}</p> : null}
      <ul>
        {proposals.map((proposal) => (
          <li key={proposal.helperId}>
            {`${proposal.name} (${proposal.ref}): ${m.jobs_supplier_proposal_state({ state: proposal.status })}`}
          </li>
        ))}
      </ul>
      <h2>{m.jobs_supplier_fitting_now()}</h2>
      {!mayPropose ? (
        <p>
          {job.state === "open"
            ? m.jobs_supplier_error_too_many_proposals({ max: JOB_LIMITS.proposalsPerSupplier })
            : m.jobs_supplier_error_not_open()}
        </p>
      ) : fitting.length === 0 ? (
        <p>{m.jobs_supplier_none_fitting()}</p>
      ) : (
        fitting.map((helper) => {
          const mine = refused?.helper === helper.id ? refused : undefined;
          const error = mine?.fields.message ?? mine?.fields.helper;
          const errorId = `propose-${helper.id}-error`;
          return (
            <Form method="post" key={helper.id} className="form form-card">
              <input type="hidden" name="helper" value={helper.id} />
              <div className="field">
                <label htmlFor={`propose-${helper.id}`}>{m.jobs_supplier_message_for({ helper: `${helper.name} (${helper.ref})` })}</label>
                <textarea
                  id={`propose-${helper.id}`}
                  name="message"
                  rows={4}
                  required
                  maxLength={JOB_LIMITS.message.max}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                />
                <FieldErrorText id={errorId} text={error} />
              </div>
              <button type="submit" className="button primary">
                {m.jobs_supplier_propose_helper({ helper: helper.name })}
              </button>
            </Form>
          );
        })
      )}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="report" />
        <button type="submit" className="button small link">
          {m.jobs_supplier_report()}
        </button>
      </Form>
    </article>
  );
}
