/**
 * Numbers, dates, money and plurals as the page's language writes them: the one place that
 * picks the Intl locale (INTL_LOCALE of the page's locale); dates are Singapore's days, whatever
 * the server's or the browser's own time zone.
 */
import { parseIsoDate, SITE_TIME_ZONE } from "./age";
import { m } from "./i18n/compiled/messages.js";
import { INTL_LOCALE, type Locale } from "./i18n/locales";
import { pageLocale } from "./i18n/page-locale";

/** The Intl locale of the page on screen ("en-SG", "zh-Hans-SG", …). */
export function intlLocale(): string {
  return INTL_LOCALE[pageLocale()];
}

/**
 * Locales whose Intl data a browser may lack: Chromium has none for Burmese and writes its dates
 * in American English, so a page the server wrote in Burmese hydrated with other words (React's
 * error #418). Their dates are put together here from the catalogue's month names and patterns,
 * and their digits from a table, alike on the server and in every browser.
 */
const COMPOSED: ReadonlySet<Locale> = new Set(["my"]);
const DIGITS: Partial<Record<Locale, string>> = { my: "၀၁၂၃၄၅၆၇၈၉" };

/** Whether the page's dates are put together from the catalogue rather than by Intl. */
const composed = () => COMPOSED.has(pageLocale());

/** Digits as the page's language writes them ("29" in Burmese is "၂၉"). */
function localDigits(text: string): string {
  const digits = DIGITS[pageLocale()];
  return digits ? text.replace(/[0-9]/g, (digit) => digits[Number(digit)]!) : text;
}

/** A date from its numbers, in the catalogue's pattern: a day, a day of the month, or a month. */
function composedDate(parts: { year?: number; month: number; day?: number }): string {
  const month = m.shared_month_names().split("|")[parts.month - 1] ?? String(parts.month);
  const year = localDigits(String(parts.year ?? ""));
  const day = localDigits(String(parts.day ?? ""));
  if (parts.day === undefined) return m.shared_date_month({ month, year });
  if (parts.year === undefined) return m.shared_date_day_month({ month, day });
  return m.shared_date_day({ day, month, year });
}

// Formatters are dear to make: one per locale and kind, made when first asked for.
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();
function formatter<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  kind: string,
  make: (locale: string) => T,
): T {
  const locale = intlLocale();
  const key = `${kind} ${locale}`;
  let found = made.get(key) as T | undefined;
  if (!found) made.set(key, (found = make(locale)));
  return found;
}

// A calendar date ("1994-03-06") is a day, not an instant: formatted as that day in UTC.
const dayFormat = (options: Intl.DateTimeFormatOptions) => (locale: string) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
const utcDay = (year: number, month: number, day = 1) => new Date(Date.UTC(year, month - 1, day));

/** "1994-03-06" -> "6 Mar 1994" (1994年3月6日). */
export function formatBirthDate(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = parseIsoDate(iso);
  return date ? formatCalendarDay(date.year, date.month, date.day) : undefined;
}

/** A calendar day in the page's language: "6 Mar 1994". */
export function formatCalendarDay(year: number, month: number, day: number): string {
  if (composed()) return composedDate({ year, month, day });
  return formatter("day", dayFormat({ day: "numeric", month: "short", year: "numeric" })).format(utcDay(year, month, day));
}

/** A day of this year, without it: "28 Nov" (11月28日). */
export function formatDayOfMonth(month: number, day: number): string {
  if (composed()) return composedDate({ month, day });
  return formatter("day-month", dayFormat({ day: "numeric", month: "short" })).format(utcDay(2000, month, day));
}

/** A month: "Feb 2027" (2027年2月). */
export function formatMonth(year: number, month: number): string {
  if (composed()) return composedDate({ year, month });
  return formatter("month", dayFormat({ month: "short", year: "numeric" })).format(utcDay(year, month));
}

