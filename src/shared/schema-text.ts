/**
 * What the shared zod schemas say to people, from the message catalogue (decision 120). A
 * message is worked out when a value is refused, not when the schema is built: the same schema
 * object serves every request, and each refusal reads the locale of the request it answers (the
 * page's, or the API caller's Accept-Language), which the server keeps per request.
 */
import { INTL_LOCALE } from "./i18n/locales";
import { pageLocale } from "./i18n/page-locale";

/** A label or message: fixed words, or a catalogue message read at the time it is shown. */
export type Text = string | (() => string);

export function say(text: Text): string {
  return typeof text === "function" ? text() : text;
}

/** A count in the reader's digits and grouping: 50,000 in English. */
export function countText(value: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[pageLocale()]).format(value);
}

/** Singapore dollars without cents, as the reader's locale writes them: $3,000 in English. */
export function dollarsText(value: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[pageLocale()], { style: "currency", currency: "SGD", maximumFractionDigits: 0 }).format(value);
}
