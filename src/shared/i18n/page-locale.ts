/**
 * The locale of the page on screen, for code that both sides run (links, formatting). The
 * server answers per request (server/i18n/request-locale.ts); the browser is told once per page
 * by the root route, and the message functions follow (decision 113).
 */
import { setLocale } from "./compiled/runtime.js";
import { localizePath, type FamilyLocale, type Locale } from "./locales";

export interface PageLocales {
  /** The page's language. */
  locale: Locale;
  /** The families' default language (decision 114): the one with the plain addresses. */
  familyDefault: FamilyLocale;
}

let shown: PageLocales = { locale: "en", familyDefault: "en" };
let read = (): PageLocales => shown;

/** The page's locales. */
export function pageLocales(): PageLocales {
  return read();
}

/** The page's locale. */
export function pageLocale(): Locale {
  return read().locale;
}

/** On the server: where each request's locales are kept. */
export function readPageLocalesFrom(reader: () => PageLocales): void {
  read = reader;
}

/** In the browser: the page now on screen is in these locales. */
export function showPageLocales(locales: PageLocales): void {
  if (shown.locale === locales.locale && shown.familyDefault === locales.familyDefault) return;
  shown = locales;
  setLocale(locales.locale, { reload: false });
}

/** A family page's address in the page's language: `/posts` on a Chinese page is `/zh/posts`. */
export function localHref(path: string): string {
  const { locale, familyDefault } = read();
  return localizePath(path, locale, familyDefault);
}
