import { Link } from "react-router";
import { parseIsoDate } from "../../../shared/age";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatCalendarDay, formatOffDays, formatSalary, listText } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { JobView } from "../server/views";
import { localHref } from "../../../shared/i18n/page-locale";

/** What the facts of a post need: the service's view of it, without its dates. */
export type ShownJob = Omit<JobView, "postedAt" | "expiresAt">;

const labels = (name: "care" | "language" | "nationality", slugs: readonly string[]) =>
  listText(slugs.map((slug) => labelOf(name, slug) ?? slug));

/** A post's heading: where, and the care it needs. */
export const jobTitle = (job: Pick<ShownJob, "district" | "cares">) =>
  m.shared_job_title_of({ district: m.shared_job_district({ slug: job.district }), cares: labels("care", job.cares) });

export function startText(startDate: string): string {
  const date = parseIsoDate(startDate);
  return date ? formatCalendarDay(date.year, date.month, date.day) : startDate;
}

export const salaryRange = (job: Pick<ShownJob, "salaryMin" | "salaryMax">) =>
  job.salaryMin === job.salaryMax
    ? formatSalary(job.salaryMin)!
    : m.shared_job_salary_range({ min: formatSalary(job.salaryMin)!, max: formatSalary(job.salaryMax)! });

export function householdText(job: ShownJob): string {
  const parts = [m.shared_job_adults({ count: job.adults })];
  if (job.childrenAges.length > 0)
    parts.push(m.shared_job_children({ count: job.childrenAges.length, ages: listText(job.childrenAges.map(String)) }));
  if (job.elderly) {
    parts.push(
      job.elderlyNeeds.length > 0
        ? m.shared_job_elderly_needing({ needs: listText(job.elderlyNeeds.map((need) => m.shared_job_elder_need({ need }))) })
        : m.shared_job_elderly(),
    );
  }
  return listText(parts);
}

export const stateText = (state: ShownJob["state"]) => m.shared_job_state({ state });

/** The facts of a post in the reader's language, its free text as the family wrote it. */
export function JobFacts({ job, full = true }: { job: ShownJob; full?: boolean }) {
  const rows: [string, string][] = [
    [m.shared_job_fact_care(), labels("care", job.cares)],
    [m.shared_job_fact_household(), householdText(job)],
    [m.shared_job_fact_home(), `${m.shared_job_home({ home: job.home })}, ${m.shared_job_district({ slug: job.district })}`],
    [m.shared_job_fact_start(), startText(job.startDate)],
    [m.shared_job_fact_salary(), salaryRange(job)],
    [m.shared_job_fact_days_off(), formatOffDays(job.offDays)!],
  ];
  if (full) {
    rows.push([m.shared_job_fact_languages(), job.languages.length > 0 ? labels("language", job.languages) : m.shared_job_none()]);
    rows.push([
      m.shared_job_fact_nationalities(),
      job.nationalities.length > 0 ? labels("nationality", job.nationalities) : m.shared_job_any(),
    ]);
  }
  return (
    <>
      <dl className="job-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {full && job.description ? (
        <p className="job-text" lang="">
          {job.description}
        </p>
      ) : null}
    </>
  );
}

/** A post in a list: its heading links to its page. */
export function JobCard({ job, to }: { job: ShownJob; to?: string }) {
  return (
    <article className="job-card" aria-labelledby={`job-${job.id}`}>
      <h2 id={`job-${job.id}`}>
        <Link to={to ?? localHref(`/jobs/${job.id}`)}>{jobTitle(job)}</Link>
      </h2>
      {job.state !== "open" ? <p className="muted">{stateText(job.state)}</p> : null}
      <JobFacts job={job} full={false} />
    </article>
  );
}
