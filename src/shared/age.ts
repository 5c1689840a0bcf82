/**
 * Ages and birth dates work on calendar dates ("YYYY-MM-DD"), never on instants, so a birthday
 * does not move with the server's time zone. "Today" is the date in Singapore.
 */

export const SITE_TIME_ZONE = "Asia/Singapore";

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseIsoDate(value: string): CalendarDate | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

// Formatting is slow next to everything else a cached listing request does, and the date can
// only change where a time zone's midnight or offset change falls: on a quarter hour of UTC.
// So each zone keeps its formatter and the date of the last quarter hour asked about.
const QUARTER_HOUR_MS = 15 * 60_000;
const dateFormats = new Map<string, { format: Intl.DateTimeFormat; quarter: number; date: CalendarDate }>();

/** The calendar date of an instant in the site's time zone. */
export function calendarDateAt(instant: Date, timeZone = SITE_TIME_ZONE): CalendarDate {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  let zone = dateFormats.get(timeZone);
  if (zone?.quarter === quarter) return { ...zone.date };
  const format = zone?.format ?? new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const parts = format.formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const date = { year: get("year"), month: get("month"), day: get("day") };
  zone = { format, quarter, date };
  dateFormats.set(timeZone, zone);
  return { ...date };
}

/**
 * Whole years from birth to `today`: the difference in years, minus one when this year's
 * birthday has not come yet. Someone born on 29 February has their birthday on 1 March in
 * other years (28 February is still "before").
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const years = today.year - birth.year;
  const birthdayPassed = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return birthdayPassed ? years : years - 1;
}

export function ageFromIso(dateOfBirth: string | null | undefined, now = new Date()): number | undefined {
  if (!dateOfBirth) return undefined;
  const birth = parseIsoDate(dateOfBirth);
  return birth ? ageOn(birth, calendarDateAt(now)) : undefined;
}

/** The same calendar day `years` earlier; 29 February becomes 28 February in other years. */
export function yearsBefore(date: CalendarDate, years: number): CalendarDate {
  const year = date.year - years;
  return { year, month: date.month, day: Math.min(date.day, daysInMonth(year, date.month)) };
}

function dayAfter({ year, month, day }: CalendarDate): CalendarDate {
  if (day < daysInMonth(year, month)) return { year, month, day: day + 1 };
  if (month < 12) return { year, month: month + 1, day: 1 };
  return { year: year + 1, month: 1, day: 1 };
}

/**
 * The birth dates whose age on `today` lies within [ageMin, ageMax]: born on or before
 * `bornOnOrBefore` and on or after `bornOnOrAfter` (ISO dates), for a database range query.
 */
export function birthDateRange(today: CalendarDate, ageMin?: number, ageMax?: number): { bornOnOrBefore?: string; bornOnOrAfter?: string } {
  const range: { bornOnOrBefore?: string; bornOnOrAfter?: string } = {};
  if (ageMin !== undefined) range.bornOnOrBefore = formatIsoDate(yearsBefore(today, ageMin));
  if (ageMax !== undefined) range.bornOnOrAfter = formatIsoDate(dayAfter(yearsBefore(today, ageMax + 1)));
  return range;
}
