/** Leads as CSV for a spreadsheet. */
import { formatSingaporeTimestamp } from "../../../shared/format";
import type { Lead } from "../../../shared/lead-schema";

// The times the operator's screen shows, in Singapore, and the header says so.
const HEADER = ["Name", "Phone", "Visits", "First seen (Singapore time)", "Last seen (Singapore time)", "Filtered for"];

/**
 * One CSV cell. Text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * quote; an E.164 phone number is left as it is, being digits after its +.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+\d{4,15}$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** With a byte-order mark, so spreadsheet programs read names in any script as UTF-8. */
export function leadsCsv(leads: Lead[]): string {
  const lines = [
    HEADER,
    ...leads.map((l) => [
      l.name,
      l.phone,
      l.visits,
      formatSingaporeTimestamp(l.firstSeenAt),
      formatSingaporeTimestamp(l.lastSeenAt),
      l.filters.join("; "),
    ]),
  ];
  return `\uFEFF${lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
