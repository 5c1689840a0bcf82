/**
 * The standard form's parts in words, the same on the biodata page, the cards and the PDF.
 */
import { monthYearText } from "./availability";
import { skillAreas, type SkillArea } from "./biodata-catalogue";
import type { SkillEntry, Skills } from "./biodata-types";
import { m } from "./i18n/compiled/messages.js";

// Availability is on every card, so it lives where the listing's script does not bring the
// standard form's catalogue with it.
export { availabilityShort, availabilityText } from "./availability";

/** "2019-03" -> "Mar 2019" ("2019年3月" on a Chinese page). */
export function monthText(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return year && number && number >= 1 && number <= 12 ? monthYearText(year, number) : month;
}

export function yesNoText(value: boolean | null | undefined): string {
  return value == null ? "—" : value ? m.helpers_yes() : m.helpers_no();
}

/** "3 years", "1 year", or a dash. */
export function yearsText(years: number | null): string {
  if (years === null) return "—";
  return m.helpers_years({ count: years });
}

/** The skills table's rows in the form's order: only the areas filled in. */
export function skillRows(skills: Skills): { area: SkillArea; entry: SkillEntry }[] {
  return skillAreas.flatMap((area) => {
    const entry = skills[area.slug];
    return entry ? [{ area, entry }] : [];
  });
}
