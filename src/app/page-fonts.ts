import { useMatches } from "react-router";
import { PAGE_FONTS_HREF } from "virtual:page-fonts";
import { BURMESE_LETTERS, CHINESE_LETTERS } from "../shared/letters";
import type { Locale } from "../shared/i18n/locales";

/**
 * The stylesheet of the served Chinese and Burmese fonts (scripts/page-fonts-plugin.ts), for the
 * pages that may show those letters: a page in Chinese or Burmese, or one whose data holds them
 * (a name, notes, a card list's names). The rest, English pages above all, load neither it nor a
 * font (decision 116). Worked out from the loaders' data on the server and again at every
 * navigation in the browser, so both render the same head.
 */
export function usePageFonts(locale: Locale): string | null {
  const matches = useMatches();
  if (locale === "zh" || locale === "my") return PAGE_FONTS_HREF;
  return matches.some((match) => hasOwnLetters(match.loaderData, 0)) ? PAGE_FONTS_HREF : null;
}

/** Deep enough for a biodata's sections and a list's cards; data goes no deeper. */
const DEPTH = 8;

/** Whether any string in a loader's data has Chinese or Burmese letters. */
export function hasOwnLetters(value: unknown, depth: number): boolean {
  if (typeof value === "string") return CHINESE_LETTERS.test(value) || BURMESE_LETTERS.test(value);
  if (value === null || typeof value !== "object" || depth >= DEPTH) return false;
  const values: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return values.some((item) => hasOwnLetters(item, depth + 1));
}
