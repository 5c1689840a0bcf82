import { useEffect, useSyncExternalStore } from "react";
import { Link, useLocation } from "react-router";
import { FAMILY_LOCALES, HTML_LANG, isFamilyPath, LOCALE_NAMES, localizePath, type FamilyLocale } from "../shared/i18n/locales";
import { pageLocales } from "../shared/i18n/page-locale";
import { m } from "../shared/i18n/compiled/messages.js";

/**
 * The same page in the other family language, keeping its query (filters, page). Shown on
 * family pages; a supplier chooses their language on the profile.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const { locale, familyDefault } = pageLocales();
  if (!isFamilyPath(pathname)) return null;
  return (
    <nav className="language-switch" aria-label={m.app_language_switch()}>
      {FAMILY_LOCALES.filter((other) => other !== locale).map((other) => (
        <Link key={other} to={localizePath(pathname + search, other, familyDefault)} hrefLang={HTML_LANG[other]} lang={HTML_LANG[other]}>
          {LOCALE_NAMES[other]}
        </Link>
      ))}
    </nav>
  );
}

const SUGGESTED = "dh-language-suggested";

/** The other family language, when the browser's first language is it and nothing was offered yet. */
function suggestionFor(locale: string): FamilyLocale | null {
  if (localStorage.getItem(SUGGESTED)) return null;
  const first = (navigator.languages[0] ?? navigator.language ?? "").toLowerCase();
  const wanted: FamilyLocale = first.startsWith("zh") ? "zh" : "en";
  return wanted === locale ? null : wanted;
}
const unchanging = () => () => undefined;

/**
 * The offer, decided once per page load on the page it is first made on: it is remembered as
 * made at once (so never made again), and the renders after that must not take it back.
 */
let made: { path: string; offer: FamilyLocale } | null | undefined;
function offerOn(path: string, locale: string): FamilyLocale | null {
  if (made === undefined) {
    const offer = suggestionFor(locale);
    made = offer ? { path, offer } : null;
  }
  return made?.path === path ? made.offer : null;
}

/**
 * On a first visit, a note offering the other family language when the browser's first
 * language is Chinese and the page English, or the other way round. Decided in the browser from
 * its languages (what it sends as Accept-Language), so kept pages stay the same for everybody;
 * offered on one page only, never a redirect (decision 113).
 */
export function LanguageSuggestion() {
  const { pathname, search } = useLocation();
  const { locale, familyDefault } = pageLocales();
  const family = isFamilyPath(pathname);
  const offer = useSyncExternalStore(
    unchanging,
    () => (family ? offerOn(pathname, locale) : null),
    () => null,
  );
  useEffect(() => {
    if (offer) localStorage.setItem(SUGGESTED, offer);
  }, [offer]);
  if (!offer) return null;
  return (
    <p className="language-suggestion" lang={HTML_LANG[offer]}>
      <Link to={localizePath(pathname + search, offer, familyDefault)} hrefLang={HTML_LANG[offer]}>
        {offer === "zh" ? m.app_suggest_zh() : m.app_suggest_en()}
      </Link>
    </p>
  );
}
