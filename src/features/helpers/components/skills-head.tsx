/**
 * The skills table's column headings, one list for the biodata page and the form: the form
 * adds a column for the years and names the last one for the detail it also asks for.
 */
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The headings in the page's language (read when the table renders). */
export const skillLabels = () => ({
  area: m.helpers_skills_area(),
  willing: m.helpers_skills_willing(),
  experience: m.helpers_skills_experience(),
  years: m.helpers_skills_years(),
  rating: m.helpers_skills_rating(),
  observation: m.helpers_skills_observation(),
});

function columns(): readonly { label: string; formLabel?: string; formOnly?: boolean }[] {
  const labels = skillLabels();
  return [
    { label: labels.area },
    { label: labels.willing },
    { label: labels.experience },
    { label: labels.years, formOnly: true },
    { label: labels.rating },
    { label: labels.observation, formLabel: m.helpers_skills_details() },
  ];
}

export function SkillsHead({ form = false }: { form?: boolean }) {
  return (
    <thead>
      <tr>
        {columns()
          .filter((column) => form || !column.formOnly)
          .map((column) => (
            <th key={column.label} scope="col">
              {form ? (column.formLabel ?? column.label) : column.label}
            </th>
          ))}
      </tr>
    </thead>
  );
}

/** How many columns the form's table has, for a row spanning them all. */
export const FORM_SKILL_COLUMNS = 6;
