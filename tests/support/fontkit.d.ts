// fontkit (the PDF renderer's font reader) ships no types: what the font tests call.
declare module "fontkit" {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
