/**
 * A helper's availability in words, on the cards, the biodata page and the PDF.
 */
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import { formatBirthDate } from "./format";

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

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
