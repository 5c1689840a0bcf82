/**
 * A helper's availability in words: the one place that decides them, for the cards, the
 * biodata page, the shortlist's compare table, the PDF and the link preview's description.
 * "Today" is the day in Singapore. A start date in the month under way is told to the day
 * ("From 28 Nov"), never as the month alone: "From Nov 2026" read in November says nothing.
 * Pages that print these words are kept at most until the day in Singapore turns (the page
 * cache's key holds the day, the PDF cache's too), so a kept copy never outlives what it says.
 */
import { calendarDateAt, formatIsoDate, parseIsoDate } from "./age";
import { formatCalendarDay, formatDayOfMonth, formatMonth } from "./format";
import { m } from "./i18n/compiled/messages.js";

export interface Availability {
  /** She can start today (no date, or a date that has come). */
  now: boolean;
  /** The card's form: "Available now", "From 28 Nov" (this month) or "From Feb 2027". */
  short: string;
  /** The biodata's form, with the start date: "Available now" or "Available from 1 Feb 2027". */
  long: string;
}

/** In the page's language (src/shared/messages), its dates through Intl (format.ts). */
export function availability(availableFrom: string | null | undefined, now = new Date()): Availability {
  const date = availableFrom ? parseIsoDate(availableFrom) : undefined;
  const today = calendarDateAt(now);
  if (!date || availableFrom! <= formatIsoDate(today)) {
    const words = m.shared_available_now();
    return { now: true, short: words, long: words };
  }
  const thisMonth = date.year === today.year && date.month === today.month;
  return {
    now: false,
    short: m.shared_from_date({ date: thisMonth ? formatDayOfMonth(date.month, date.day) : formatMonth(date.year, date.month) }),
    long: m.shared_available_from({ date: formatCalendarDay(date.year, date.month, date.day) }),
  };
}

/** "Available now", or "Available from 1 Feb 2027" while the day is ahead (in Singapore). */
export const availabilityText = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).long;

/** The card's short form: "Available now", "From 28 Nov" or "From Feb 2027". */
export const availabilityShort = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).short;
