/**
 * The standard form's parts A to D on the biodata page, in the form's order: personal, medical
 * and diet, others, skills (a tick for willing, years for experience, stars for the rating),
 * employment history and availability. Never the private details; the medical history only
 * when the reader may see it (`gated`), else a line on how to see it (decision 086).
 */
import { Link } from "react-router";
import { evaluationLabel, illnessLabel, interviewLabel, skillAreaLabel, skillGroupLabel } from "../../../shared/biodata-catalogue";
import { availabilityText, monthText, skillRows, yearsText, yesNoText } from "../../../shared/biodata-format";
import type { BiodataGated, BiodataPublic, EmploymentRow } from "../../../shared/biodata-types";
import { display } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { skillLabels, SkillsHead } from "./skills-head";

/** Label and value pairs, as the biodata page lists its facts. */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Stars({ rating }: { rating: number | null }) {
  if (rating === null) return <span>{m.helpers_part_not_applicable()}</span>;
  return (
    <span className="stars" role="img" aria-label={m.helpers_part_stars({ rating })}>
      {"★".repeat(rating)}
      <span className="stars-empty">{"☆".repeat(5 - rating)}</span>
    </span>
  );
}

function SkillsTable({ helper }: { helper: BiodataPublic }) {
  const rows = skillRows(helper.skills);
  if (rows.length === 0) return <p>{m.helpers_part_no_skills()}</p>;
  const labels = skillLabels();
  return (
    // Focusable so a keyboard can scroll the table sideways on a phone.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={m.helpers_part_skills()}>
      <table className="skills-table">
        <caption className="visually-hidden">{m.helpers_part_skills_caption()}</caption>
        <SkillsHead />
        <tbody>
          {rows.map(({ area, entry }) => (
            <tr key={area.slug}>
              <th scope="row">
                {area.group === "language" ? <span className="skill-group">{skillGroupLabel("language")}: </span> : null}
                {skillAreaLabel(area.slug)}
                {entry.detail ? <span className="skill-detail"> ({entry.detail})</span> : null}
              </th>
              <td data-label={labels.willing}>
                {/* The mark is for the eye; its words are read out (a span takes no aria-label). */}
                <span aria-hidden="true">{entry.willing ? "✓" : "—"}</span>
                <span className="visually-hidden">{entry.willing ? m.helpers_part_willing() : m.helpers_part_not_willing()}</span>
              </td>
              <td data-label={labels.experience}>{entry.experienced ? yearsText(entry.years) : m.helpers_part_none()}</td>
              <td data-label={labels.rating}>
                <Stars rating={entry.rating} />
              </td>
              <td data-label={labels.observation}>{display(entry.note)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The employment table's columns; on a phone each job is a card, each value under its column's name. */
const jobColumns = (): readonly { label: string; cell: (job: EmploymentRow) => string }[] => [
  { label: m.helpers_part_job_dates(), cell: (job) => `${monthText(job.from)} – ${monthText(job.to)}` },
  { label: m.helpers_part_job_country(), cell: (job) => job.country },
  { label: m.helpers_part_job_employer(), cell: (job) => display(job.employer) },
  { label: m.helpers_part_job_duties(), cell: (job) => display(job.duties) },
  { label: m.helpers_part_job_remarks(), cell: (job) => display(job.remarks) },
  { label: m.helpers_part_job_feedback(), cell: (job) => display(job.feedback) },
];

function EmploymentTable({ helper }: { helper: BiodataPublic }) {
  if (helper.employment.length === 0) return <p>{m.helpers_part_no_employment()}</p>;
  const columns = jobColumns();
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={m.helpers_part_employment()}>
      <table className="employment-table">
        <caption className="visually-hidden">{m.helpers_part_employment()}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {helper.employment.map((job, i) => (
            <tr key={i}>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.cell(job)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function medicalRows(gated: BiodataGated): [string, string][] {
  const illnesses = gated.illnesses.map((slug) =>
    slug === "other" ? m.helpers_part_other_value({ value: display(gated.illnessOther) }) : illnessLabel(slug),
  );
  return [
    [m.helpers_part_allergies(), display(gated.allergies)],
    [m.helpers_part_illnesses(), illnesses.length > 0 ? illnesses.join(", ") : m.helpers_part_none()],
    [m.helpers_part_disabilities(), display(gated.disabilities)],
  ];
}

interface BiodataPartsProps {
  /** The biodata, with the days off the standard form's "preferred rest days" row prints (decision 171). */
  helper: BiodataPublic & { offDays: number };
  /** The medical history and date of birth, or null when this reader may not see them. */
  gated: BiodataGated | null;
  /** The visitor gate, returning to this biodata once passed. */
  gateLink: string;
}

export function BiodataParts({ helper, gated, gateLink }: BiodataPartsProps) {
  const evaluation =
    helper.skillsEvaluation === "other"
      ? m.helpers_part_other_value({ value: display(helper.skillsEvaluationOther) })
      : helper.skillsEvaluation
        ? evaluationLabel(helper.skillsEvaluation)
        : "—";
  const interview = helper.interview.length > 0 ? helper.interview.map(interviewLabel).join(", ") : m.helpers_part_no_interview();
  return (
    <div className="biodata-parts">
      <section aria-labelledby="part-personal">
        <h2 id="part-personal">{m.helpers_part_personal()}</h2>
        <Facts
          rows={[
            [m.helpers_part_place_of_birth(), display(helper.placeOfBirth)],
            [m.helpers_part_siblings(), display(helper.siblings)],
          ]}
        />
      </section>
      <section aria-labelledby="part-medical">
        <h2 id="part-medical">{m.helpers_part_medical()}</h2>
        {gated ? null : (
          <p className="gated-note">
            {m.helpers_part_gated_note()} <Link to={gateLink}>{m.helpers_part_gated_link()}</Link>
          </p>
        )}
        <Facts
          rows={[
            ...(gated ? medicalRows(gated) : []),
            [m.helpers_part_dietary(), display(helper.dietaryRestrictions)],
            [m.helpers_part_pork(), yesNoText(helper.handlesPork)],
            [m.helpers_part_beef(), yesNoText(helper.handlesBeef)],
            [m.helpers_part_food_other(), display(helper.foodHandlingOther)],
          ]}
        />
      </section>
      <section aria-labelledby="part-others">
        <h2 id="part-others">{m.helpers_part_others()}</h2>
        <Facts
          rows={[
            [m.helpers_part_rest_days(), display(helper.offDays)],
            [m.helpers_part_other_remarks(), display(helper.otherRemarks)],
          ]}
        />
      </section>
      <section aria-labelledby="part-skills">
        <h2 id="part-skills">{m.helpers_part_skills()}</h2>
        <p className="evaluation">{m.helpers_part_evaluated({ evaluation })}</p>
        <SkillsTable helper={helper} />
      </section>
      <section aria-labelledby="part-employment">
        <h2 id="part-employment">{m.helpers_part_employment()}</h2>
        <EmploymentTable helper={helper} />
        <Facts rows={[[m.helpers_part_worked_in_singapore(), yesNoText(helper.workedInSingapore)]]} />
      </section>
      <section aria-labelledby="part-availability">
        <h2 id="part-availability">{m.helpers_part_availability()}</h2>
        <p className="availability-line">{availabilityText(helper.availableFrom)}</p>
        <Facts rows={[[m.helpers_part_interview(), interview]]} />
      </section>
    </div>
  );
}
