import { useLocation } from "react-router";
import { FAMILY_LOCALES, HTML_LANG, isFamilyPath, localizePath, unprefixedPath, type FamilyLocale } from "../shared/i18n/locales";
import { pageLocales } from "../shared/i18n/page-locale";

/**
 * A family page's canonical address in its language, and its address in each other family
 * language (`hreflang`, with the default language as `x-default`), so search engines show each
 * reader their own (decision 113). Supplier and operator pages have one address and none of these.
 */
export function LocaleLinks({ publicUrl, familyDefault }: { publicUrl: string; familyDefault: FamilyLocale }) {
  const { pathname, search } = useLocation();
  if (!isFamilyPath(pathname)) return null;
  const plain = unprefixedPath(pathname) + search;
  const at = (locale: FamilyLocale) => publicUrl + localizePath(plain, locale, familyDefault);
  return (
    <>
      <link rel="canonical" href={at(pageLocales().locale as FamilyLocale)} />
      {FAMILY_LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={HTML_LANG[locale]} href={at(locale)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={at(familyDefault)} />
    </>
  );
}
