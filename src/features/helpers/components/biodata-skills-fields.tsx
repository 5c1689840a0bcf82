/**
 * Part B of the form: the skills as a table of toggles, numbers and ratings, one row an area.
 * On a phone each row becomes a card (styles in biodata-editor.css). Every input is named as
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
  m.helpers_supplier_skill_area(),
  m.helpers_supplier_skill_willing(),
  m.helpers_supplier_skill_experience(),
  m.helpers_supplier_skill_years(),
  m.helpers_supplier_skill_rating(),
  m.helpers_supplier_skill_observation(),
];

function FormSkillsHead({ columns }: { columns: string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function SkillRow({ area, skill, options }: { area: SkillArea; skill: FieldMetadata<SkillFormRow>; options: ReturnType<typeof ratings> }) {
  const row = skill.getFieldset();
  const { skillYears, text } = BIODATA_LIMITS;
  const name = skillAreaLabel(area.slug);
  const detail = skillDetailLabel(area.slug);
  const toggle = (label: string) => (
    <>
      <span className="visually-hidden">{name}: </span>
      {label}
    </>
  );
  return (
    <tr>
      <th scope="row">
        {name}
        {skill.errors?.[0] ? <p className="field-error">{skill.errors[0]}</p> : null}
      </th>
      <td data-label={m.helpers_supplier_skill_willing()}>
        <Field kind="checkbox" field={row.willing} label={toggle(m.helpers_supplier_skill_willing())} labelClassName="skill-check-label" />
      </td>
      <td data-label={m.helpers_supplier_skill_experience()}>
        <Field
          kind="checkbox"
          field={row.experienced}
          label={toggle(m.helpers_supplier_skill_has_experience())}
          labelClassName="skill-check-label"
        />
      </td>
      <td>
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
      <td>
        <Field
          kind="select"
          field={row.rating}
          defaultValue={initialText(row.rating) || NOT_RATED}
          label={m.helpers_supplier_skill_rating_of({ area: name })}
          options={options}
        />
      </td>
      <td>
        {detail ? (
          <Field
            field={row.detail}
            label={m.helpers_supplier_skill_detail_of({ area: name, detail: detail.toLocaleLowerCase() })}
            maxLength={text.short}
          />
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
      <p className="hint">{m.helpers_supplier_skills_hint()}</p>
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
