// subset-font ships no types: the one call the page fonts' build makes (scripts/page-fonts-plugin.ts).
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype" },
  ): Promise<Buffer>;
}
