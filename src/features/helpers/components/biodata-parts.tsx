/**
 * The standard form's parts A to D on the biodata page, in the form's order: personal, medical
 * and diet, others, skills (a tick for willing, years for experience, stars for the rating),
 * employment history and availability. Never the private details; the medical history only
 * when the reader may see it (`gated`), else a line on how to see it (decision 086).
 */
import { Link } from "react-router";
import { evaluationLabel, illnessLabel, interviewLabel, skillGroupLabels } from "../../../shared/biodata-catalogue";
import { availabilityText, monthText, skillRows, yearsText, yesNoText } from "../../../shared/biodata-format";
import type { BiodataGated, BiodataPublic, EmploymentRow } from "../../../shared/biodata-types";
import { display } from "../../../shared/format";
import { SKILL_LABELS, SkillsHead } from "./skills-head";

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
  if (rating === null) return <span>N.A.</span>;
  return (
    <span className="stars" role="img" aria-label={`${rating} of 5 stars`}>
      {"★".repeat(rating)}
      <span className="stars-empty">{"☆".repeat(5 - rating)}</span>
    </span>
  );
}

function SkillsTable({ helper }: { helper: BiodataPublic }) {
  const rows = skillRows(helper.skills);
  if (rows.length === 0) return <p>No skills recorded yet.</p>;
  return (
    // Focusable so a keyboard can scroll the table sideways on a phone.
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Skills">
      <table className="skills-table">
        <caption className="visually-hidden">Skills: willingness, experience and assessment</caption>
        <SkillsHead />
        <tbody>
          {rows.map(({ area, entry }) => (
            <tr key={area.slug}>
              <th scope="row">
                {area.group === "language" ? <span className="skill-group">{skillGroupLabels.language}: </span> : null}
                {area.label}
                {entry.detail ? <span className="skill-detail"> ({entry.detail})</span> : null}
              </th>
              <td data-label={SKILL_LABELS.willing}>
                {entry.willing ? <span aria-label="Willing">✓</span> : <span aria-label="Not willing">—</span>}
              </td>
              <td data-label={SKILL_LABELS.experience}>{entry.experienced ? yearsText(entry.years) : "None"}</td>
              <td data-label={SKILL_LABELS.rating}>
                <Stars rating={entry.rating} />
              </td>
              <td data-label={SKILL_LABELS.observation}>{display(entry.note)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The employment table's columns; on a phone each job is a card, each value under its column's name. */
const JOB_COLUMNS: readonly { label: string; cell: (job: EmploymentRow) => string }[] = [
  { label: "From – to", cell: (job) => `${monthText(job.from)} – ${monthText(job.to)}` },
  { label: "Country", cell: (job) => job.country },
  { label: "Employer", cell: (job) => display(job.employer) },
  { label: "Main duties", cell: (job) => display(job.duties) },
  { label: "Remarks", cell: (job) => display(job.remarks) },
  { label: "Employer's feedback", cell: (job) => display(job.feedback) },
];

function EmploymentTable({ helper }: { helper: BiodataPublic }) {
  if (helper.employment.length === 0) return <p>No previous employment.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Employment history">
      <table className="employment-table">
        <caption className="visually-hidden">Employment history</caption>
        <thead>
          <tr>
            {JOB_COLUMNS.map((column) => (
              <th scope="col" key={column.label}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {helper.employment.map((job, i) => (
            <tr key={i}>
              {JOB_COLUMNS.map((column) => (
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
  const illnesses = gated.illnesses.map((slug) => (slug === "other" ? `Other: ${display(gated.illnessOther)}` : illnessLabel(slug)));
  return [
    ["Allergies", display(gated.allergies)],
    ["Past and existing illnesses", illnesses.length > 0 ? illnesses.join(", ") : "None"],
    ["Physical disabilities", display(gated.disabilities)],
  ];
}

interface BiodataPartsProps {
  helper: BiodataPublic;
  /** The medical history and date of birth, or null when this reader may not see them. */
  gated: BiodataGated | null;
  /** The visitor gate, returning to this biodata once passed. */
  gateLink: string;
}

export function BiodataParts({ helper, gated, gateLink }: BiodataPartsProps) {
  const evaluation =
    helper.skillsEvaluation === "other"
      ? `Other: ${display(helper.skillsEvaluationOther)}`
      : helper.skillsEvaluation
        ? evaluationLabel(helper.skillsEvaluation)
        : "—";
  const interview = helper.interview.length > 0 ? helper.interview.map(interviewLabel).join(", ") : "Not available for interview";
  return (
    <div className="biodata-parts">
      <section aria-labelledby="part-personal">
        <h2 id="part-personal">Personal</h2>
        <Facts
          rows={[
            ["Place of birth", display(helper.placeOfBirth)],
            ["Siblings", display(helper.siblings)],
          ]}
        />
      </section>
      <section aria-labelledby="part-medical">
        <h2 id="part-medical">Medical and diet</h2>
        {gated ? null : (
          <p className="gated-note">
            Her medical history and date of birth are shown to families who leave their name and number.{" "}
            <Link to={gateLink}>Leave your name and number to see them</Link>
          </p>
        )}
        <Facts
          rows={[
            ...(gated ? medicalRows(gated) : []),
            ["Dietary restrictions", display(helper.dietaryRestrictions)],
            ["Handles pork", yesNoText(helper.handlesPork)],
            ["Handles beef", yesNoText(helper.handlesBeef)],
            ["Other food handling", display(helper.foodHandlingOther)],
          ]}
        />
      </section>
      <section aria-labelledby="part-others">
        <h2 id="part-others">Others</h2>
        <Facts
          rows={[
            ["Preferred rest days a month", display(helper.restDays)],
            ["Other remarks", display(helper.otherRemarks)],
          ]}
        />
      </section>
      <section aria-labelledby="part-skills">
        <h2 id="part-skills">Skills</h2>
        <p className="evaluation">Evaluated: {evaluation}</p>
        <SkillsTable helper={helper} />
      </section>
      <section aria-labelledby="part-employment">
        <h2 id="part-employment">Employment history</h2>
        <EmploymentTable helper={helper} />
        <Facts rows={[["Worked in Singapore before", yesNoText(helper.workedInSingapore)]]} />
      </section>
      <section aria-labelledby="part-availability">
        <h2 id="part-availability">Availability</h2>
        <p className="availability-line">{availabilityText(helper.availableFrom)}</p>
        <Facts rows={[["Interview", interview]]} />
      </section>
    </div>
  );
}
