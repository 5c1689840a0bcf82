/**
 * Part B of the form: the skills as a table of toggles, numbers and ratings, one row an area.
 * On a phone each row is two compact lines, the skill's name and its two toggles, then its
 * years, rating and observation, under the headings written once at the top in the same two
 * lines (styles in biodata-editor.css). Every input is named as
 * the schema reads it (`skills.cooking.years`), so the table posts without any script.
 */
import type { FieldMetadata } from "@conform-to/react";
import {
  BIODATA_LIMITS,
  skillAreaLabel,
  skillAreas,
  skillDetailLabel,
  skillGroupLabel,
  type SkillArea,
} from "../../../shared/biodata-catalogue";
import type { SkillFormRow } from "./biodata-form-values";
import { Field, initialText } from "../../../ui/field";
import type { BiodataFields } from "./biodata-form-section";
import { NOT_RATED } from "./biodata-form-sections";
import { m } from "../../../shared/i18n/compiled/messages.js";

const ratings = () => [
  { value: NOT_RATED, label: m.helpers_supplier_not_rated() },
  ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: m.helpers_supplier_stars({ count: n }) })),
];

/** The form's columns: the biodata page's, with the years and the detail it also asks for. */
const formColumns = () => [
  { label: m.helpers_supplier_skill_area(), className: "skill-area" },
  { label: m.helpers_supplier_skill_willing(), className: "skill-toggle" },
  { label: m.helpers_supplier_skill_experience(), className: "skill-toggle skill-experienced" },
  { label: m.helpers_supplier_skill_years(), className: "skill-years" },
  { label: m.helpers_supplier_skill_rating(), className: "skill-rating" },
  { label: m.helpers_supplier_skill_observation(), className: "skill-notes" },
];

/** The headings, written once: on a phone they are laid out as each row is, in two lines. */
function FormSkillsHead({ columns }: { columns: ReturnType<typeof formColumns> }) {
  return (
    <thead>
      <tr>
        {columns.map(({ label, className }) => (
          <th key={label} scope="col" className={className}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * The detail box's word above it, on a phone only: the detail shares the column of "Details and
 * observation", above the observation. Hidden from screen readers: the box's label says it, with
 * the skill.
 */
function Caption({ children }: { children: string }) {
  return (
    <span className="skill-caption" aria-hidden="true">
      {children}
    </span>
  );
}

function SkillRow({ area, skill, options }: { area: SkillArea; skill: FieldMetadata<SkillFormRow>; options: ReturnType<typeof ratings> }) {
  const row = skill.getFieldset();
  const { skillYears, text } = BIODATA_LIMITS;
  const name = skillAreaLabel(area.slug);
  const detail = skillDetailLabel(area.slug);
  // The skill is named once on the row; each box's label repeats it, for screen readers only.
  const toggle = (label: string) => (
    <>
      <span className="visually-hidden">{name}: </span>
      {label}
    </>
  );
  return (
    <tr>
      <th scope="row" className="skill-area">
        {name}
        {skill.errors?.[0] ? <p className="field-error">{skill.errors[0]}</p> : null}
      </th>
      <td className="skill-toggle">
        <Field kind="checkbox" field={row.willing} label={toggle(m.helpers_supplier_skill_willing())} labelClassName="skill-check-label" />
      </td>
      <td className="skill-toggle skill-experienced">
        <Field
          kind="checkbox"
          field={row.experienced}
          label={toggle(m.helpers_supplier_skill_has_experience())}
          labelClassName="skill-check-label"
        />
      </td>
      <td className="skill-years">
        <Field
          field={row.years}
          label={m.helpers_supplier_skill_years_of({ area: name })}
          type="number"
          inputMode="numeric"
          min={skillYears.min}
          max={skillYears.max}
          step={1}
        />
      </td>
      <td className="skill-rating">
        <Field
          kind="select"
          field={row.rating}
          defaultValue={initialText(row.rating) || NOT_RATED}
          label={m.helpers_supplier_skill_rating_of({ area: name })}
          options={options}
        />
      </td>
      <td className="skill-notes">
        {detail ? (
          <>
            <Caption>{detail}</Caption>
            <Field
              field={row.detail}
              label={m.helpers_supplier_skill_detail_of({ area: name, detail: detail.toLocaleLowerCase() })}
              maxLength={text.short}
            />
          </>
        ) : null}
        <Field field={row.note} label={m.helpers_supplier_skill_observation_of({ area: name })} maxLength={text.medium} />
      </td>
    </tr>
  );
}

export function SkillsFields({ fields }: { fields: BiodataFields }) {
  const skills = fields.skills.getFieldset();
  const groups = [...new Set(skillAreas.map((area) => area.group))];
  const columns = formColumns();
  const options = ratings();
  return (
    <>
      <p className="hint skills-hint">{m.helpers_supplier_skills_hint()}</p>
      <table className="skills-form-table">
        <FormSkillsHead columns={columns} />
        {groups.map((group) => (
          <tbody key={group}>
            <tr className="skills-group-row">
              <th scope="rowgroup" colSpan={columns.length}>
                {skillGroupLabel(group)}
              </th>
            </tr>
            {skillAreas
              .filter((area) => area.group === group)
              .map((area) => (
                <SkillRow key={area.slug} area={area} skill={skills[area.slug]!} options={options} />
              ))}
          </tbody>
        ))}
      </table>
    </>
  );
}
