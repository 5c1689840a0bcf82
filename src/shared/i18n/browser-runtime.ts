/**
 * What the browser needs of Paraglide's runtime: the page's locale, set once per page by the
 * root route (page-locale.ts). The compiled runtime also resolves locales from cookies, URLs and
 * the browser's languages, none of which the site uses, and weighs about 3.8 kB (Brotli) in the
 * script every page loads; vite.config.ts gives the browser this module in its place (decision
 * 113). tests/unit/i18n-runtime.test.ts checks that it offers every name the messages import.
 */
import type { Locale } from "./locales";

let current: Locale = "en";

/** Never a build per locale: one script serves every language. */
export const experimentalStaticLocale: Locale | undefined = undefined;

export function getLocale(): Locale {
  return current;
}

export function setLocale(locale: Locale, _options?: { reload?: boolean }): void {
  current = locale;
}
