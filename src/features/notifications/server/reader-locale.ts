/**
 * A mail is written in its reader's language (decision 120): a supplier's in the language they
 * chose on their profile (`user.locale`), whatever page or call set it off; a family's in the
 * language of the page they wrote from, which is the request's own.
 */
import { isLocale } from "../../../shared/i18n/locales";
import { withLocale } from "../../../server/i18n/request-locale";

/** Runs `write` with the message functions in `locale` (English when it names none the site speaks). */
export function inReaderLocale<T>(locale: unknown, write: () => T): T {
  return withLocale({ locale: isLocale(locale) ? locale : "en", familyDefault: "en" }, write);
}
