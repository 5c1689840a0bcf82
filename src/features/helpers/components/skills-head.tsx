/** The skills table's column headings on the biodata page (the form draws its own, in the supplier's language). */
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The headings in the page's language (read when the table renders). */
export const skillLabels = () => ({
  area: m.helpers_skills_area(),
  willing: m.helpers_skills_willing(),
  experience: m.helpers_skills_experience(),
  rating: m.helpers_skills_rating(),
  observation: m.helpers_skills_observation(),
});

export function SkillsHead() {
  const labels = skillLabels();
  return (
    <thead>
      <tr>
        {[labels.area, labels.willing, labels.experience, labels.rating, labels.observation].map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
