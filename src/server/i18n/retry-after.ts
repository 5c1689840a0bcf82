/** How long a limited visitor waits, in words of the request's language ("in 45 seconds", "in 2 minutes"). */
import { INTL_LOCALE } from "../../shared/i18n/locales";
import { pageLocale } from "../../shared/i18n/page-locale";

export function retryAfterText(ttlMs: number): string {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[pageLocale()], { numeric: "always" });
  return seconds < 90 ? format.format(seconds, "second") : format.format(Math.ceil(seconds / 60), "minute");
}
