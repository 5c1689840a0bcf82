import { Form, Link } from "react-router";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatSalary } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { jobTitle, stateText, type ShownJob } from "./job-facts";

export interface SpaceProposal {
  id: string;
  helper: { id: string; name: string; ref: string; nationality: string; age: number | null; salary: number };
  supplier: string;
  message: string;
  status: "pending" | "accepted" | "declined";
  conversationId: string | null;
}

export interface SpaceJob extends ShownJob {
  hiddenReason: string | null;
  proposals: SpaceProposal[];
}

/** A one-tap form of the space about its posts (a plain form: no script needed). */
function Tap(props: { intent: string; fields: Record<string, string>; label: string; text: string; kind?: string }) {
  return (
    <Form method="post" action={localHref("/messages/jobs")} className="inline-form">
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={`button small ${props.kind ?? ""}`} aria-label={props.label}>
        {props.text}
      </button>
    </Form>
  );
}

function Proposal({ proposal }: { proposal: SpaceProposal }) {
  const { helper } = proposal;
  const who = `${helper.name} (${helper.ref})`;
  const about = [
    labelOf("nationality", helper.nationality),
    helper.age ? m.jobs_age({ age: helper.age }) : null,
    formatSalary(helper.salary),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <li className="job-proposal">
      <p>
        <Link to={localHref(`/posts/${helper.id}`)}>{who}</Link> <span className="muted">{about}</span>
      </p>
      <p className="muted">{m.jobs_proposed_by({ supplier: proposal.supplier })}</p>
      <blockquote lang="">{proposal.message}</blockquote>
      {proposal.status === "pending" ? (
        <div className="proposal-actions">
          <Tap
            intent="accept"
            fields={{ proposal: proposal.id }}
            label={m.jobs_accept_label({ helper: who })}
            text={m.jobs_accept()}
            kind="primary"
          />
          <Tap intent="decline" fields={{ proposal: proposal.id }} label={m.jobs_decline_label({ helper: who })} text={m.jobs_decline()} />
          <Tap
            intent="report"
            fields={{ proposal: proposal.id }}
            label={m.jobs_report_label({ helper: who })}
            text={m.jobs_report()}
            kind="link"
          />
        </div>
      ) : proposal.status === "accepted" && proposal.conversationId ? (
        <p>
          <Link to={localHref(`/messages/${proposal.conversationId}`)}>{m.jobs_open_conversation()}</Link>
        </p>
      ) : (
        <p className="muted">{m.jobs_declined()}</p>
      )}
    </li>
  );
}

/** The family's posts in its space, each with its one-tap changes and the proposals suppliers made. */
export function SpaceJobs({ jobs, note }: { jobs: SpaceJob[]; note: string | null }) {
  return (
    <section id="job-posts" aria-labelledby="job-posts-heading">
      <h2 id="job-posts-heading">{m.jobs_space_heading()}</h2>
      {note ? (
        <p className="form-success" role="status">
          {note}
        </p>
      ) : null}
      {jobs.length === 0 ? <p>{m.jobs_space_empty()}</p> : null}
      <p>
        <Link to={localHref("/jobs/new")}>{m.jobs_post_link()}</Link>
      </p>
      {jobs.map((job) => {
        const title = jobTitle(job);
        const pending = job.proposals.filter((proposal) => proposal.status === "pending").length;
        return (
          <article key={job.id} className="space-job" aria-labelledby={`space-job-${job.id}`}>
            <h3 id={`space-job-${job.id}`}>
              <Link to={localHref(`/jobs/${job.id}`)}>{title}</Link>
            </h3>
            <p className="muted">
              {stateText(job.state)}
              {job.state === "hidden" && job.hiddenReason ? ` — ${m.jobs_hidden_because({ reason: job.hiddenReason })}` : ""}
              {pending > 0 ? ` · ${m.jobs_proposals_waiting({ count: pending })}` : ""}
            </p>
            <div className="proposal-actions">
              {job.state === "open" ? (
                <Tap
                  intent="status"
                  fields={{ job: job.id, status: "paused" }}
                  label={m.jobs_pause_label({ job: title })}
                  text={m.jobs_pause()}
                />
              ) : null}
              {job.state === "paused" ? (
                <Tap
                  intent="status"
                  fields={{ job: job.id, status: "open" }}
                  label={m.jobs_resume_label({ job: title })}
                  text={m.jobs_resume()}
                />
              ) : null}
              {job.state === "open" || job.state === "paused" ? (
                <Tap
                  intent="status"
                  fields={{ job: job.id, status: "filled" }}
                  label={m.jobs_filled_label({ job: title })}
                  text={m.jobs_filled()}
                />
              ) : null}
              <Tap
                intent="delete"
                fields={{ job: job.id }}
                label={m.jobs_delete_label({ job: title })}
                text={m.jobs_delete()}
                kind="danger"
              />
            </div>
            {job.proposals.length > 0 ? (
              <ul className="job-proposals" aria-label={m.jobs_proposals_of({ job: title })}>
                {job.proposals.map((proposal) => (
                  <Proposal key={proposal.id} proposal={proposal} />
                ))}
              </ul>
            ) : null}
          </article>
        );
      })}
    </section>
  );
}

/** What the space says after one of its forms about posts. */
export function spaceJobsNote(param: string | null): string | null {
  switch (param) {
    case "paused":
    case "open":
    case "filled":
    case "deleted":
    case "declined":
    case "reported":
      return m.jobs_space_done({ done: param });
    default:
      return null;
  }
}
