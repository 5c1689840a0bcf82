import { Link } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { JobCard } from "../components/job-facts";
import type { Route } from "./+types/jobs";

export const policy = pagePolicy.personal({ sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.jobs_list_title({ site: siteName(matches) }) },
  { name: "description", content: m.jobs_list_intro() },
];

/** The posts taking proposals now, newest first: what families need, never who they are. */
export async function loader({ context }: Route.LoaderArgs) {
  return { jobs: await context.services.jobs.open() };
}

export default function Jobs({ loaderData }: Route.ComponentProps) {
  const { jobs } = loaderData;
  return (
    <section className="jobs-page" aria-labelledby="jobs-heading">
      <div className="dashboard-head">
        <h1 id="jobs-heading">{m.jobs_list_heading()}</h1>
        <Link className="button primary" to={localHref("/jobs/new")}>
          {m.jobs_post_link()}
        </Link>
      </div>
      <p>{m.jobs_list_intro()}</p>
      {jobs.length === 0 ? <p className="empty">{m.jobs_list_empty()}</p> : jobs.map((job) => <JobCard key={job.id} job={job} />)}
    </section>
  );
}
