import { useMatches } from "react-router";
import { CHINESE_WORDS_FONTS_HREF, PAGE_FONTS_HREF } from "virtual:page-fonts";
import { hasChineseOrBurmese } from "../shared/letters";
import type { Locale } from "../shared/i18n/locales";

/**
 * The stylesheets of the served Chinese and Burmese fonts (scripts/page-fonts-plugin.ts), for the
 * pages that may show those letters, in the order they are linked:
 * - every letter's slices, for a page in Burmese or one whose data holds Chinese or Burmese (a
 *   name, notes, a card list's names);
 * - the faces of the site's own Chinese words, for a page in Chinese (decision 125). Linked last,
 *   their faces come first for the letters they have.
 * The rest, English pages above all, load neither a stylesheet nor a font (decision 116). Worked
 * out from the loaders' data on the server and again at every navigation in the browser, so both
 * render the same page.
 */
export function usePageFonts(locale: Locale): string[] {
  const matches = useMatches();
  const hrefs: string[] = [];
  if (locale === "my" || matches.some((match) => hasChineseOrBurmese(match.loaderData))) hrefs.push(PAGE_FONTS_HREF);
  if (locale === "zh") hrefs.push(CHINESE_WORDS_FONTS_HREF);
  return hrefs;
}
