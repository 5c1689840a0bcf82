// Made by scripts/page-fonts-plugin.ts at build time.
declare module "virtual:page-fonts" {
  /** The address of the stylesheet of the served Chinese and Burmese fonts (every letter, in slices). */
  export const PAGE_FONTS_HREF: string;
  /** The address of the stylesheet of the faces cut to the site's own Chinese words (decision 125). */
  export const CHINESE_WORDS_FONTS_HREF: string;
  /** Its two font files' addresses, regular then bold. */
  export const CHINESE_WORDS_FONT_FILES: string[];
}
