/**
 * The standard form's parts in words, the same on the biodata page, the cards and the PDF.
 */
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import { skillAreas, type SkillArea } from "./biodata-catalogue";
import type { SkillEntry, Skills } from "./biodata-types";
import { formatBirthDate } from "./format";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function today(now: Date): string {
  return formatIsoDate(calendarDateAt(now));
}

/** "Available now", or "Available from 1 Feb 2027" while the day is ahead (in Singapore). */
export function availabilityText(availableFrom: string | null, now = new Date()): string {
  if (!availableFrom || availableFrom <= today(now)) return "Available now";
  return `Available from ${formatBirthDate(availableFrom) ?? availableFrom}`;
}

/** The card's short form: "Available now" or "From Feb 2027". */
export function availabilityShort(availableFrom: string | null, now = new Date()): string {
  const date = availableFrom ? parseIsoDate(availableFrom) : undefined;
  if (!date || availableFrom! <= today(now)) return "Available now";
  return `From ${MONTHS[date.month - 1]} ${date.year}`;
}

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