/** A whole number with the page's grouping: "1,234". */
export function formatNumber(value: number): string {
  if (composed()) return localDigits(new Intl.NumberFormat("en-SG").format(value));
  return formatter("number", (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** A monthly salary in Singapore dollars: "$600" in English, "600新元" in Chinese, "S$600" elsewhere. */
export function formatSalary(salary: number | null | undefined): string | undefined {
  return salary == null ? undefined : m.shared_money({ amount: formatNumber(salary) });
}

/** "No days off", "1 day off a month", "2 days off a month". */
export function formatOffDays(offDays: number | null | undefined): string | undefined {
  if (offDays == null) return undefined;
  if (offDays === 0) return m.shared_no_days_off();
  return m.shared_days_off_month({ count: offDays });
}

/** For a card, where "a month" is understood: "No days off", "1 day off", "2 days off". */
export function formatOffDaysShort(offDays: number): string {
  if (offDays === 0) return m.shared_no_days_off();
  return m.shared_days_off_short({ count: offDays });
}

/** Words listed in the page's language: "a, b, c" (a、b、c). */
export function listText(words: readonly string[]): string {
  return words.join(m.shared_list_separator());
}

/** "Maria Dela Cruz" -> "MC": the first and last words' first letters, for a photo placeholder. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : "";
  return (first + last).toUpperCase();
}

export const MISSING = "—";

/** A value to show in a card cell: a dash stands for anything missing. */
export function display(value: string | number | null | undefined): string {
  if (value == null) return MISSING;
  const text = String(value).trim();
  return text === "" ? MISSING : text;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now" under 45 seconds, then "5 minutes ago", "3 days ago", … */
export function relativeTime(from: Date | string, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - new Date(from).getTime()) / 1000);
  if (seconds < 45) return m.shared_just_now();
  const relative = formatter("relative", (locale) => new Intl.RelativeTimeFormat(locale, { numeric: "always" }));
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === "minute") {
      return relative.format(-Math.max(1, Math.round(seconds / size)), unit);
    }
  }
  return m.shared_just_now();
}

/**
 * International digits ("6580000000") as people read them: "+65 8000 0000". Small on purpose,
 * for code that reaches every page; the server formats other countries' numbers fully.
 */
export function displayPhone(digits: string): string {
  const plain = digits.replace(/\D/g, "");
  const local = /^65(\d{4})(\d{4})$/.exec(plain);
  return local ? `+65 ${local[1]} ${local[2]}` : `+${plain}`;
}

// Dates and times of events (publishing, a lead's visits, a delivery) are shown in Singapore,
// and made on the server so the browser hydrates with the same text.
const singaporeDay = (locale: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const singaporeTime = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: SITE_TIME_ZONE,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    // Not hour12: false, which writes the half hour after midnight as "24:30".
    hourCycle: "h23",
  });

/** "6 Mar 2025": the day of an instant in Singapore. */
export function formatSingaporeDay(instant: Date | string): string {
  if (composed()) return composedDate(singaporeParts(instant));
  return formatter("sg-day", singaporeDay).format(new Date(instant));
}

const SINGAPORE_PARTS = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant's year, month, day, hour and minute in Singapore (the hour and minute as two digits). */
function singaporeParts(instant: Date | string) {
  const part = Object.fromEntries(SINGAPORE_PARTS.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return { year: Number(part.year), month: Number(part.month), day: Number(part.day), hour: part.hour!, minute: part.minute! };
}

/** "2025-03-06 14:05": an instant in Singapore time that sorts as text (spreadsheets, exports). */
export function formatSingaporeTimestamp(instant: Date | string): string {
  const part = Object.fromEntries(SINGAPORE_PARTS.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** "6 Mar 2025, 14:05": an instant in Singapore time. */
export function formatSingaporeTime(instant: Date | string): string {
  if (composed()) {
    const parts = singaporeParts(instant);
    return m.shared_date_time({ date: composedDate(parts), time: localDigits(`${parts.hour}:${parts.minute}`) });
  }
  return formatter("sg-time", singaporeTime).format(new Date(instant));
}
