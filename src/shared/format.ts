import { parseIsoDate, SITE_TIME_ZONE } from "./age";

export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "1994-03-06" -> "6 Mar 1994". */
export function formatBirthDate(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = parseIsoDate(iso);
  return date ? `${date.day} ${MONTHS[date.month - 1]} ${date.year}` : undefined;
}

export function formatSalary(salary: number | null | undefined): string | undefined {
  return salary == null ? undefined : `$${salary.toLocaleString("en-SG")}`;
}

/** "No days off", "1 day off a month", "2 days off a month". */
export function formatOffDays(offDays: number | null | undefined): string | undefined {
  if (offDays == null) return undefined;
  if (offDays === 0) return "No days off";
  return `${offDays} ${offDays === 1 ? "day" : "days"} off a month`;
}

/** For a card, where "a month" is understood: "No days off", "1 day off", "2 days off". */
export function formatOffDaysShort(offDays: number): string {
  if (offDays === 0) return "No days off";
  return `${offDays} ${offDays === 1 ? "day" : "days"} off`;
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
  if (seconds < 45) return "just now";
  const formatter = new Intl.RelativeTimeFormat("en", { numeric: "always" });
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === "minute") {
      return formatter.format(-Math.max(1, Math.round(seconds / size)), unit);
    }
  }
  return "just now";
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
const SINGAPORE_DAY = new Intl.DateTimeFormat("en-SG", { timeZone: SITE_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const SINGAPORE_TIME = new Intl.DateTimeFormat("en-SG", {
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
  return SINGAPORE_DAY.format(new Date(instant));
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

/** "2025-03-06 14:05": an instant in Singapore time that sorts as text (spreadsheets, exports). */
export function formatSingaporeTimestamp(instant: Date | string): string {
  const part = Object.fromEntries(SINGAPORE_PARTS.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** "6 Mar 2025, 14:05": an instant in Singapore time. */
export function formatSingaporeTime(instant: Date | string): string {
  return SINGAPORE_TIME.format(new Date(instant));
}
