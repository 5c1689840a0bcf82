/**
 * The standard form's parts in words, the same on the biodata page, the cards and the PDF.
 */
import { MONTHS } from "./format";
import { skillAreas, type SkillArea } from "./biodata-catalogue";
import type { SkillEntry, Skills } from "./biodata-types";

// Availability is on every card, so it lives where the listing's script does not bring the
// standard form's catalogue with it.
export { availabilityShort, availabilityText } from "./availability";

/** "2019-03" -> "Mar 2019". */
export function monthText(month: string): string {
  const [year, m] = month.split("-");
  const name = MONTHS[Number(m) - 1];
  return name && year ? `${name} ${year}` : month;
}

export function yesNoText(value: boolean | null | undefined): string {
  return value == null ? "—" : value ? "Yes" : "No";
}

/** "3 years", "1 year", or a dash. */
export function yearsText(years: number | null): string {
  if (years === null) return "—";
  return `${years} ${years === 1 ? "year" : "years"}`;
}

/** The skills table's rows in the form's order: only the areas filled in. */
export function skillRows(skills: Skills): { area: SkillArea; entry: SkillEntry }[] {
  return skillAreas.flatMap((area) => {
    const entry = skills[area.slug];
    return entry ? [{ area, entry }] : [];
  });
}
