/**
 * A helper's availability in words: the one place that decides them, for the cards, the
 * biodata page, the shortlist's compare table, the PDF and the link preview's description.
 * "Today" is the day in Singapore. A start date in the month under way is told to the day
 * ("From 28 Nov"), never as the month alone: "From Nov 2026" read in November says nothing.
 * Pages that print these words are kept at most until the day in Singapore turns (the page
 * cache's key holds the day, the PDF cache's too), so a kept copy never outlives what it says.
 */
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import { MONTHS } from "./format";

export interface Availability {
  /** She can start today (no date, or a date that has come). */
  now: boolean;
  /** The card's form: "Available now", "From 28 Nov" (this month) or "From Feb 2027". */
  short: string;
  /** The biodata's form, with the start date: "Available now" or "Available from 1 Feb 2027". */
  long: string;
}

const NOW: Availability = { now: true, short: "Available now", long: "Available now" };

export function availability(availableFrom: string | null | undefined, now = new Date()): Availability {
  const date = availableFrom ? parseIsoDate(availableFrom) : undefined;
  const today = calendarDateAt(now);
  if (!date || availableFrom! <= formatIsoDate(today)) return NOW;
  const month = MONTHS[date.month - 1]!;
  const thisMonth = date.year === today.year && date.month === today.month;
  return {
    now: false,
    short: thisMonth ? `From ${date.day} ${month}` : `From ${month} ${date.year}`,
    long: `Available from ${date.day} ${month} ${date.year}`,
  };
}

/** "Available now", or "Available from 1 Feb 2027" while the day is ahead (in Singapore). */
export const availabilityText = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).long;

/** The card's short form: "Available now", "From 28 Nov" or "From Feb 2027". */
export const availabilityShort = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).short;
