// Made by scripts/page-fonts-plugin.ts at build time.
declare module "virtual:page-fonts" {
  /** The address of the stylesheet of the served Chinese and Burmese fonts. */
  export const PAGE_FONTS_HREF: string;
}
