/**
 * Part B of the form: the skills as a table of toggles, numbers and ratings, one row an area.
 * On a phone each row becomes a card (styles in biodata-editor.css). Every input is named as
 * the schema reads it (`skills.cooking.years`), so the table posts without any script.
 */
import { BIODATA_LIMITS, evaluationMethods, skillAreas, skillGroupLabels, type SkillArea } from "../../shared/biodata-catalogue";
import type { BiodataValues } from "../lib/biodata-form-values";
import { SelectField, TextField } from "./form-field";

const RATINGS = [
  { value: "na", label: "N.A." },
  ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: `${n} ${n === 1 ? "star" : "stars"}` })),
];

function SkillRow({ area, values, errors }: { area: SkillArea; values: BiodataValues; errors: Record<string, string> }) {
  const name = (field: string) => `skills.${area.slug}.${field}`;
  const value = (field: string) => {
    const v = values[name(field)];
    return typeof v === "string" ? v : "";
  };
  const id = (field: string) => `skill-${area.slug}-${field}`;
  const error = (field: string) => errors[name(field)];
  const { skillYears } = BIODATA_LIMITS;
  return (
    <tr>
      <th scope="row">
        {area.label}
        {errors[`skills.${area.slug}`] ? <p className="field-error">{errors[`skills.${area.slug}`]}</p> : null}
      </th>
      <td data-label="Willing">
        <input type="checkbox" id={id("willing")} name={name("willing")} defaultChecked={value("willing") === "on"} />
        <label htmlFor={id("willing")} className="skill-check-label">
          <span className="visually-hidden">{area.label}: </span>
          Willing
        </label>
      </td>
      <td data-label="Experience">
        <input type="checkbox" id={id("experienced")} name={name("experienced")} defaultChecked={value("experienced") === "on"} />
        <label htmlFor={id("experienced")} className="skill-check-label">
          <span className="visually-hidden">{area.label}: </span>
          Has experience
        </label>
      </td>
      <td>
        <TextField
          id={id("years")}
          label={`${area.label}: years`}
          name={name("years")}
          defaultValue={value("years")}
          error={error("years")}
          type="number"
          inputMode="numeric"
          min={skillYears.min}
          max={skillYears.max}
          step={1}
        />
      </td>
      <td>
        <SelectField id={id("rating")} label={`${area.label}: rating`} name={name("rating")} defaultValue={value("rating") || "na"} error={error("rating")} options={RATINGS} />
      </td>
      <td>
        {area.detail ? (
          <TextField id={id("detail")} label={`${area.label}: ${area.detail.toLowerCase()}`} name={name("detail")} defaultValue={value("detail")} error={error("detail")} maxLength={BIODATA_LIMITS.text.short} />
        ) : null}
        <TextField id={id("note")} label={`${area.label}: observation`} name={name("note")} defaultValue={value("note")} error={error("note")} maxLength={BIODATA_LIMITS.text.medium} />
      </td>
    </tr>
  );
}

export function SkillsFields({ values, errors }: { values: BiodataValues; errors: Record<string, string> }) {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const groups = [...new Set(skillAreas.map((area) => area.group))];
  return (
    <>
      <div className="form-grid">
        <SelectField
          label="Method of evaluation"
          name="skillsEvaluation"
          defaultValue={text("skillsEvaluation")}
          error={errors.skillsEvaluation}
          options={evaluationMethods.map((m) => ({ value: m.slug, label: m.label }))}
          placeholder="Not given"
        />
        <TextField label="Other method (if Other)" name="skillsEvaluationOther" defaultValue={text("skillsEvaluationOther")} error={errors.skillsEvaluationOther} maxLength={BIODATA_LIMITS.text.short} />
      </div>
      <p className="hint">Tick what she is willing to do and what she has done; years of experience count as experience. Ratings are 1 (poor) to 5 (excellent), or N.A.</p>
      <table className="skills-form-table">
        <thead>
          <tr>
            <th scope="col">Area of work</th>
            <th scope="col">Willing</th>
            <th scope="col">Experience</th>
            <th scope="col">Years</th>
            <th scope="col">Rating</th>
            <th scope="col">Details and observation</th>
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group}>
            <tr className="skills-group-row">
              <th scope="rowgroup" colSpan={6}>
                {skillGroupLabels[group]}
              </th>
            </tr>
            {skillAreas
              .filter((area) => area.group === group)
              .map((area) => (
                <SkillRow key={area.slug} area={area} values={values} errors={errors} />
              ))}
          </tbody>
        ))}
      </table>
    </>
  );
}
