import { Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { unlistedPageMeta } from "../../../ui/meta";
import { viewerOf } from "../../../ui/page-guards.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { JobCard } from "../components/job-facts";
import type { Route } from "./+types/fitting";

export const policy = pagePolicy.signedIn();

export const meta: Route.MetaFunction = ({ matches }) => unlistedPageMeta(m.jobs_supplier_fitting_heading(), matches);

/** The open posts that fit at least one of the supplier's available helpers, with those helpers. */
export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await context.services.jobs.fittingFor(viewerOf(context)) };
}

export default function FittingJobs({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  return (
    <section className="jobs-page" aria-labelledby="fitting-heading">
      <p>
        <Link to="/dashboard">{m.jobs_supplier_back_dashboard()}</Link>
      </p>
      <h1 id="fitting-heading">{m.jobs_supplier_fitting_heading()}</h1>
      <p>{m.jobs_supplier_fitting_intro()}</p>
      {entries.length === 0 ? <p className="empty">{m.jobs_supplier_fitting_empty()}</p> : null}
      {entries.map(({ job, helpers, proposed }) => (
        <div key={job.id} className="fitting-job">
          <JobCard job={job} to={`/dashboard/jobs/${job.id}`} />
          <p>
            {m.jobs_supplier_fitting_helpers({ helpers: helpers.map((helper) => `${helper.name} (${helper.ref})`).join(", ") })}{" "}
            <span className="muted">{m.jobs_supplier_proposed_count({ count: proposed, max: 3 })}</span>
          </p>
          <p>
            <Link className="button small primary" to={`/dashboard/jobs/${job.id}`}>
              {m.jobs_supplier_propose()}
            </Link>
          </p>
        </div>
      ))}
    </section>
  );
}
