/**
 * The skills table's column headings, one list for the biodata page and the form: the form
 * adds a column for the years and names the last one for the detail it also asks for.
 */
export const SKILL_LABELS = {
  area: "Area of work",
  willing: "Willing",
  experience: "Experience",
  years: "Years",
  rating: "Rating",
  observation: "Observation",
} as const;

const COLUMNS: readonly { label: string; formLabel?: string; formOnly?: boolean }[] = [
  { label: SKILL_LABELS.area },
  { label: SKILL_LABELS.willing },
  { label: SKILL_LABELS.experience },
  { label: SKILL_LABELS.years, formOnly: true },
  { label: SKILL_LABELS.rating },
  { label: SKILL_LABELS.observation, formLabel: "Details and observation" },
];

export function SkillsHead({ form = false }: { form?: boolean }) {
  return (
    <thead>
      <tr>
        {COLUMNS.filter((column) => form || !column.formOnly).map((column) => (
          <th key={column.label} scope="col">
            {form ? (column.formLabel ?? column.label) : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** How many columns the form's table has, for a row spanning them all. */
export const FORM_SKILL_COLUMNS = COLUMNS.length;
