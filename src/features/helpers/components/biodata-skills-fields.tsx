/**
 * Part B of the form: the skills as a table of toggles, numbers and ratings, one row an area.
 * On a phone each row becomes a card (styles in biodata-editor.css). Every input is named as
 * the schema reads it (`skills.cooking.years`), so the table posts without any script.
 */
import type { FieldMetadata } from "@conform-to/react";
import { BIODATA_LIMITS, skillAreas, skillGroupLabels, type SkillArea } from "../../../shared/biodata-catalogue";
import type { SkillFormRow } from "./biodata-form-values";
import { Field, initialText } from "../../../ui/field";
import type { BiodataFields } from "./biodata-form-section";
import { NOT_RATED } from "./biodata-form-sections";
import { FORM_SKILL_COLUMNS, SkillsHead } from "./skills-head";

const RATINGS = [
  { value: NOT_RATED, label: "N.A." },
  ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} ${n === 1 ? "star" : "stars"}` })),
];

function SkillRow({ area, skill }: { area: SkillArea; skill: FieldMetadata<SkillFormRow> }) {
  const row = skill.getFieldset();
  const { skillYears, text } = BIODATA_LIMITS;
  const toggle = (label: string) => (
    <>
      <span className="visually-hidden">{area.label}: </span>
      {label}
    </>
  );
  return (
    <tr>
      <th scope="row">
        {area.label}
        {skill.errors?.[0] ? <p className="field-error">{skill.errors[0]}</p> : null}
      </th>
      <td data-label="Willing">
        <Field kind="checkbox" field={row.willing} label={toggle("Willing")} labelClassName="skill-check-label" />
      </td>
      <td data-label="Experience">
        <Field kind="checkbox" field={row.experienced} label={toggle("Has experience")} labelClassName="skill-check-label" />
      </td>
      <td>
        <Field
          field={row.years}
          label={`${area.label}: years`}
          type="number"
          inputMode="numeric"
          min={skillYears.min}
          max={skillYears.max}
          step={1}
        />
      </td>
      <td>
        <Field
          kind="select"
          field={row.rating}
          defaultValue={initialText(row.rating) || NOT_RATED}
          label={`${area.label}: rating`}
          options={RATINGS}
        />
      </td>
      <td>
        {area.detail ? <Field field={row.detail} label={`${area.label}: ${area.detail.toLowerCase()}`} maxLength={text.short} /> : null}
        <Field field={row.note} label={`${area.label}: observation`} maxLength={text.medium} />
      </td>
    </tr>
  );
}

export function SkillsFields({ fields }: { fields: BiodataFields }) {
  const skills = fields.skills.getFieldset();
  const groups = [...new Set(skillAreas.map((area) => area.group))];
  return (
    <>
      <p className="hint">
        Tick what she is willing to do and what she has done; years of experience count as experience. Ratings are 1 (poor) to 5
        (excellent), or N.A.
      </p>
      <table className="skills-form-table">
        <SkillsHead form />
        {groups.map((group) => (
          <tbody key={group}>
            <tr className="skills-group-row">
              <th scope="rowgroup" colSpan={FORM_SKILL_COLUMNS}>
                {skillGroupLabels[group]}
              </th>
            </tr>
            {skillAreas
              .filter((area) => area.group === group)
              .map((area) => (
                <SkillRow key={area.slug} area={area} skill={skills[area.slug]!} />
              ))}
          </tbody>
        ))}
      </table>
    </>
  );
}
