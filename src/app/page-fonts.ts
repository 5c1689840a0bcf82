import { useMatches } from "react-router";
import { PAGE_FONTS_HREF } from "virtual:page-fonts";
import { hasChineseOrBurmese } from "../shared/letters";
import type { Locale } from "../shared/i18n/locales";

/**
 * The stylesheet of the served Chinese and Burmese fonts (scripts/page-fonts-plugin.ts), for the
 * pages that may show those letters: a page in Chinese or Burmese, or one whose data holds them
 * (a name, notes, a card list's names). The rest, English pages above all, load neither it nor a
 * font (decision 116). Worked out from the loaders' data on the server and again at every
 * navigation in the browser, so both render the same page.
 */
export function usePageFonts(locale: Locale): string | null {
  const matches = useMatches();
  if (locale === "zh" || locale === "my") return PAGE_FONTS_HREF;
  return matches.some((match) => hasChineseOrBurmese(match.loaderData)) ? PAGE_FONTS_HREF : null;
}
