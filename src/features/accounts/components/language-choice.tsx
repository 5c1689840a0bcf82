/**
 * The language choice of the pages a supplier reads signed out (decision 123): plain links to
 * the same page with `?lang=`, so it works without script; the server remembers the choice in a
 * cookie for the next signed-out pages and the sign-up that follows.
 */
import { useLocation } from "react-router";
import { HTML_LANG, LANGUAGE_PARAM, LOCALE_NAMES, SUPPLIER_LOCALES, type SupplierLocale } from "../../../shared/i18n/locales";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { usePageLocales } from "../../../ui/root-data";

function hrefOf(search: string, locale: SupplierLocale): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, locale);
  return `?${params.toString()}`;
}

export function LanguageChoice() {
  const { search } = useLocation();
  const { locale } = usePageLocales();
  return (
    <nav className="form-links language-choice" aria-label={m.accounts_language_heading()}>
      {SUPPLIER_LOCALES.map((choice, i) => (
        <span key={choice}>
          {i > 0 ? " · " : null}
          {choice === locale ? (
            <strong lang={HTML_LANG[choice]} aria-current="true">
              {LOCALE_NAMES[choice]}
            </strong>
          ) : (
            <a href={hrefOf(search, choice)} lang={HTML_LANG[choice]} hrefLang={HTML_LANG[choice]}>
              {LOCALE_NAMES[choice]}
            </a>
          )}
        </span>
      ))}
    </nav>
  );
}
