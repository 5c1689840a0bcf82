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
import { m } from "./i18n/compiled/messages.js";
import { INTL_LOCALE } from "./i18n/locales";
import { pageLocale } from "./i18n/page-locale";

export interface Availability {
  /** She can start today (no date, or a date that has come). */
  now: boolean;
  /** The card's form: "Available now", "From 28 Nov" (this month) or "From Feb 2027". */
  short: string;
  /** The biodata's form, with the start date: "Available now" or "Available from 1 Feb 2027". */
  long: string;
}

/**
 * A calendar date in the page's language: English keeps its own short months ("1 Feb 2027"),
 * the others read as Intl writes them there ("2027年2月1日"). Calendar dates, so no time zone moves them.
 */
function dateText(date: { year: number; month: number; day?: number }): string {
  const locale = pageLocale();
  if (locale === "en") return [date.day, MONTHS[date.month - 1], date.year].filter((part) => part !== undefined).join(" ");
  const options: Intl.DateTimeFormatOptions = { timeZone: "UTC", year: "numeric", month: "short" };
  if (date.day !== undefined) options.day = "numeric";
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], options).format(Date.UTC(date.year, date.month - 1, date.day ?? 1));
}

/** "1 Mar" (English) or "3月1日": a day of the year under way. */
function dayText(date: { month: number; day: number }): string {
  const locale = pageLocale();
  if (locale === "en") return `${date.day} ${MONTHS[date.month - 1]}`;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: "UTC", month: "short", day: "numeric" }).format(
    Date.UTC(2000, date.month - 1, date.day),
  );
}

/** A day given as "2027-02-01", "1 Feb 2027" or "2027年2月1日"; undefined when it is no date. */
export function isoDayText(iso: string | null | undefined): string | undefined {
  const date = iso ? parseIsoDate(iso) : undefined;
  return date ? dateText(date) : undefined;
}

/** A year and month, "Mar 2019" or "2019年3月". */
export function monthYearText(year: number, month: number): string {
  return dateText({ year, month });
}

export function availability(availableFrom: string | null | undefined, now = new Date()): Availability {
  const date = availableFrom ? parseIsoDate(availableFrom) : undefined;
  const today = calendarDateAt(now);
  if (!date || availableFrom! <= formatIsoDate(today)) {
    const words = m.helpers_available_now();
    return { now: true, short: words, long: words };
  }
  const thisMonth = date.year === today.year && date.month === today.month;
  return {
    now: false,
    short: m.helpers_available_from_short({ date: thisMonth ? dayText(date) : monthYearText(date.year, date.month) }),
    long: m.helpers_available_from({ date: dateText(date) }),
  };
}

/** "Available now", or "Available from 1 Feb 2027" while the day is ahead (in Singapore). */
export const availabilityText = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).long;

/** The card's short form: "Available now", "From 28 Nov" or "From Feb 2027". */
export const availabilityShort = (availableFrom: string | null | undefined, now = new Date()): string =>
  availability(availableFrom, now).short;
